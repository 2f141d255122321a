/// A move list played out on a start board: the board after every move, and the last one.
public struct PuzzleReplay: Sendable, Hashable {
    public let start: PuzzleBoard
    /// The moves, a byte each (`PuzzleMove.packed`): a site keeps every replay of every game, and
    /// an array of the enum took sixteen times the bytes.
    private let packed: [UInt8]
    public var moves: [PuzzleMove] { packed.map(PuzzleMove.init(packed:)) }
    /// The board after the last move (the start board when there were none).
    public let final: PuzzleBoard

    /// Plays every move; the first illegal one throws, naming its index in `moves`.
    public init(start: PuzzleBoard, moves: [PuzzleMove]) throws(IllegalMoveError) {
        var board = start
        for (position, move) in moves.enumerated() {
            try board.apply(move, position: position)
        }
        self.start = start
        packed = [UInt8](unsafeUninitializedCapacity: moves.count) { bytes, count in
            for move in moves {
                bytes[count] = move.packed
                count += 1
            }
        }
        self.final = board
    }

    /// The number of moves, without unpacking them.
    public var moveCount: Int { packed.count }

    /// `timeline[i]` is the board after `moves[i]`; as long as `moves`. Played again on each call,
    /// not stored: a board per move would be most of a site's parsed puzzle games.
    public var timeline: [PuzzleBoard] {
        var board = start
        var timeline: [PuzzleBoard] = []
        timeline.reserveCapacity(packed.count)
        for move in moves {
            // Every move was legal when `init` played it.
            guard let next = board.applying(move) else { break }
            board = next
            timeline.append(board)
        }
        return timeline
    }

    /// Where the blank stands before the first move and after each of the first `limit`:
    /// `blankCells[k + 1]` is the cell move k's tile left for `blankCells[k]`. Played on one
    /// board, not a board per move.
    public func blankCells(limit: Int = .max) -> [Int] {
        var board = start
        var cells = [board.blankIndex]
        cells.reserveCapacity(min(packed.count, limit) + 1)
        for byte in packed.prefix(limit) {
            // Every move was legal when `init` played it.
            guard let cell = board.sourceCell(of: PuzzleMove(packed: byte)) else { break }
            board.swapCells(cell, cells[cells.count - 1])
            cells.append(cell)
        }
        return cells
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

extension PuzzleReplay: Codable {
    private enum CodingKeys: String, CodingKey {
        case start, moves, final
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(moves, forKey: .moves)
        try container.encode(final, forKey: .final)
    }

    /// The moves are played again: a replay decoded is as checked as one made.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let moves = try container.decode([PuzzleMove].self, forKey: .moves)
        let start = try container.decode(PuzzleBoard.self, forKey: .start)
        do {
            try self.init(start: start, moves: moves)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .moves, in: container, debugDescription: error.description)
        }
    }
}
