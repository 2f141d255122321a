public import GameDomain

/// How much one game file may ask for. The defaults are far beyond any real game night; they
/// exist so that a hostile or mistyped file cannot make a build do unbounded work. Each limit has
/// a command-line flag, named in the error that reports it.
public struct GameFileLimits: Sendable, Hashable {
    /// Players (or bowlers, or racers) in one game.
    public var maxPlayers: Int
    /// Moves of one puzzle racer: every move keeps a board in the replay.
    public var maxMoves: Int
    /// The widest puzzle board, at most `boardSizes.upperBound`.
    public var maxBoardSize: Int
    /// Rounds of one score-keeper game.
    public var maxRounds: Int
    /// The bytes of one game file, checked before it is read.
    public var maxFileSize: Int
    /// The kinds a command reads (`solve` reads puzzles only); another kind is an error at `game:`.
    public var acceptedKinds: [GameKind] = GameKind.allCases

    /// The board widths game files can use at all: the model's 2…8, less the trivial 2×2.
    public static let boardSizes = 3...8

    public init(
        maxPlayers: Int = 100, maxMoves: Int = 10_000, maxBoardSize: Int = 8, maxRounds: Int = 10_000,
        maxFileSize: Int = 1_000_000
    ) {
        self.maxFileSize = maxFileSize
        self.maxPlayers = maxPlayers
        self.maxMoves = maxMoves
        self.maxBoardSize = maxBoardSize
        self.maxRounds = maxRounds
    }

    /// One limit: what it counts and the flag that raises it.
    public enum Limit: Sendable, CaseIterable {
        case players, moves, boardSize, rounds, fileSize

        public var flag: String {
            switch self {
            case .players: "--max-players"
            case .moves: "--max-moves"
            case .boardSize: "--max-board-size"
            case .rounds: "--max-rounds"
            case .fileSize: "--max-file-size"
            }
        }
    }

    public subscript(limit: Limit) -> Int {
        switch limit {
        case .players: maxPlayers
        case .moves: maxMoves
        case .boardSize: maxBoardSize
        case .rounds: maxRounds
        case .fileSize: maxFileSize
        }
    }

    /// The error for input past `limit`: `count` players, rounds or board width, or for moves
    /// the number of the first move past it (the rest are not even counted).
    public func exceeded(_ limit: Limit, _ count: Int) -> String {
        let found =
            switch limit {
            case .players: "\(count) players is more than"
            case .rounds: "\(count) rounds is more than"
            case .boardSize: "board size \(count) is more than"
            case .moves: "move \(count) is past"
            case .fileSize: "the file is \(count) bytes, over"
            }
        let unit =
            switch limit {
            case .moves: self[limit] == 1 ? " move per player" : " moves per player"
            case .fileSize: " bytes"
            case .players, .rounds, .boardSize: ""
            }
        let fix =
            limit == .fileSize
            ? "split it or raise the limit with \(limit.flag)" : "raise it with \(limit.flag) if this is intended"
        return "\(found) the limit of \(self[limit])\(unit); \(fix)"
    }

    /// Why these limits cannot be used (as given on the command line), or nil when they can.
    public var problem: String? {
        for limit in Limit.allCases where limit != .boardSize && self[limit] < 1 {
            return "\(limit.flag) must be a whole number from 1 up, found \(self[limit])"
        }
        guard Self.boardSizes.contains(maxBoardSize) else {
            return "--max-board-size must be from \(Self.boardSizes.lowerBound) to \(Self.boardSizes.upperBound) "
                + "(the board widths game files support), found \(maxBoardSize)"
        }
        return nil
    }
}
