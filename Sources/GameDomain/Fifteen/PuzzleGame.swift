/// A sliding-puzzle race (`game: fifteen`): everyone plays the same start board, each player's
/// moves are replayed, and those who solved it are ranked by moves, then time.
public struct PuzzleGame: Sendable, Hashable {
    /// One racer: their moves played out on the start board, and how it went.
    public struct Player: Sendable, Hashable {
        public var name: String
        public var replay: PuzzleReplay
        public var result: PuzzleResult

        public init(name: String, replay: PuzzleReplay, seconds: Double?) {
            self.name = name
            self.replay = replay
            self.result = PuzzleResult(replay: replay, seconds: seconds)
        }
    }

    public var start: PuzzleBoard
    /// The seed when the start board came from `shuffle: {seed: S}`.
    public var seed: UInt64?
    public var players: [Player]
    public var status: GameStatus
    /// The start board's optimal solution length, once a solver has been asked (nil before).
    public var optimum: PuzzleOptimum?

    public init(
        start: PuzzleBoard, seed: UInt64? = nil, players: [Player], status: GameStatus = .finished,
        optimum: PuzzleOptimum? = nil
    ) {
        self.start = start
        self.seed = seed
        self.players = players
        self.status = status
        self.optimum = optimum
    }

    public var size: Int { start.size }

    /// Each player's place among those who solved the board (nil for the others), in player order.
    public var places: [Int?] { PuzzleRanking.places(players.map(\.result)) }

    /// Empty until the game is finished; several players when they tie for first place.
    public var winners: [String] {
        guard status == .finished else { return [] }
        return zip(players, places).filter { $0.1 == 1 }.map(\.0.name)
    }
}

/// What is known about the shortest solution of a start board.
public enum PuzzleOptimum: Sendable, Hashable {
    /// The optimal number of moves.
    case moves(Int)
    /// The solver did not find it, and why.
    case notComputed(Gap)

    /// Why an optimum is missing, in terms a page can put in any language.
    public enum Gap: Sendable, Hashable {
        case unsolvable
        /// Boards this size are not searched.
        case tooLarge(size: Int)
        /// The time ran out; the optimum is at least `atLeast` moves.
        case timeLimit(seconds: Double, atLeast: Int)
        /// The search budget ran out; the optimum is at least `atLeast` moves.
        case nodeLimit(nodes: Int, atLeast: Int)
        case cancelled
    }

    public var moves: Int? {
        if case .moves(let moves) = self { moves } else { nil }
    }
}
