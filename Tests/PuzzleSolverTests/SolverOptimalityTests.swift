import GameDomain
import Testing

@testable import PuzzleSolver

@Suite("Solver: optimality")
struct SolverOptimalityTests {
    static let threeByThree = try! PatternPartition(size: 3, groups: [[1, 2, 3, 4], [5, 6, 7, 8]])
    static let threeByThreeDatabase = PatternDatabase.build(threeByThree)
    /// Small groups so the 4×4 pattern-database path is exercised quickly in debug builds.
    static let smallFourByFour = try! PatternPartition(
        size: 4, groups: [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14, 15]])

    @Test func breadthFirstSearchCoversEverySolvableBoard() {
        #expect(ThreeByThreeDistances.reachableCount == 181_440)
        #expect(ThreeByThreeDistances.maximum == 31)
        #expect(
            Set(ThreeByThreeDistances.boards(at: 31)) == [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]])
    }

    /// The two hardest boards, a few at every distance, and seeded shuffles.
    static let samples: [[Int]] = {
        var boards = ThreeByThreeDistances.boards(at: 31)
        for distance in stride(from: 1, through: 30, by: 3) {
            boards += ThreeByThreeDistances.boards(at: distance).prefix(2)
        }
        for seed in UInt64(0)..<10 {
            if let board = try? PuzzleBoard.shuffled(size: 3, seed: seed) { boards.append(board.tiles) }
        }
        return boards
    }()

    @Test(arguments: [OptimalSolver.Heuristic.manhattan, .linearConflict, .best])
    func threeByThreeMatchesBreadthFirstSearch(heuristic: OptimalSolver.Heuristic) throws {
        let solver = OptimalSolver(patternDatabase: Self.threeByThreeDatabase)
        for tiles in Self.samples {
            let board = try PuzzleBoard(size: 3, tiles: tiles)
            let solution = try #require(solver.solve(board, heuristic: heuristic).solution)
            #expect(solution.length == ThreeByThreeDistances.distance(tiles), "\(tiles)")
            let replay = try PuzzleReplay(start: board, moves: solution.directions.map(PuzzleMove.slide))
            #expect(replay.final.isSolved)
            #expect(replay.tileNumbers == solution.tiles)
        }
    }

    /// Admissible everywhere: the pattern-database estimate never exceeds the true distance.
    @Test func patternDatabaseNeverOverestimates() {
        var exactAtGoal = false
        for index in ThreeByThreeDistances.table.indices where ThreeByThreeDistances.table[index] >= 0 {
            let tiles = ThreeByThreeDistances.unrank(index)
            let estimate = Self.threeByThreeDatabase.estimate(tiles)
            #expect(estimate <= Int(ThreeByThreeDistances.table[index]))
            if ThreeByThreeDistances.table[index] == 0 { exactAtGoal = estimate == 0 }
        }
        #expect(exactAtGoal)
    }

    /// One group holding every 3×3 tile: its table is the exact distance, so the estimate must
    /// equal it on every solvable board. Checks the compact index, the 4-bit packing and the
    /// Manhattan offset against breadth-first search.
    static let exactThreeByThree = try! PatternPartition(size: 3, groups: [Array(1...8)])
    static let exactThreeByThreeDatabase = PatternDatabase.build(exactThreeByThree)

    @Test func wholeBoardGroupGivesExactDistances() {
        #expect(Self.exactThreeByThreeDatabase.clampedEntries == 0)
        #expect(Self.threeByThreeDatabase.clampedEntries == 0)
        var checked = 0
        for index in ThreeByThreeDistances.table.indices where ThreeByThreeDistances.table[index] >= 0 {
            let tiles = ThreeByThreeDistances.unrank(index)
            if Self.exactThreeByThreeDatabase.estimate(tiles) != Int(ThreeByThreeDistances.table[index]) {
                Issue.record(
                    "estimate \(Self.exactThreeByThreeDatabase.estimate(tiles)) for \(tiles), distance \(ThreeByThreeDistances.table[index])"
                )
                return
            }
            checked += 1
        }
        #expect(checked == 181_440)
    }

    /// With an exact heuristic IDA* walks straight to the goal: at most 3 children per step
    /// (4 at the start). Any slip in the search's incremental indices, on the board or on its
    /// reflection, shows as a wrong length or extra nodes.
    @Test func searchIndicesStayExact() throws {
        let solver = OptimalSolver(patternDatabase: Self.exactThreeByThreeDatabase)
        for tiles in Self.samples {
            let board = try PuzzleBoard(size: 3, tiles: tiles)
            let solution = try #require(solver.solve(board).solution)
            #expect(solution.length == ThreeByThreeDistances.distance(tiles), "\(tiles)")
            #expect(solution.nodes <= 3 * solution.length + 1, "\(tiles)")
        }
    }

    /// The compact index numbers the placements of k tiles 0, 1, 2, … without gaps.
    @Test func rankIsABijection() {
        let cells = 9
        var ranks = Set<Int>()
        for number in 0..<6_561 {
            let positions = [number % 9, number / 9 % 9, number / 81 % 9, number / 729]
            guard Set(positions).count == 4 else { continue }
            let rank = positions.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { PatternPartition.rank($0, count: 4, cells: cells) } ?? -1
            }
            #expect((0..<3_024).contains(rank), "\(positions)")
            ranks.insert(rank)
        }
        #expect(ranks.count == 3_024)
        #expect(Self.threeByThree.tableEntries == [3_024, 3_024])
    }

    /// 4×4 boards a random walk away from the goal: pattern databases agree with plain IDA*
    /// with Manhattan distance.
    @Test func fourByFourMatchesPlainManhattan() throws {
        let solver = OptimalSolver(patternDatabase: PatternDatabase.build(Self.smallFourByFour))
        for seed in UInt64(1)...6 {
            let board = try randomWalk(size: 4, steps: 26 + Int(seed), seed: seed)
            let fast = try #require(solver.solve(board).solution)
            let plain = try #require(
                solver.solve(board, limit: SearchLimit(seconds: 30), heuristic: .manhattan).solution)
            let conflict = try #require(solver.solve(board, heuristic: .linearConflict).solution)
            #expect(fast.length == plain.length)
            #expect(conflict.length == plain.length)
            #expect(fast.nodes <= plain.nodes)
            #expect(try PuzzleReplay(start: board, moves: fast.moves).final.isSolved)
        }
    }

    @Test func solveAllKeepsInputOrder() async throws {
        let boards = try (0..<6).map { try PuzzleBoard.shuffled(size: 3, seed: UInt64($0)) }
        let outcomes = await OptimalSolver().solveAll(boards)
        for (board, outcome) in zip(boards, outcomes) {
            #expect(outcome.solution?.length == ThreeByThreeDistances.distance(board.tiles))
        }
    }
}

/// A board `steps` random moves (never straight back) from the goal.
func randomWalk(size: Int, steps: Int, seed: UInt64) throws -> PuzzleBoard {
    var board = try PuzzleBoard.goal(size: size)
    var random = SplitMix64(seed: seed)
    var last: SlideDirection?
    for _ in 0..<steps {
        let options = board.legalDirections.filter { $0 != last?.opposite }
        let direction = options[Int(random.bounded(UInt64(options.count)))]
        board = board.applying(.slide(direction)) ?? board
        last = direction
    }
    return board
}
