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
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        let a = Array(old[prefix..<(old.count - suffix)])
        let b = Array(new[prefix..<(new.count - suffix)])

        let middle =
            myers(a, b) ?? (Array(repeating: .delete, count: a.count) + Array(repeating: .insert, count: b.count))
        return Array(repeating: .equal, count: prefix) + middle + Array(repeating: .equal, count: suffix)
    }

    /// nil when the script would need more than `maxEdits` edits.
    private static func myers(_ a: [Int], _ b: [Int]) -> [Operation]? {
        let n = a.count
        let m = b.count
        if n == 0 { return Array(repeating: .insert, count: m) }
        if m == 0 { return Array(repeating: .delete, count: n) }
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * offset + 1)
        // trace[d] holds v[-d...d] as it was before step d, for walking back.
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else { return nil }

        var reversed: [Operation] = []
        reversed.reserveCapacity(n + m)
        // Deletions come first within a run of changes: walking back, a run's insertions are
        // appended before its deletions, when the equal lines before it are reached.
        var deletions = 0
        var insertions = 0
        func equal(_ count: Int) {
            reversed += Array(repeating: .insert, count: insertions)
            reversed += Array(repeating: .delete, count: deletions)
            reversed += Array(repeating: .equal, count: count)
            (deletions, insertions) = (0, 0)
        }
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 1, by: -1) {
            let previous = trace[d]
            func at(_ k: Int) -> Int { previous[k + d] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            // The snake: equal lines back to just after the edit.
            let snake = min(x - previousX, y - previousY)
            if snake > 0 { equal(snake) }
            if x - snake == previousX { insertions += 1 } else { deletions += 1 }
            x = previousX
            y = previousY
        }
        equal(min(x, y))
        return reversed.reversed()
    }
}
