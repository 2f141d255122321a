import Foundation

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
        let summary = patch.counts.summary
        var message = summary
        if !patch.notes.isEmpty { message += "\n" + patch.notes.joined(separator: "\n") }
        message += "\n\n" + builder.text
        return SnapshotDifference(summary: summary, message: message)
    }

    /// ASCII notes for characters a terminal hides: trailing blanks and carriage returns.
    static func invisibleCharacterNotes(_ hunks: [Hunk], old: TextLines, new: TextLines, lineOffset: Int = 0)
        -> [String]
    {
        var notes: [String] = []
        var total = 0
        func check(_ line: UnsafeBufferPointer<UInt8>, _ marker: String, _ number: Int) {
            // Most lines end in none of these: no array is made for them.
            var last = line.count - 1
            if last >= 0 && line[last] == UInt8(ascii: "\n") { last -= 1 }
            guard last >= 0,
                line[last] == UInt8(ascii: "\r") || line[last] == UInt8(ascii: " ") || line[last] == UInt8(ascii: "\t")
            else { return }
            // Bytes, not Characters: "\r\n" is a single Character in Swift.
            var bytes = Array(line)
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
        for hunk in hunks {
            hunk.walk { operation, oldIndex, newIndex in
                switch operation {
                case .equal: break
                case .delete: check(old.bytes(of: oldIndex), "-", lineOffset + oldIndex + 1)
                case .insert: check(new.bytes(of: newIndex), "+", lineOffset + newIndex + 1)
                }
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

    /// From the hunks, which hold every change, each run of changes whole.
    init(_ hunks: [Hunk], old: TextLines, new: TextLines) {
        var deleted: [UnsafeBufferPointer<UInt8>] = []
        var inserted: [UnsafeBufferPointer<UInt8>] = []
        func flush() {
            // Most operations are equal lines with no run of changes before them.
            guard !deleted.isEmpty || !inserted.isEmpty else { return }
            let pairs = min(deleted.count, inserted.count)
            changed += pairs
            removed += deleted.count - pairs
            added += inserted.count - pairs
            if deleted.count != inserted.count { whitespaceOnly = false }
            for index in 0..<pairs where !Self.equalUnlessTrailingBlanks(deleted[index], inserted[index]) {
                whitespaceOnly = false
            }
            deleted.removeAll()
            inserted.removeAll()
        }
        for hunk in hunks {
            hunk.walk { operation, oldIndex, newIndex in
                switch operation {
                case .equal: flush()
                case .delete: deleted.append(old.bytes(of: oldIndex))
                case .insert: inserted.append(new.bytes(of: newIndex))
                }
            }
            flush()
        }
    }

    /// Equal once trailing blanks and line ends are dropped, compared with memcmp.
    private static func equalUnlessTrailingBlanks(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        func length(_ line: UnsafeBufferPointer<UInt8>) -> Int {
            var count = line.count
            while count > 0,
                line[count - 1] == 10 || line[count - 1] == 13 || line[count - 1] == 32 || line[count - 1] == 9
            {
                count -= 1
            }
            return count
        }
        let count = length(a)
        guard count == length(b) else { return false }
        guard count > 0, let p = a.baseAddress, let q = b.baseAddress else { return true }
        return memcmp(p, q, count) == 0
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
