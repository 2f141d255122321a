extension PuzzleBoard {
    /// The cell of the tile that `move` would slide into the blank, or `nil` if it is illegal.
    public func sourceCell(of move: PuzzleMove) -> Int? {
        let blank = blankIndex
        switch move {
        case .slide(let direction):
            let offset = direction.tileOffset
            let row = blank / size + offset.row
            let column = blank % size + offset.column
            guard (0..<size).contains(row), (0..<size).contains(column) else { return nil }
            return row * size + column
        case .tile(let tile):
            guard tile > 0, tile < tiles.count, let cell = tiles.firstIndex(of: tile) else { return nil }
            let rowGap = abs(cell / size - blank / size)
            let columnGap = abs(cell % size - blank % size)
            return rowGap + columnGap == 1 ? cell : nil
        }
    }

    /// Directions that can be played now, in `SlideDirection.allCases` order.
    public var legalDirections: [SlideDirection] {
        SlideDirection.allCases.filter { sourceCell(of: .slide($0)) != nil }
    }

    /// Tiles next to the blank, ascending.
    public var movableTiles: [Int] {
        legalDirections.compactMap { sourceCell(of: .slide($0)).map { tiles[$0] } }.sorted()
    }

    /// The direction that slides `tile` into the blank, if it is next to it.
    public func direction(ofTile tile: Int) -> SlideDirection? {
        legalDirections.first { sourceCell(of: .slide($0)).map { tiles[$0] } == tile }
    }

    /// The tile that `direction` would slide, if there is one.
    public func tile(sliding direction: SlideDirection) -> Int? {
        sourceCell(of: .slide(direction)).map { tiles[$0] }
    }

    /// The board after `move`, or `nil` if the move is illegal.
    public func applying(_ move: PuzzleMove) -> PuzzleBoard? {
        guard let cell = sourceCell(of: move) else { return nil }
        var next = self
        next.swapCells(cell, blankIndex)
        return next
    }

    /// Plays `move`; `position` is its index in the player's move list, kept in the error.
    public mutating func apply(_ move: PuzzleMove, position: Int) throws(IllegalMoveError) {
        guard let next = applying(move) else {
            throw IllegalMoveError(position: position, move: move, board: self)
        }
        self = next
    }
}

/// A move that cannot be played on the board it was played on.
public struct IllegalMoveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the move cannot be played.
    public enum Reason: Sendable, Hashable {
        /// A tile number that is not on this board.
        case noSuchTile
        /// The tile exists but does not touch the blank.
        case notNextToBlank
        /// No tile sits on that side of the blank (the blank is at the edge).
        case noTileThatSide
    }

    /// The move's index in the move list, from 0.
    public var position: Int
    public var move: PuzzleMove
    public var reason: Reason
    /// The tiles next to the blank when the move was tried, ascending (for the message).
    public var movableTiles: [Int]
    /// The directions that were legal, for the message.
    public var legalDirections: [SlideDirection]

    public init(position: Int, move: PuzzleMove, board: PuzzleBoard) {
        self.position = position
        self.move = move
        switch move {
        case .tile(let tile): reason = board.tiles.contains(tile) && tile != 0 ? .notNextToBlank : .noSuchTile
        case .slide: reason = .noTileThatSide
        }
        movableTiles = board.movableTiles
        legalDirections = board.legalDirections
    }

    public var description: String {
        let which = "move \(position + 1)"
        switch (move, reason) {
        case (.tile(let tile), .noSuchTile):
            return "\(which): there is no tile \(tile) on this board"
        case (.tile(let tile), _):
            let options = movableTiles.map(String.init).joined(separator: ", ")
            return "\(which): tile \(tile) is not next to the blank; tiles that can move: \(options)"
        case (.slide(let direction), _):
            let options = legalDirections.map(\.rawValue).joined(separator: ", ")
            return "\(which): \(direction.rawValue) has no tile to slide (the blank is at that edge); legal: \(options)"
        }
    }
}
