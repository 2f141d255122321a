import GameDomain

/// Optimal distances of every solvable 3×3 board, by breadth-first search back from the goal:
/// an independent check of the solver (no heuristics, no IDA*). Computed once per test run.
enum ThreeByThreeDistances {
    static let table: [Int8] = breadthFirstSearch()

    /// Distance of `tiles` from the goal; nil if unreachable.
    static func distance(_ tiles: [Int]) -> Int? {
        let value = table[rank(tiles)]
        return value < 0 ? nil : Int(value)
    }

    static var reachableCount: Int { table.filter { $0 >= 0 }.count }
    static var maximum: Int { Int(table.max() ?? -1) }

    /// Boards at exactly `distance` moves.
    static func boards(at distance: Int) -> [[Int]] {
        table.indices.filter { table[$0] == Int8(distance) }.map(unrank)
    }

    private static func breadthFirstSearch() -> [Int8] {
        var table = [Int8](repeating: -1, count: 362_880)
        let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0]
        table[rank(goal)] = 0
        var frontier = [goal]
        var depth: Int8 = 0
        while !frontier.isEmpty {
            var next: [[Int]] = []
            for tiles in frontier {
                let blank = tiles.firstIndex(of: 0) ?? 0
                for neighbor in [blank - 3, blank + 3, blank % 3 > 0 ? blank - 1 : -1, blank % 3 < 2 ? blank + 1 : -1]
                where (0..<9).contains(neighbor) {
                    var child = tiles
                    child.swapAt(blank, neighbor)
                    let index = rank(child)
                    if table[index] < 0 {
                        table[index] = depth + 1
                        next.append(child)
                    }
                }
            }
            frontier = next
            depth += 1
        }
        return table
    }

    /// Lehmer code of a permutation of 0…8.
    static func rank(_ tiles: [Int]) -> Int {
        var rank = 0
        for i in 0..<9 {
            var smaller = 0
            for j in i + 1..<9 where tiles[j] < tiles[i] { smaller += 1 }
            rank = rank * (9 - i) + smaller
        }
        return rank
    }

    static func unrank(_ rank: Int) -> [Int] {
        var digits = [Int](repeating: 0, count: 9)
        var rest = rank
        for i in stride(from: 8, through: 0, by: -1) {
            digits[i] = rest % (9 - i)
            rest /= 9 - i
        }
        var available = Array(0..<9)
        return digits.map { available.remove(at: $0) }
    }
}
