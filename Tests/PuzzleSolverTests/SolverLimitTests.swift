import GameDomain
import Testing

@testable import PuzzleSolver

@Suite("Solver: limits and edge cases")
struct SolverLimitTests {
    let hard = try! PuzzleBoard.shuffled(size: 4, seed: 42)

    @Test func solvedBoardNeedsNoMoves() throws {
        let solution = try #require(OptimalSolver().solve(try PuzzleBoard.goal(size: 4)).solution)
        #expect(solution.length == 0 && solution.nodes == 0)
    }

    @Test(arguments: UInt64(0)..<6)
    func twoByTwoBoardsSolve(seed: UInt64) throws {
        let board = try PuzzleBoard.shuffled(size: 2, seed: seed)
        let solution = try #require(OptimalSolver().solve(board).solution)
        #expect(try PuzzleReplay(start: board, moves: solution.moves).final.isSolved)
        #expect(solution.length <= 6)  // the 2×2 puzzle's diameter
    }

    @Test func unsolvableIsNotComputed() throws {
        let board = try PuzzleBoard(size: 3, tiles: [2, 1, 3, 4, 5, 6, 7, 8, 0])
        #expect(OptimalSolver().solve(board) == .notComputed(.unsolvable))
    }

    @Test func nodeLimitStopsTheSearch() {
        guard
            case .notComputed(.nodeLimit(let nodes, let lowerBound)) = OptimalSolver().solve(
                hard, limit: SearchLimit(nodes: 5_000), heuristic: .manhattan)
        else {
            Issue.record("expected a node limit")
            return
        }
        #expect(nodes == 5_000)
        #expect(lowerBound > 0)
    }

    /// The limit, not the end of the search, stops it: the board takes far longer than 0.2 s to
    /// solve with this heuristic, so an outcome at all says the limit worked. No duration is
    /// compared: a loaded machine may take longer to notice the limit.
    @Test func timeLimitStopsTheSearch() {
        let outcome = OptimalSolver().solve(hard, limit: SearchLimit(seconds: 0.2), heuristic: .manhattan)
        guard case .notComputed(.timeLimit(let seconds, _, _)) = outcome else {
            Issue.record("expected a time limit, got \(outcome)")
            return
        }
        #expect(seconds == 0.2)
    }

    @Test func largeBoardsNeedATimeLimit() throws {
        let board = try randomWalk(size: 5, steps: 20, seed: 3)
        #expect(OptimalSolver().solve(board) == .notComputed(.boardTooLarge(size: 5)))
        let solution = try #require(OptimalSolver().solve(board, limit: SearchLimit(seconds: 20)).solution)
        #expect(solution.length <= 20)
        #expect(try PuzzleReplay(start: board, moves: solution.moves).final.isSolved)
    }

    @Test func reasonsExplainThemselves() {
        #expect(NotComputedReason.boardTooLarge(size: 6).description.contains("give a time limit"))
        #expect(NotComputedReason.nodeLimit(nodes: 10, lowerBound: 40).description.contains("at least 40 moves"))
    }

    @Test(arguments: [
        (groups: [[1, 2, 3], [4, 5, 6, 7, 8]], error: PatternPartitionError?.none),
        (groups: [[1, 2, 3], [4, 5, 6, 7]], error: .tileMissing(8)),
        (groups: [[1, 2, 3], [3, 4, 5, 6, 7, 8]], error: .tileInTwoGroups(3)),
        (groups: [[1, 2, 9], [3, 4, 5, 6, 7, 8]], error: .tileOutOfRange(9)),
        (groups: [[], [1, 2, 3, 4, 5, 6, 7, 8]], error: .emptyGroup),
        (groups: [[1, 2, 3, 4, 5, 6, 7, 8]], error: nil),
    ])
    func partitionsAreValidated(groups: [[Int]], error: PatternPartitionError?) {
        if let error {
            #expect(throws: error) { try PatternPartition(size: 3, groups: groups) }
        } else {
            #expect(throws: Never.self) { try PatternPartition(size: 3, groups: groups) }
        }
    }

    @Test func defaultPartitionIsValid() throws {
        let standard = PatternPartition.fifteen663
        let checked = try PatternPartition(size: 4, groups: standard.groups)
        #expect(checked == standard)
        #expect(standard.tableEntries == [5_765_760, 5_765_760, 3_360])
        // 16⁷ base-16 indices do not fit the build's 32-bit frontier with the blank: refused.
        #expect(throws: PatternPartitionError.groupTooLarge(Array(1...7))) {
            try PatternPartition(size: 4, groups: [Array(1...7), Array(8...15)])
        }
    }
}
