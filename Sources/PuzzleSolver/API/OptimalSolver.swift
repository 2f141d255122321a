import Foundation
public import GameDomain

/// Finds optimal (shortest) solutions of sliding puzzles with IDA*.
///
/// Pure and `Sendable`: a solver only holds read-only pattern databases, so one value can
/// solve many boards at once from many tasks. Loading databases is the caller's step
/// (`PatternDatabaseCache.load`), so this type does no I/O.
public struct OptimalSolver: Sendable {
    /// Heuristics the search can use.
    public enum Heuristic: Sendable, Hashable {
        /// Sum of Manhattan distances: the plain baseline.
        case manhattan
        /// Manhattan distance plus linear conflicts.
        case linearConflict
        /// The pattern database when one for the board's width is loaded, else linear conflict.
        case best
    }

    /// Databases for one width (4×4 in practice); other widths use linear conflict.
    public let patternDatabase: PatternDatabase?

    public init(patternDatabase: PatternDatabase? = nil) {
        self.patternDatabase = patternDatabase
    }

    /// An optimal solution of `board`, or why there is none within `limit`.
    ///
    /// 5×5 and larger are searched only when `limit.seconds` is given; everything else gets
    /// `SearchLimit.defaultSeconds` unless told otherwise.
    public func solve(_ board: PuzzleBoard, limit: SearchLimit = .standard, heuristic: Heuristic = .best)
        -> SolveOutcome
    {
        guard board.isSolvable else { return .notComputed(.unsolvable) }
        guard board.size <= 4 || limit.seconds != nil else { return .notComputed(.boardTooLarge(size: board.size)) }
        let budget = SearchBudget(
            seconds: limit.seconds ?? SearchLimit.defaultSeconds, maxNodes: limit.nodes ?? Int.max)
        let geometry = BoardGeometry(size: board.size)
        let tiles = board.tiles.map { UInt8(truncatingIfNeeded: $0) }
        if heuristic == .best, let database = patternDatabase, database.partition.size == board.size {
            return database.storage.withUnsafeBufferPointer { tables in
                guard let base = tables.baseAddress else { return SolveOutcome.notComputed(.cancelled) }
                let search = PatternDatabaseSearch(
                    geometry: geometry, database: database, tables: base, tiles: tiles, budget: budget)
                return search.solve()
            }
        }
        let search = LineConflictSearch(
            geometry: geometry, tiles: tiles, useConflicts: heuristic != .manhattan, budget: budget)
        return search.solve()
    }

    /// Solves `boards` in parallel, one task per core at a time; results in input order.
    public func solveAll(_ boards: [PuzzleBoard], limit: SearchLimit = .standard, heuristic: Heuristic = .best) async
        -> [SolveOutcome]
    {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return await withTaskGroup(of: (Int, SolveOutcome).self) { group in
            var outcomes = [SolveOutcome?](repeating: nil, count: boards.count)
            var nextBoard = 0
            func addNext() {
                guard nextBoard < boards.count else { return }
                let index = nextBoard
                nextBoard += 1
                group.addTask { (index, self.solve(boards[index], limit: limit, heuristic: heuristic)) }
            }
            for _ in 0..<width { addNext() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                addNext()
            }
            return outcomes.map { $0 ?? .notComputed(.cancelled) }
        }
    }
}
