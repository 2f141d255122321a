import Foundation

/// The hunks, counts and notes of one text comparison, before they are framed as a message.
struct TextPatch {
    var hunks: [[String]]
    var counts: ChangeCounts
    var notes: [String]

    /// nil when the texts are equal.
    init?(_ reference: String, _ actual: String) {
        guard reference != actual else { return nil }
        let old = TextDiff.lines(reference), new = TextDiff.lines(actual)
        let operations = LineDiff.operations(old.map(LineKey.init), new.map(LineKey.init))
        let hunks = Hunk.group(operations, context: TextDiff.contextLines)
        guard !hunks.isEmpty else { return nil }
        self.hunks = hunks.map { $0.render(old: old, new: new) }
        self.counts = ChangeCounts(operations, old: old, new: new)
        self.notes = TextDiff.invisibleCharacterNotes(operations, old: old, new: new)
    }
}

/// Assembles file patches under a line budget, leaving out whole hunks (and counting them)
/// once the budget is spent, so what is shown still applies.
struct PatchBuilder {
    let maxLines: Int
    private(set) var lines: [String] = []
    private var shown = 0, hiddenLines = 0, hiddenHunks = 0

    init(maxLines: Int) { self.maxLines = maxLines }

    mutating func add(header: [String], hunks: [[String]]) {
        var headerWritten = false
        for hunk in hunks {
            if shown > 0, shown + hunk.count > maxLines {
                hiddenHunks += 1; hiddenLines += hunk.count
                continue
            }
            if !headerWritten { lines += header; headerWritten = true }
            let room = max(maxLines - shown, 0)
            if hunk.count > room {
                // One hunk larger than the whole budget: cut it (this part no longer applies).
                lines += hunk.prefix(room)
                hiddenLines += hunk.count - room
                shown = maxLines
                continue
            }
            lines += hunk
            shown += hunk.count
        }
        if hunks.isEmpty { lines += header }
    }

    mutating func add(line: String) { lines.append(line) }

    var text: String {
        var text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        if hiddenLines > 0 {
            text += "... diff truncated: \(hiddenLines) more diff lines"
            if hiddenHunks > 0 { text += " in \(hiddenHunks) more hunks" }
            text += " not shown; the whole output is in the .new file\n"
        }
        return text
    }
}

/// A line compared byte for byte (not by Unicode canonical equivalence, which would call
/// differently encoded lines equal), with an FNV-1a hash of its bytes computed once: diffing
/// looks every line up in a dictionary, and this is where a mismatch spends its time.
struct LineKey: Hashable {
    let line: Substring
    let bytesHash: UInt64

    init(_ line: Substring) {
        self.line = line
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let hashed: Void? = line.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        if hashed == nil {
            for byte in line.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        bytesHash = hash
    }

    static func == (a: LineKey, b: LineKey) -> Bool {
        guard a.bytesHash == b.bytesHash, a.line.utf8.count == b.line.utf8.count else { return false }
        let fast = a.line.utf8.withContiguousStorageIfAvailable { x in
            b.line.utf8.withContiguousStorageIfAvailable { y -> Bool in
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }  // both empty
                return memcmp(p, q, x.count) == 0
            }
        }
        return (fast ?? nil) ?? a.line.utf8.elementsEqual(b.line.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytesHash)
    }
}
