/// Unified diffs of text: pure functions, ASCII framing that `patch` and `git apply` accept.
public enum TextDiff {
    /// Lines shown around each change.
    public static let contextLines = 3

    /// A unified diff turning `reference` into `actual`, or nil when they are equal.
    /// `path` names both sides (`--- a/path`, `+++ b/path`), relative to where a patch is applied.
    public static func unified(
        _ reference: String, _ actual: String, path: String, maxLines: Int = 400, maxBytes: Int = 16_000
    ) -> SnapshotDifference? {
        guard let patch = TextPatch(reference, actual) else { return nil }
        var builder = PatchBuilder(maxLines: maxLines, maxBytes: maxBytes, path: path)
        builder.add(header: ["--- a/\(path)", "+++ b/\(path)"], hunks: patch.hunks)
        var message = patch.counts.summary
        if !patch.notes.isEmpty { message += "\n" + patch.notes.joined(separator: "\n") }
        message += "\n\n" + builder.text
        return SnapshotDifference(summary: patch.counts.summary, message: message)
    }

    /// Lines with their "\n" kept, so a missing final newline is a visible difference.
    static func lines(_ text: Substring) -> [Substring] {
        // Find line ends in the raw bytes with memchr, then cut: walking String indices one by
        // one is several times slower, and diffs must be fast (see Benchmarks/).
        var ends: [Int] = []
        UTF8Text.withBytes(text) { bytes in
            var offset = 0
            while let newline = ByteRegion.firstNewline(in: bytes, from: offset) {
                ends.append(newline + 1)
                offset = newline + 1
            }
        }
        let utf8Count = text.utf8.count
        if ends.last != utf8Count, utf8Count > 0 { ends.append(utf8Count) }
        var result: [Substring] = []
        result.reserveCapacity(ends.count)
        var start = text.startIndex
        var startOffset = 0
        for end in ends {
            let endIndex = text.utf8.index(start, offsetBy: end - startOffset)
            result.append(text[start..<endIndex])
            start = endIndex
            startOffset = end
        }
        return result
    }

    /// ASCII notes for characters a terminal hides: trailing blanks and carriage returns.
    static func invisibleCharacterNotes(
        _ operations: [LineDiff.Operation], old: [Substring], new: [Substring], lineOffset: Int = 0
    ) -> [String] {
        var notes: [String] = []
        var total = 0
        var oldIndex = 0
        var newIndex = 0
        func check(_ line: Substring, _ marker: String, _ number: Int) {
            // Bytes, not Characters: "\r\n" is a single Character in Swift.
            var bytes = Array(line.utf8)
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            var describe: [String] = []
            if bytes.last == UInt8(ascii: "\r") {
                bytes.removeLast()
                describe.append("CRLF line ending")
            }
            var blanks: [String] = []
            while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                blanks.insert(last == UInt8(ascii: " ") ? "[SP]" : "[TAB]", at: 0)
                bytes.removeLast()
            }
            if !blanks.isEmpty { describe.append("trailing whitespace \(blanks.joined())") }
            guard !describe.isEmpty else { return }
            total += 1
            if notes.count < 20 { notes.append("  \(marker)\(number): \(describe.joined(separator: ", "))") }
        }
        for operation in operations {
            switch operation {
            case .equal:
                oldIndex += 1
                newIndex += 1
            case .delete:
                check(old[oldIndex], "-", lineOffset + oldIndex + 1)
                oldIndex += 1
            case .insert:
                check(new[newIndex], "+", lineOffset + newIndex + 1)
                newIndex += 1
            }
        }
        guard total > 0 else { return [] }
        if total > notes.count { notes.append("  ... \(total - notes.count) more") }
        return ["Invisible characters in changed lines (-reference line, +actual line):"] + notes
    }
}

/// How many lines changed, for the one-line summary.
struct ChangeCounts {
    var changed = 0, added = 0, removed = 0
    var whitespaceOnly = true

    init(_ operations: [LineDiff.Operation], old: [Substring], new: [Substring]) {
        var oldIndex = 0
        var newIndex = 0
        var deleted: [Substring] = []
        var inserted: [Substring] = []
        func flush() {
            // Most operations are equal lines with no run of changes before them.
            guard !deleted.isEmpty || !inserted.isEmpty else { return }
            let pairs = min(deleted.count, inserted.count)
            changed += pairs
            removed += deleted.count - pairs
            added += inserted.count - pairs
            if deleted.count != inserted.count { whitespaceOnly = false }
            for (a, b) in zip(deleted, inserted) where !Self.strip(a).elementsEqual(Self.strip(b)) {
                whitespaceOnly = false
            }
            deleted.removeAll()
            inserted.removeAll()
        }
        for operation in operations {
            switch operation {
            case .equal:
                flush()
                oldIndex += 1
                newIndex += 1
            case .delete:
                deleted.append(old[oldIndex])
                oldIndex += 1
            case .insert:
                inserted.append(new[newIndex])
                newIndex += 1
            }
        }
        flush()
    }

    private static func strip(_ line: Substring) -> Substring.UTF8View.SubSequence {
        var bytes = line.utf8[...]
        while let last = bytes.last, last == 10 || last == 13 || last == 32 || last == 9 { bytes = bytes.dropLast() }
        return bytes
    }

    var summary: String {
        func count(_ n: Int, _ what: String) -> String? {
            n == 0 ? nil : "\(n) \(n == 1 ? "line" : "lines") \(what)"
        }
        let parts = [count(changed, "changed"), count(added, "added"), count(removed, "removed")].compactMap { $0 }
        var text = parts.isEmpty ? "no lines changed" : parts.joined(separator: ", ")
        if changed > 0, whitespaceOnly { text += " (whitespace or line endings only)" }
        return text
    }
}
