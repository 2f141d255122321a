/// A unified-diff hunk: a range of the edit script with its surrounding context.
struct Hunk {
    var operations: ArraySlice<LineDiff.Operation>
    var oldStart: Int  // 0-based index of the first old line in the hunk
    var newStart: Int

    /// Calls `body` with each operation and the old and new line indices it stands at.
    /// A `while` loop over the buffer: a `for` loop makes generic iterator calls per operation
    /// in a debug build.
    func walk(_ body: (LineDiff.Operation, _ old: Int, _ new: Int) -> Void) {
        var oldIndex = oldStart
        var newIndex = newStart
        operations.withUnsafeBufferPointer { operations in
            var index = 0
            while index < operations.count {
                let operation = operations[index]
                body(operation, oldIndex, newIndex)
                if operation != .insert { oldIndex += 1 }
                if operation != .delete { newIndex += 1 }
                index += 1
            }
        }
    }

    /// Groups changes that are at most 2 * context lines apart into one hunk.
    static func group(_ operations: [LineDiff.Operation], context: Int) -> [Hunk] {
        var hunks: [Hunk] = []
        operations.withUnsafeBufferPointer { script in
            // The old and new line index before operation `index`, counted as the scan goes.
            var index = 0
            var (o, n) = (0, 0)
            func advance(to target: Int) {
                while index < target {
                    if script[index] != .insert { o += 1 }
                    if script[index] != .delete { n += 1 }
                    index += 1
                }
            }
            var next = 0
            while next < script.count {
                guard script[next] != .equal else {
                    next += 1
                    continue
                }
                let start = max(next - context, 0)
                var end = next  // exclusive end of the last change seen
                var scan = next
                while scan < script.count {
                    if script[scan] != .equal {
                        end = scan + 1
                        scan += 1
                    } else if scan - end < 2 * context {
                        scan += 1
                    } else {
                        break
                    }
                }
                let stop = min(end + context, script.count)
                advance(to: start)
                hunks.append(Hunk(operations: operations[start..<stop], oldStart: o, newStart: n))
                next = stop
            }
        }
        return hunks
    }

    /// The hunk's lines; `escaped` is set when a line shows a control character escaped.
    /// `lineOffset`: lines before `old[0]` and `new[0]` in the whole texts (the same in both).
    func render(old: TextLines, new: TextLines, lineOffset: Int = 0, escaped: inout Bool) -> [String] {
        var oldCount = 0
        var newCount = 0
        walk { operation, _, _ in
            if operation != .insert { oldCount += 1 }
            if operation != .delete { newCount += 1 }
        }
        // An empty side is numbered from the line before it, as diff(1) does.
        let oldFirst = oldCount == 0 ? oldStart : oldStart + 1
        let newFirst = newCount == 0 ? newStart : newStart + 1
        var lines = ["@@ -\(oldFirst + lineOffset),\(oldCount) +\(newFirst + lineOffset),\(newCount) @@"]
        func emit(_ marker: UInt8, _ side: TextLines, _ index: Int) {
            var bytes = side.bytes(of: index)
            let ended = bytes.count > 0 && bytes[bytes.count - 1] == UInt8(ascii: "\n")
            if ended { bytes = UnsafeBufferPointer(start: bytes.baseAddress, count: bytes.count - 1) }
            if Visible.isPlain(bytes) {
                // Most lines: the marker and the bytes copied into one new string, without the
                // generic work of a Substring or a concatenation (invalid UTF-8 is repaired as
                // `String(decoding:as:)` does).
                lines.append(
                    String(unsafeUninitializedCapacity: bytes.count + 1) { buffer in
                        guard let target = buffer.baseAddress else { return 0 }
                        target.initialize(to: marker)
                        if let source = bytes.baseAddress { (target + 1).initialize(from: source, count: bytes.count) }
                        return bytes.count + 1
                    })
            } else {
                let prefix = String(UnicodeScalar(marker))
                let line = side[index]
                // Drop the "\n" byte only: "\r\n" is one Character, and its "\r" must stay.
                let text = ended ? Substring(String(decoding: line.utf8.dropLast(), as: UTF8.self)) : line
                if let visible = Visible.escaping(text) {
                    escaped = true
                    lines.append(prefix + visible)
                } else {
                    lines.append(prefix + text)
                }
            }
            if !ended { lines.append("\\ No newline at end of file") }
        }
        walk { operation, o, n in
            switch operation {
            case .equal: emit(UInt8(ascii: " "), old, o)
            case .delete: emit(UInt8(ascii: "-"), old, o)
            case .insert: emit(UInt8(ascii: "+"), new, n)
            }
        }
        return lines
    }
}
