import Testing

@testable import SnapshotKitCore

@Suite struct DiffTests {
    private func diff(_ old: String, _ new: String) -> String? {
        TextDiff.unified(old, new, path: "file.txt")?.message
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(diff("a\nb\n", "a\nb\n") == nil)
        #expect(diff("", "") == nil)
    }

    @Test func insertion() {
        #expect(
            diff("a\nb\nc\n", "a\nb\nx\nc\n") == """
                1 line added

                --- a/file.txt
                +++ b/file.txt
                @@ -1,3 +1,4 @@
                 a
                 b
                +x
                 c

                """)
    }

    @Test func deletion() {
        #expect(
            diff("a\nb\nc\nd\ne\nf\ng\nh\n", "a\nb\nc\nd\nf\ng\nh\n") == """
                1 line removed

                --- a/file.txt
                +++ b/file.txt
                @@ -2,7 +2,6 @@
                 b
                 c
                 d
                -e
                 f
                 g
                 h

                """)
    }

    @Test func movedBlockIsADeletionAndAnInsertion() throws {
        let old = "header\none\ntwo\nthree\nmiddle\nfooter\n"
        let new = "header\nmiddle\none\ntwo\nthree\nfooter\n"
        let message = try #require(diff(old, new))
        #expect(
            message.hasPrefix("1 line added, 1 line removed\n") || message.hasPrefix("3 lines added, 3 lines removed\n")
        )
        // Myers keeps the longest common subsequence: the three-line block stays, "middle" moves.
        #expect(message.contains("-middle\n"))
        #expect(message.contains("+middle\n"))
    }

    @Test func emptyInput() {
        #expect(
            diff("", "a\nb\n") == """
                2 lines added

                --- a/file.txt
                +++ b/file.txt
                @@ -0,0 +1,2 @@
                +a
                +b

                """)
        #expect(
            diff("a\n", "") == """
                1 line removed

                --- a/file.txt
                +++ b/file.txt
                @@ -1,1 +0,0 @@
                -a

                """)
    }

    @Test func whitespaceOnlyChangesAreMarked() throws {
        let message = try #require(diff("a\nb\nc\n", "a\nb  \nc\n"))
        #expect(message.hasPrefix("1 line changed (whitespace or line endings only)\n"))
        #expect(message.contains("  +2: trailing whitespace [SP][SP]\n"))
        #expect(message.contains("-b\n+b  \n"))
    }

    @Test func lineEndingChangesAreMarked() throws {
        let message = try #require(diff("a\nb\n", "a\r\nb\n"))
        #expect(message.contains("  +1: CRLF line ending"))
        #expect(message.hasPrefix("1 line changed (whitespace or line endings only)"))
    }

    @Test func missingTrailingNewline() {
        #expect(
            diff("a\nb\n", "a\nb") == """
                1 line changed (whitespace or line endings only)

                --- a/file.txt
                +++ b/file.txt
                @@ -1,2 +1,2 @@
                 a
                -b
                +b
                \\ No newline at end of file

                """)
    }

    @Test func distantChangesMakeSeparateHunks() throws {
        let old = (1...30).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 3\n", with: "LINE 3\n")
            .replacingOccurrences(of: "line 25\n", with: "LINE 25\n")
        let message = try #require(diff(old, new))
        #expect(message.contains("@@ -1,6 +1,6 @@"))
        #expect(message.contains("@@ -22,7 +22,7 @@"))
        #expect(message.hasPrefix("2 lines changed\n"))
    }

    @Test func hugeDiffsAreTruncatedWithACount() throws {
        let old = (1...2000).map { "line \($0)\n" }.joined()
        let new = (1...2000).map { $0 % 10 == 0 ? "changed \($0)\n" : "line \($0)\n" }.joined()
        let message = try #require(TextDiff.unified(old, new, path: "f", maxLines: 100)?.message)
        #expect(message.contains("... diff truncated: "))
        #expect(message.split(separator: "\n").count < 120)
        #expect(message.hasPrefix("200 lines changed\n"))
    }

    @Test(arguments: [
        ([1, 2, 3], [1, 2, 3]),
        ([], [1]),
        ([1], []),
        ([1, 2, 3, 4], [4, 3, 2, 1]),
        ([1, 2, 3, 1, 2, 2, 1], [3, 2, 1, 2, 1, 3]),
    ])
    func editScriptRebuildsTheNewSequence(old: [Int], new: [Int]) {
        var oldIndex = 0
        var newIndex = 0
        var rebuilt: [Int] = []
        for operation in LineDiff.operations(old, new) {
            switch operation {
            case .equal:
                rebuilt.append(old[oldIndex])
                oldIndex += 1
                newIndex += 1
            case .delete: oldIndex += 1
            case .insert:
                rebuilt.append(new[newIndex])
                newIndex += 1
            }
        }
        #expect(rebuilt == new)
        #expect(oldIndex == old.count)
    }

    /// Plain lines (made from their bytes) beside lines with a tab, a CR, an escape, a letter
    /// outside ASCII and no final newline: the message, byte for byte.
    @Test func linesOfEveryKindAreShownAsTheyWere() {
        let reference =
            "first line is long enough\nsecond\ttabbed line\ncrlf line here\r\nescape \u{1B}[0m here\ncafé au lait\n"
            + "unchanged tail line\nlast line without newline"
        let actual =
            "first line is long enough!\nsecond\ttabbed line \ncrlf line here\nescape \u{1B}[1m here\ncafé noir\n"
            + "unchanged tail line\nlast line without newline\n"
        #expect(
            diff(reference, actual) == """
                6 lines changed
                Invisible characters in changed lines (-reference line, +actual line):
                  -3: CRLF line ending
                  +2: trailing whitespace [SP]
                Control and invisible characters are shown escaped ([NUL], \\r, \\u{1B}); this patch does not apply as is.

                --- a/file.txt
                +++ b/file.txt
                @@ -1,7 +1,7 @@
                -first line is long enough
                -second\ttabbed line
                -crlf line here\r
                -escape \\u{1B}[0m here
                -café au lait
                +first line is long enough!
                +second\ttabbed line\u{20}
                +crlf line here
                +escape \\u{1B}[1m here
                +café noir
                 unchanged tail line
                -last line without newline
                \\ No newline at end of file
                +last line without newline

                """)
    }

    /// Random sequences: the script rebuilds the new one, has the fewest edits (from the longest
    /// common subsequence), and within each run of changes puts every deletion first.
    @Test func editScriptsAreMinimalWithDeletionsFirst() {
        var generator = SplitMix(seed: 5)
        for _ in 0..<2_000 {
            let old = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Int.random(in: 0...3, using: &generator)
            }
            let new = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Int.random(in: 0...3, using: &generator)
            }
            let operations = LineDiff.operations(old, new)
            var rebuilt: [Int] = []
            var oldIndex = 0
            var newIndex = 0
            var insertedInRun = false
            var ordered = true
            for operation in operations {
                switch operation {
                case .equal:
                    #expect(old[oldIndex] == new[newIndex])
                    rebuilt.append(old[oldIndex])
                    oldIndex += 1
                    newIndex += 1
                    insertedInRun = false
                case .delete:
                    if insertedInRun { ordered = false }
                    oldIndex += 1
                case .insert:
                    rebuilt.append(new[newIndex])
                    newIndex += 1
                    insertedInRun = true
                }
            }
            var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
            for i in old.indices.reversed() {
                for j in new.indices.reversed() {
                    common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
                }
            }
            let edits = operations.count { $0 != .equal }
            let fine =
                rebuilt == new && oldIndex == old.count && ordered && edits == old.count + new.count - 2 * common[0][0]
            #expect(fine, "\(old) -> \(new): \(operations)")
            if !fine { return }
        }
    }

    @Test func editScriptIsMinimal() {
        // ABCABBA -> CBABAC: Myers' paper finds 5 edits.
        let old = Array("ABCABBA")
        let new = Array("CBABAC")
        let edits = LineDiff.operations(old, new).filter { $0 != .equal }.count
        #expect(edits == 5)
    }
}

/// Mostly-equal inputs diff in linear work: 4 times the lines with the same 2 changes costs
/// about 4 times the line comparisons and hashes, not 16 (counted, not timed).
@Suite struct DiffComplexityTests {
    final class Counter: @unchecked Sendable {
        var work = 0
    }

    struct CountedLine: Hashable {
        let text: String
        let counter: Counter
        static func == (a: CountedLine, b: CountedLine) -> Bool {
            a.counter.work += 1
            return a.text == b.text
        }
        func hash(into hasher: inout Hasher) {
            counter.work += 1
            hasher.combine(text)
        }
    }

    private func work(lines n: Int) -> Int {
        let counter = Counter()
        let old = (0..<n).map { CountedLine(text: "line \($0)", counter: counter) }
        var new = old
        new[n / 4] = CountedLine(text: "changed", counter: counter)
        new[3 * n / 4] = CountedLine(text: "changed too", counter: counter)
        _ = LineDiff.operations(old, new)
        return counter.work
    }

    @Test func workGrowsLinearly() {
        let small = work(lines: 20_000)
        let large = work(lines: 80_000)
        #expect(Double(large) / Double(small) < 5, "\(small) -> \(large)")
    }
}

/// Diffing only the region that differs (found with memcmp) gives the same patch as diffing
/// every line: random texts and random edits, compared hunk by hunk.
@Suite struct RegionDiffTests {
    /// Lines with their "\n" kept, split apart from the code under test.
    static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: "\n") {
            let end = text.utf8.index(after: index)
            result.append(text[start..<end])
            start = end
        }
        if start != text.endIndex { result.append(text[start...]) }
        return result
    }

    /// Every line of both texts keyed and diffed, and counted and noted one operation at a time
    /// (as one hunk spanning the whole script).
    static func wholeText(_ a: String, _ b: String) -> (hunks: [[String]], counts: ChangeCounts, notes: [String]) {
        UTF8Text.withBytes(a) { aBytes in
            UTF8Text.withBytes(b) { bBytes in
                func textLines(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> TextLines {
                    var end = 0
                    return TextLines(
                        Substring(text), bytes: bytes,
                        ends: lines(text).map { line in
                            end += line.utf8.count
                            return end
                        })
                }
                let old = textLines(a, aBytes)
                let new = textLines(b, bBytes)
                let operations = LineDiff.operations(lines(a).map { Array($0.utf8) }, lines(b).map { Array($0.utf8) })
                var escaped = false
                let hunks = Hunk.group(operations, context: TextDiff.contextLines).map {
                    $0.render(old: old, new: new, escaped: &escaped)
                }
                let whole = [Hunk(operations: operations[...], oldStart: 0, newStart: 0)]
                var notes = TextDiff.invisibleCharacterNotes(whole, old: old, new: new)
                if escaped {
                    notes.append(
                        "Control and invisible characters are shown escaped ([NUL], \\r, \\u{1B}); this patch does not apply as is."
                    )
                }
                return (hunks, ChangeCounts(whole, old: old, new: new), notes)
            }
        }
    }

    static func fullHunks(_ a: String, _ b: String) -> [[String]] { wholeText(a, b).hunks }

    @Test func theRegionGivesTheSamePatchAsEveryLine() {
        var generator = SplitMix(seed: 7)
        let pieces = ["a", "b", "\n", "\n", "\n", "x\n", "é", "\r\n", ""]
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...120, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            var b = Array(a.unicodeScalars)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0...b.count, using: &generator)
                if Bool.random(using: &generator), index < b.count {
                    b.remove(at: index)
                } else {
                    b.insert(contentsOf: (pieces.randomElement(using: &generator) ?? "").unicodeScalars, at: index)
                }
            }
            var bText = ""
            bText.unicodeScalars.append(contentsOf: b)
            let expected = UTF8Text.sameBytes(a, bText) ? nil : Self.fullHunks(a, bText)
            let actual = TextPatch(a, bText)?.hunks
            #expect(actual == expected, "\(a.debugDescription) -> \(bText.debugDescription)")
            if actual != expected { return }
        }
    }

    /// Edits at the first and last lines, where the region's context is cut short, and texts
    /// with CRLF, blanks, control characters and no final newline: the patch, its counts and
    /// its notes are those of the whole texts.
    @Test func editsNearTheEndsGiveTheWholeTextsPatch() {
        var generator = SplitMix(seed: 41)
        let pool = [
            "line\n", "line\n", "other\n", "\n", "blank \n", "tab\t\n", "crlf\r\n", "crlf \r\n", "caf\u{E9}\n",
            "esc\u{1B}[0m\n", "nul\u{0}\n", "last",
        ]
        var cases: [(String, String)] = [
            ("", ""), ("", "a"), ("a", ""), ("a\n", "a"), ("a", "a\n"), ("a\r\n", "a\n"), ("a\nb\n", "x\nb\n"),
            ("a\nb\n", "a\nx\n"), ("a\nb\nc\nd\ne\n", "a\nb\nc\nd\ne\nf"),
        ]
        // All equal but the first or the last line.
        let long = (1...20).map { "\($0)\n" }.joined()
        cases += [
            (long, "x\n" + long.dropFirst(2)), (long, long.dropLast(3) + "x\n"), (long, String(long.dropLast())),
            (long, long + "21"), (long, "0\n" + long), (long.replacingOccurrences(of: "\n", with: "\r\n"), long),
        ]
        for _ in 0..<3_000 {
            var lines = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                pool.randomElement(using: &generator) ?? ""
            }
            let a = lines.joined()
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                // Mostly within 3 lines of either end.
                let near = Int.random(in: 0...3, using: &generator)
                let index =
                    switch Int.random(in: 0...2, using: &generator) {
                    case 0: min(near, lines.count)
                    case 1: max(lines.count - near, 0)
                    default: Int.random(in: 0...lines.count, using: &generator)
                    }
                let line = pool.randomElement(using: &generator) ?? ""
                switch Int.random(in: 0...2, using: &generator) {
                case 0 where index < lines.count: lines.remove(at: index)
                case 1 where index < lines.count: lines[index] = line
                default: lines.insert(line, at: index)
                }
            }
            cases.append((a, lines.joined()))
        }
        for (a, b) in cases {
            let patch = TextPatch(a, b)
            if UTF8Text.sameBytes(a, b) {
                #expect(patch == nil, "\(a.debugDescription) -> \(b.debugDescription)")
                continue
            }
            let expected = Self.wholeText(a, b)
            let same =
                patch?.hunks == expected.hunks && patch?.counts.summary == expected.counts.summary
                && patch?.counts.changed == expected.counts.changed && patch?.counts.added == expected.counts.added
                && patch?.counts.removed == expected.counts.removed
                && patch?.counts.whitespaceOnly == expected.counts.whitespaceOnly && patch?.notes == expected.notes
            #expect(same, "\(a.debugDescription) -> \(b.debugDescription)")
            if !same { return }
        }
    }
}
