import Testing

@testable import GameDomain

@Suite("Fifteen: solvability")
struct FifteenSolvabilityTests {
    @Test(arguments: [
        // Odd width: solvable exactly when the inversion count is even.
        (size: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0], inversions: 0, solvable: true),
        (size: 3, tiles: [1, 2, 3, 4, 5, 6, 8, 7, 0], inversions: 1, solvable: false),
        (size: 3, tiles: [8, 6, 7, 2, 5, 4, 3, 0, 1], inversions: 24, solvable: true),  // 31 moves away
        (size: 3, tiles: [8, 6, 7, 2, 5, 4, 1, 3, 0], inversions: 23, solvable: false),
        (size: 3, tiles: [0, 1, 2, 3, 4, 5, 6, 7, 8], inversions: 0, solvable: true),
        (size: 5, tiles: Array(1...24) + [0], inversions: 0, solvable: true),
        (size: 5, tiles: [2, 1] + Array(3...24) + [0], inversions: 1, solvable: false),
        // Even width: solvable exactly when inversions + blank row (from the top, 0-based) is odd.
        (size: 4, tiles: Array(1...15) + [0], inversions: 0, solvable: true),
        (size: 4, tiles: Array(1...13) + [15, 14, 0], inversions: 1, solvable: false),  // Sam Loyd's 14-15
        (size: 4, tiles: [0] + Array(1...15), inversions: 0, solvable: false),
        (size: 4, tiles: Array(1...3) + [0] + Array(4...15), inversions: 0, solvable: false),
        (size: 4, tiles: Array(1...4) + [0] + Array(5...15), inversions: 0, solvable: true),
        (size: 4, tiles: [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0], inversions: 105, solvable: false),
        (size: 2, tiles: [1, 2, 3, 0], inversions: 0, solvable: true),
        (size: 2, tiles: [2, 1, 3, 0], inversions: 1, solvable: false),
        (size: 2, tiles: [0, 3, 2, 1], inversions: 3, solvable: true),
    ])
    func solvabilityTable(size: Int, tiles: [Int], inversions: Int, solvable: Bool) throws {
        let board = try PuzzleBoard(size: size, tiles: tiles)
        #expect(board.inversions == inversions)
        #expect(board.isSolvable == solvable)
        if solvable {
            #expect(throws: Never.self) { try board.requireSolvable() }
        } else {
            #expect(throws: PuzzleBoardError.unsolvable(inversions: inversions, blankRow: board.blankRow, size: size)) {
                try board.requireSolvable()
            }
        }
    }

    /// The rule agrees with reachability from the goal over every layout of 2×2 and 3×3.
    @Test(arguments: [2, 3])
    func ruleMatchesBreadthFirstSearch(size: Int) throws {
        let goal = try PuzzleBoard.goal(size: size)
        var reached: Set<[Int]> = [goal.tiles]
        var frontier = [goal]
        while let board = frontier.popLast() {
            for direction in board.legalDirections {
                guard let next = board.applying(.slide(direction)) else { continue }
                if reached.insert(next.tiles).inserted { frontier.append(next) }
            }
        }
        var mismatches = 0
        var count = 0
        for tiles in permutations(of: Array(0..<size * size)) {
            let board = try PuzzleBoard(size: size, tiles: tiles)
            if board.isSolvable != reached.contains(tiles) { mismatches += 1 }
            count += 1
        }
        #expect(mismatches == 0)
        #expect(reached.count * 2 == count)
    }

    private func permutations(of items: [Int]) -> [[Int]] {
        var result: [[Int]] = []
        var items = items
        // Heap's algorithm.
        func generate(_ k: Int) {
            if k <= 1 {
                result.append(items)
                return
            }
            for i in 0..<k {
                generate(k - 1)
                items.swapAt(k % 2 == 0 ? i : 0, k - 1)
            }
        }
        generate(items.count)
        return result
    }
}
