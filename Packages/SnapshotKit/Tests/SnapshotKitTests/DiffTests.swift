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
    static func fullHunks(_ a: String, _ b: String) -> [[String]] {
        let old = TextDiff.lines(Substring(a))
        let new = TextDiff.lines(Substring(b))
        let operations = LineDiff.operations(old.map(LineKey.init), new.map(LineKey.init))
        var escaped = false
        return Hunk.group(operations, context: TextDiff.contextLines).map {
            $0.render(old: old, new: new, escaped: &escaped)
        }
    }

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
}
