import Foundation

/// The hunks, counts and notes of one text comparison, before they are framed as a message.
struct TextPatch {
    var hunks: [[String]]
    var counts: ChangeCounts
    var notes: [String]

    /// nil when the texts are the same bytes. Only the region that differs (with its context
    /// lines) is split into lines and diffed; line numbers count from the start of the text.
    init?(_ reference: String, _ actual: String) {
        // The texts' own bytes are lent for the whole comparison.
        let patch = UTF8Text.withBytes(reference) { a in
            UTF8Text.withBytes(actual) { b in TextPatch(reference, a, actual, b) }
        }
        guard let patch else { return nil }
        self = patch
    }

    /// `a` and `b` are the UTF-8 bytes of `reference` and `actual`.
    private init?(
        _ reference: String, _ a: UnsafeBufferPointer<UInt8>, _ actual: String, _ b: UnsafeBufferPointer<UInt8>
    ) {
        guard let region = ByteRegion(a, b, context: TextDiff.contextLines) else { return nil }
        func slice(_ text: String, _ range: Range<Int>) -> Substring {
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: range.lowerBound)
            return text[start..<text.utf8.index(start, offsetBy: range.count)]
        }
        let oldBytes = UnsafeBufferPointer(rebasing: a[region.old])
        let newBytes = UnsafeBufferPointer(rebasing: b[region.new])
        let old = TextLines(slice(reference, region.old), bytes: oldBytes, ends: TextLines.ends(oldBytes))
        let new = TextLines(slice(actual, region.new), bytes: newBytes, ends: TextLines.ends(newBytes))
        let operations = LineDiff.operations(old, new)
        let hunks = Hunk.group(operations, context: TextDiff.contextLines)
        guard !hunks.isEmpty else { return nil }
        // Every change is in a hunk: counts and notes look at the hunks' lines only.
        var escaped = false
        self.hunks = hunks.map { $0.render(old: old, new: new, lineOffset: region.linesBefore, escaped: &escaped) }
        self.counts = ChangeCounts(hunks, old: old, new: new)
        self.notes = TextDiff.invisibleCharacterNotes(hunks, old: old, new: new, lineOffset: region.linesBefore)
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
        // Index loops, not `reduce` and `enumerated()`: a debug build makes generic calls per
        // line for those.
        for hunk in hunks {
            var bytes = 0
            var line = 0
            while line < hunk.count {
                bytes += hunk[line].utf8.count + 1
                line += 1
            }
            if shown > 0, shown + hunk.count > maxLines || shownBytes + bytes > maxBytes {
                hiddenHunks += 1
                hiddenLines += hunk.count
                continue
            }
            if !headerWritten {
                lines += header
                headerWritten = true
            }
            var index = 0
            while index < hunk.count {
                let line = hunk[index]
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
                index += 1
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

/// A text's lines, each with its "\n" (so a missing final newline is a visible difference),
/// kept as offsets and cut only when asked for: a diff compares every line of the region that
/// differs, but shows and inspects only the few in its hunks, mostly from their bytes.
struct TextLines {
    let text: Substring
    /// `text`'s UTF-8 bytes, valid only while their owner lends them.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The UTF-8 offset in `text` just past each line.
    let ends: [Int]

    init(_ text: Substring, bytes: UnsafeBufferPointer<UInt8>, ends: [Int]) {
        self.text = text
        self.bytes = bytes
        self.ends = ends
    }

    /// The offset just past each line of `text`: `while` loops and memchr, as a `for` loop
    /// over a range makes a generic call per line in a debug build.
    static func ends(_ text: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard text.count > 0 else { return [] }
        // Counted first, so the offsets are written in place rather than appended one by one.
        var lines = 0
        var start = 0
        while start < text.count {
            start = (ByteRegion.firstNewline(in: text, from: start) ?? (text.count - 1)) + 1
            lines += 1
        }
        return [Int](unsafeUninitializedCapacity: lines) { buffer, initialized in
            guard let ends = buffer.baseAddress else { return }
            var index = 0
            var start = 0
            while start < text.count {
                start = (ByteRegion.firstNewline(in: text, from: start) ?? (text.count - 1)) + 1
                ends[index] = start
                index += 1
            }
            initialized = index
        }
    }

    subscript(index: Int) -> Substring {
        let start = index == 0 ? 0 : ends[index - 1]
        let from = text.utf8.index(text.utf8.startIndex, offsetBy: start)
        return text[from..<text.utf8.index(from, offsetBy: ends[index] - start)]
    }

    /// Line `index`'s bytes, its "\n" included.
    func bytes(of index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + start }, count: ends[index] - start)
    }
}
