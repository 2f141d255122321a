/// One player's race on a board: whether they solved it, in how many moves and how fast.
public struct PuzzleResult: Sendable, Hashable, Codable {
    /// Whether the final board is the goal.
    public let solved: Bool
    /// Moves played (a move back and forth counts twice).
    public let moveCount: Int
    /// Seconds the player reported, if any.
    public let seconds: Double?

    public init(solved: Bool, moveCount: Int, seconds: Double?) {
        self.solved = solved
        self.moveCount = moveCount
        self.seconds = seconds
    }

    public init(replay: PuzzleReplay, seconds: Double?) {
        self.init(solved: replay.final.isSolved, moveCount: replay.moveCount, seconds: seconds)
    }

    /// Moves per second; `nil` without a positive time.
    public var movesPerSecond: Double? {
        guard let seconds, seconds > 0 else { return nil }
        return Double(moveCount) / seconds
    }

    /// Optimal length over the player's length (1 is perfect); `nil` unless solved.
    public func efficiency(optimal: Int) -> Double? {
        guard solved else { return nil }
        return moveCount == 0 ? 1 : Double(optimal) / Double(moveCount)
    }
}

/// Places among the players who solved the board.
public enum PuzzleRanking {
    /// Fewest moves first, then shortest time (no time ranks after any time); equal moves and
    /// equal time share a place and the next place is skipped (1, 1, 3). Unsolved: `nil`.
    /// The result is parallel to `results`.
    public static func places(_ results: [PuzzleResult]) -> [Int?] {
        func key(_ result: PuzzleResult) -> (Int, Double) {
            (result.moveCount, result.seconds ?? .infinity)
        }
        let solvers = results.indices.filter { results[$0].solved }
            .sorted { key(results[$0]) < key(results[$1]) }
        var places = [Int?](repeating: nil, count: results.count)
        for (rank, index) in solvers.enumerated() {
            if rank > 0, key(results[solvers[rank - 1]]) == key(results[index]) {
                places[index] = places[solvers[rank - 1]]
            } else {
                places[index] = rank + 1
            }
        }
        return places
    }
}
