/// A move list played out on a start board: the board after every move, and the last one.
public struct PuzzleReplay: Sendable, Hashable, Codable {
    public let start: PuzzleBoard
    public let moves: [PuzzleMove]
    /// `timeline[i]` is the board after `moves[i]`; as long as `moves`.
    public let timeline: [PuzzleBoard]

    /// Plays every move; the first illegal one throws, naming its index in `moves`.
    public init(start: PuzzleBoard, moves: [PuzzleMove]) throws(IllegalMoveError) {
        var board = start
        var timeline: [PuzzleBoard] = []
        timeline.reserveCapacity(moves.count)
        for (position, move) in moves.enumerated() {
            try board.apply(move, position: position)
            timeline.append(board)
        }
        self.start = start
        self.moves = moves
        self.timeline = timeline
    }

    /// The board after the last move (the start board when there were none).
    public var final: PuzzleBoard { timeline.last ?? start }

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
