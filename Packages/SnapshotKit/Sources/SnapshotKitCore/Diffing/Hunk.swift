/// A unified-diff hunk: a range of the edit script with its surrounding context.
struct Hunk {
    var operations: ArraySlice<LineDiff.Operation>
    var oldStart: Int  // 0-based index of the first old line in the hunk
    var newStart: Int

    /// Calls `body` with each operation and the old and new line indices it stands at.
    func walk(_ body: (LineDiff.Operation, _ old: Int, _ new: Int) -> Void) {
        var oldIndex = oldStart
        var newIndex = newStart
        for operation in operations {
            body(operation, oldIndex, newIndex)
            switch operation {
            case .equal:
                oldIndex += 1
                newIndex += 1
            case .delete: oldIndex += 1
            case .insert: newIndex += 1
            }
        }
    }

    /// Groups changes that are at most 2 * context lines apart into one hunk.
    static func group(_ operations: [LineDiff.Operation], context: Int) -> [Hunk] {
        var hunks: [Hunk] = []
        // Old/new line index before each operation.
        var oldBefore: [Int] = []
        var newBefore: [Int] = []
        oldBefore.reserveCapacity(operations.count)
        newBefore.reserveCapacity(operations.count)
        var o = 0
        var n = 0
        for operation in operations {
            oldBefore.append(o)
            newBefore.append(n)
            if operation != .insert { o += 1 }
            if operation != .delete { n += 1 }
        }
        var index = 0
        while index < operations.count {
            guard operations[index] != .equal else {
                index += 1
                continue
            }
            let start = max(index - context, 0)
            var end = index  // exclusive end of the last change seen
            var scan = index
            while scan < operations.count {
                if operations[scan] != .equal {
                    end = scan + 1
                    scan += 1
                } else if scan - end < 2 * context {
                    scan += 1
                } else {
                    break
                }
            }
            let stop = min(end + context, operations.count)
            hunks.append(
                Hunk(operations: operations[start..<stop], oldStart: oldBefore[start], newStart: newBefore[start]))
            index = stop
        }
        return hunks
    }

    /// The hunk's lines; `escaped` is set when a line shows a control character escaped.
    /// `lineOffset`: lines before `old[0]` and `new[0]` in the whole texts (the same in both).
    func render(old: TextLines, new: TextLines, lineOffset: Int = 0, escaped: inout Bool) -> [String] {
        let oldCount = operations.count { $0 != .insert }
        let newCount = operations.count { $0 != .delete }
        // An empty side is numbered from the line before it, as diff(1) does.
        let oldFirst = oldCount == 0 ? oldStart : oldStart + 1
        let newFirst = newCount == 0 ? newStart : newStart + 1
        var lines = ["@@ -\(oldFirst + lineOffset),\(oldCount) +\(newFirst + lineOffset),\(newCount) @@"]
        var o = oldStart
        var n = newStart
        func emit(_ prefix: String, _ side: TextLines, _ index: Int) {
            var bytes = side.bytes(of: index)
            let ended = bytes.count > 0 && bytes[bytes.count - 1] == UInt8(ascii: "\n")
            if ended { bytes = UnsafeBufferPointer(start: bytes.baseAddress, count: bytes.count - 1) }
            if Visible.isPlain(bytes) {
                // Most lines: made from their bytes, without the generic work of a Substring.
                lines.append(prefix + String(decoding: bytes, as: UTF8.self))
            } else {
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
        for operation in operations {
            switch operation {
            case .equal:
                emit(" ", old, o)
                o += 1
                n += 1
            case .delete:
                emit("-", old, o)
                o += 1
            case .insert:
                emit("+", new, n)
                n += 1
            }
        }
        return lines
    }
}
