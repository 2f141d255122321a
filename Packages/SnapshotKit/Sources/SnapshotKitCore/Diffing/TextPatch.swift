import Foundation

/// The hunks, counts and notes of one text comparison, before they are framed as a message.
struct TextPatch {
    var hunks: [[String]]
    var counts: ChangeCounts
    var notes: [String]

    /// nil when the texts are the same bytes. Only the region that differs (with its context
    /// lines) is split into lines and diffed; line numbers count from the start of the text.
    init?(_ reference: String, _ actual: String) {
        let region = UTF8Text.withBytes(reference) { a in
            UTF8Text.withBytes(actual) { b in ByteRegion(a, b, context: TextDiff.contextLines) }
        }
        guard let region else { return nil }
        func slice(_ text: String, _ range: Range<Int>) -> Substring {
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: range.lowerBound)
            return text[start..<text.utf8.index(start, offsetBy: range.count)]
        }
        let old = TextDiff.lines(slice(reference, region.old))
        let new = TextDiff.lines(slice(actual, region.new))
        let ids = UTF8Text.withBytes(reference) { a in
            UTF8Text.withBytes(actual) { b in
                LineIDs.make(UnsafeBufferPointer(rebasing: a[region.old]), UnsafeBufferPointer(rebasing: b[region.new]))
            }
        }
        let operations: [LineDiff.Operation]
        if ids.old.count == old.count, ids.new.count == new.count {
            operations = LineDiff.operations(ids: ids.old, ids.new)
        } else {
            // Never expected (both split at the same bytes); the slower way is still right.
            operations = LineDiff.operations(old.map(LineKey.init), new.map(LineKey.init))
        }
        let hunks = Hunk.group(operations, context: TextDiff.contextLines)
        guard !hunks.isEmpty else { return nil }
        var escaped = false
        self.hunks = hunks.map { $0.render(old: old, new: new, lineOffset: region.linesBefore, escaped: &escaped) }
        self.counts = ChangeCounts(operations, old: old, new: new)
        self.notes = TextDiff.invisibleCharacterNotes(operations, old: old, new: new, lineOffset: region.linesBefore)
        if escaped {
            notes.append(
                "Control and invisible characters are shown escaped ([NUL], \\r, \\u{1B}); this patch does not apply as is."
            )
        }
    }
}

/// Assembles file patches under a line and byte budget, leaving out whole hunks (and counting
/// them) once the budget is spent, so what is shown still applies.
struct PatchBuilder {
    let maxLines: Int
    let maxBytes: Int
    /// The reference path, to say how to see the whole diff when part of it is left out.
    let path: String?
    private(set) var lines: [String] = []
    private var shown = 0, shownBytes = 0, hiddenLines = 0, hiddenHunks = 0, cutBytes = 0

    init(maxLines: Int, maxBytes: Int = .max, path: String? = nil) {
        self.maxLines = maxLines
        self.maxBytes = maxBytes
        self.path = path
    }

    mutating func add(header: [String], hunks: [[String]]) {
        var headerWritten = false
        for hunk in hunks {
            let bytes = hunk.reduce(0) { $0 + $1.utf8.count + 1 }
            if shown > 0, shown + hunk.count > maxLines || shownBytes + bytes > maxBytes {
                hiddenHunks += 1
                hiddenLines += hunk.count
                continue
            }
            if !headerWritten {
                lines += header
                headerWritten = true
            }
            for (index, line) in hunk.enumerated() {
                let room = min(maxBytes - shownBytes, maxBytes / 4)
                if shown >= maxLines || room <= 0 {
                    // One hunk larger than the whole budget: cut it (this part no longer applies).
                    hiddenLines += hunk.count - index
                    break
                }
                if line.utf8.count > room {
                    let kept = String(decoding: line.utf8.prefix(room), as: UTF8.self)
                    cutBytes += line.utf8.count - kept.utf8.count
                    lines.append(kept + " [... \(line.utf8.count - kept.utf8.count) more bytes]")
                } else {
                    lines.append(line)
                }
                shown += 1
                shownBytes += min(line.utf8.count, room) + 1
            }
        }
        if hunks.isEmpty { lines += header }
    }

    mutating func add(line: String) { lines.append(line) }

    var text: String {
        var text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        if hiddenLines > 0 || cutBytes > 0 {
            var parts: [String] = []
            if hiddenLines > 0 {
                parts.append(
                    "\(hiddenLines) more diff lines" + (hiddenHunks > 0 ? " in \(hiddenHunks) more hunks" : ""))
            }
            if cutBytes > 0 { parts.append("\(cutBytes) bytes of long lines") }
            text += "... diff truncated: \(parts.joined(separator: " and ")) not shown"
            if let path {
                let pending = SnapshotLocation.pendingFolderName + "/" + path
                text +=
                    "; the whole output is in \(pending), the whole diff: swift run snapshots diff \(path) \(pending)"
            }
            text += "\n"
        }
        return text
    }
}

/// Lines of two byte buffers as ids, equal exactly when their bytes are (a line keeps its
/// "\n", as `TextDiff.lines` splits). Worked out on the raw bytes, with the standard library's
/// hasher and memcmp, because line keys made of `Substring`s cost a failing assertion most of
/// its time in a debug build, where generic calls are not specialised.
enum LineIDs {
    /// `hash` is a parameter so tests can make every line collide.
    static func make(
        _ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>,
        hash: (UnsafeBufferPointer<UInt8>) -> Int = LineIDs.hash
    ) -> (old: [Int], new: [Int]) {
        // One representative line per id; a hash collision probes the next slot.
        var slots: [Int: Int] = [:]
        var representatives: [UnsafeBufferPointer<UInt8>] = []
        func ids(_ text: UnsafeBufferPointer<UInt8>) -> [Int] {
            var result: [Int] = []
            var start = 0
            while start < text.count {
                let end = (ByteRegion.firstNewline(in: text, from: start) ?? (text.count - 1)) + 1
                let line = UnsafeBufferPointer(rebasing: text[start..<end])
                var slot = hash(line)
                while true {
                    guard let id = slots[slot] else {
                        slots[slot] = representatives.count
                        result.append(representatives.count)
                        representatives.append(line)
                        break
                    }
                    if same(representatives[id], line) {
                        result.append(id)
                        break
                    }
                    slot &+= 1
                }
                start = end
            }
            return result
        }
        return (ids(old), ids(new))
    }

    static func hash(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(line))
        return hasher.finalize()
    }

    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let p = a.baseAddress, let q = b.baseAddress else { return true }  // both empty
        return memcmp(p, q, a.count) == 0
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
        // Hasher over the raw bytes: the standard library's, fast even in a debug build.
        var hasher = Hasher()
        UTF8Text.withBytes(line) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        bytesHash = UInt64(bitPattern: Int64(hasher.finalize()))
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
