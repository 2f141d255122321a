import Foundation

/// Myers' O(ND) difference algorithm over lines (E. Myers, "An O(ND) Difference Algorithm and
/// Its Variations", 1986), with common prefix and suffix trimmed first.
enum LineDiff {
    enum Operation: Equatable {
        case equal, delete, insert
    }

    /// Edits beyond which we stop searching for a minimal script: the search keeps O(D^2)
    /// memory, and for outputs that different a "replace everything in between" diff is as useful.
    static let maxEdits = 2_000

    /// The edit script turning `old` into `new`, in order. Within a run of changes, deletions
    /// come before insertions, as unified diffs show them.
    static func operations<Line: Hashable>(_ old: [Line], _ new: [Line]) -> [Operation] {
        // Lines become small integers so the search compares ints, not strings.
        var ids: [Line: Int] = [:]
        func id(_ line: Line) -> Int {
            if let id = ids[line] { return id }
            let id = ids.count
            ids[line] = id
            return id
        }
        return operations(ids: old.map(id), new.map(id))
    }

    /// The edit script between two texts whose lines are given as ids (equal lines, equal ids).
    static func operations(ids old: [Int], _ new: [Int]) -> [Operation] {
        operations(old.count, new.count) { old[$0] == new[$1] }
    }

    /// The edit script between the lines of two texts, a line equal to another when its bytes
    /// are: compared with memcmp where the search needs it, no line hashed. A failing
    /// assertion diffs every line of the region that differs, and in a debug build hashing
    /// each one was a sixth of the failure's time.
    static func operations(_ old: TextLines, _ new: TextLines) -> [Operation] {
        old.ends.withUnsafeBufferPointer { oldEnds in
            new.ends.withUnsafeBufferPointer { newEnds in
                guard let a = old.bytes.baseAddress, let b = new.bytes.baseAddress,
                    let oldEnd = oldEnds.baseAddress, let newEnd = newEnds.baseAddress
                else { return operations(oldEnds.count, newEnds.count) { _, _ in false } }
                return operations(oldEnds.count, newEnds.count) { i, j in
                    let oldStart = i == 0 ? 0 : oldEnd[i - 1]
                    let newStart = j == 0 ? 0 : newEnd[j - 1]
                    let count = oldEnd[i] - oldStart
                    return newEnd[j] - newStart == count && memcmp(a + oldStart, b + newStart, count) == 0
                }
            }
        }
    }

    /// The edit script between old lines `0..<n` and new lines `0..<m`, where `same(i, j)`
    /// tells whether old line i equals new line j. Built back to front in one buffer, with
    /// `while` loops: in a debug build, `Array` concatenation is a generic call per element.
    static func operations(_ n: Int, _ m: Int, same: (Int, Int) -> Bool) -> [Operation] {
        var prefix = 0
        while prefix < n && prefix < m && same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < n - prefix && suffix < m - prefix && same(n - 1 - suffix, m - 1 - suffix) { suffix += 1 }
        let capacity = n + m
        let script = UnsafeMutablePointer<Operation>.allocate(capacity: max(capacity, 1))
        script.initialize(repeating: .equal, count: max(capacity, 1))
        defer { script.deallocate() }
        var written = 0
        func put(_ operation: Operation, _ times: Int) {
            var index = 0
            while index < times {
                written += 1
                script[capacity - written] = operation
                index += 1
            }
        }
        put(.equal, suffix)
        let (a, b) = (n - prefix - suffix, m - prefix - suffix)
        if !myers(a, b, from: prefix, same: same, put: put) {
            written = suffix
            put(.insert, b)
            put(.delete, a)
        }
        put(.equal, prefix)
        return [Operation](UnsafeBufferPointer(start: script + (capacity - written), count: written))
    }

    /// Gives the script between old lines `start..<start + n` and new `start..<start + m` to
    /// `put`, back to front; false (and nothing given) when it would need more than `maxEdits`
    /// edits.
    private static func myers(
        _ n: Int, _ m: Int, from start: Int, same: (Int, Int) -> Bool, put: (Operation, Int) -> Void
    ) -> Bool {
        if n == 0 || m == 0 {
            put(n == 0 ? .insert : .delete, n + m)
            return true
        }
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        let v = UnsafeMutablePointer<Int>.allocate(capacity: 2 * offset + 1)
        v.initialize(repeating: 0, count: 2 * offset + 1)
        defer { v.deallocate() }
        // Step d's v[-d...d] as it was before the step, at trace[d * d] (steps 0..<d take d * d).
        var traceCapacity = 64
        var trace = UnsafeMutablePointer<Int>.allocate(capacity: traceCapacity)
        defer { trace.deallocate() }
        var steps = 0
        var found = false
        search: for d in 0...limit {
            if (d + 1) * (d + 1) > traceCapacity {
                let larger = UnsafeMutablePointer<Int>.allocate(capacity: 4 * (d + 1) * (d + 1))
                larger.moveInitialize(from: trace, count: d * d)
                trace.deallocate()
                (trace, traceCapacity) = (larger, 4 * (d + 1) * (d + 1))
            }
            (trace + d * d).update(from: v + (offset - d), count: 2 * d + 1)
            steps = d + 1
            var k = -d
            while k <= d {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && same(start + x, start + y) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = true
                    break search
                }
                k += 2
            }
        }
        guard found else { return false }

        // Deletions come first within a run of changes: walking back, a run's insertions are
        // given before its deletions, when the equal lines before it are reached.
        var deletions = 0
        var insertions = 0
        func equal(_ count: Int) {
            put(.insert, insertions)
            put(.delete, deletions)
            put(.equal, count)
            (deletions, insertions) = (0, 0)
        }
        var x = n
        var y = m
        var d = steps - 1
        while d >= 1 {
            let previous = trace + d * d
            let k = x - y
            let previousK = (k == -d || (k != d && previous[k - 1 + d] < previous[k + 1 + d])) ? k + 1 : k - 1
            let previousX = previous[previousK + d]
            let previousY = previousX - previousK
            // The snake: equal lines back to just after the edit.
            let snake = min(x - previousX, y - previousY)
            if snake > 0 { equal(snake) }
            if x - snake == previousX { insertions += 1 } else { deletions += 1 }
            x = previousX
            y = previousY
            d -= 1
        }
        equal(min(x, y))
        return true
    }
}
