/// A move list played out on a start board: the board after every move, and the last one.
public struct PuzzleReplay: Sendable, Hashable, Codable {
    public let start: PuzzleBoard
    public let moves: [PuzzleMove]
    /// The board after the last move (the start board when there were none).
    public let final: PuzzleBoard

    /// Plays every move; the first illegal one throws, naming its index in `moves`.
    public init(start: PuzzleBoard, moves: [PuzzleMove]) throws(IllegalMoveError) {
        var board = start
        for (position, move) in moves.enumerated() {
            try board.apply(move, position: position)
        }
        self.start = start
        self.moves = moves
        self.final = board
    }

    /// `timeline[i]` is the board after `moves[i]`; as long as `moves`. Played again on each call,
    /// not stored: a board per move would be most of a site's parsed puzzle games.
    public var timeline: [PuzzleBoard] {
        var board = start
        var timeline: [PuzzleBoard] = []
        timeline.reserveCapacity(moves.count)
        for move in moves {
            // Every move was legal when `init` played it.
            guard let next = board.applying(move) else { break }
            board = next
            timeline.append(board)
        }
        return timeline
    }

    /// The moves as directions, whichever way they were written.
    public var directions: [SlideDirection] {
        zip([start] + timeline, moves).compactMap { board, move in
            switch move {
            case .slide(let direction): direction
            case .tile(let tile): board.direction(ofTile: tile)
            }
        }
    }

    /// The moves as tile numbers, whichever way they were written.
    public var tileNumbers: [Int] {
        zip([start] + timeline, moves).compactMap { board, move in
            switch move {
            case .tile(let tile): tile
            case .slide(let direction): board.tile(sliding: direction)
            }
        }
    }
}
