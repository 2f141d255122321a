/// An N×N sliding-puzzle board: tiles 1…N²−1 and one blank, stored in reading order.
///
/// The goal is 1…N²−1 in reading order with the blank in the bottom-right cell. Every
/// `PuzzleBoard` is valid (right size, every tile exactly once); solvability is a separate
/// question (`isSolvable`), because an unsolvable layout is still a board one can draw.
public struct PuzzleBoard: Sendable, Hashable {
    /// Widths the model accepts. Game files narrow this to 3…8.
    public static let sizes = 2...8

    /// Tiles per row (and rows per board).
    public let size: Int
    /// Reading order, row by row; `0` is the blank.
    public private(set) var tiles: [Int]

    /// Checks that `tiles` holds exactly 1…size²−1 and one blank (`0`).
    public init(size: Int, tiles: [Int]) throws(PuzzleBoardError) {
        guard Self.sizes.contains(size) else { throw .sizeOutOfRange(size) }
        let cells = size * size
        guard tiles.count == cells else { throw .wrongTileCount(expected: cells, found: tiles.count) }
        var seenAt = [Int?](repeating: nil, count: cells)
        for (index, tile) in tiles.enumerated() {
            guard tile >= 0, tile < cells else { throw .tileOutOfRange(tile: tile, index: index, size: size) }
            if let first = seenAt[tile] { throw .duplicateTile(tile: tile, firstIndex: first, index: index) }
            seenAt[tile] = index
        }
        // Every value 0..<cells appeared at most once in `cells` slots, so none is missing.
        self.size = size
        self.tiles = tiles
    }

    /// For callers that have already established validity (moves keep a board valid).
    init(validSize size: Int, tiles: [Int]) {
        self.size = size
        self.tiles = tiles
    }

    /// The solved board: 1…N²−1 in reading order, blank bottom-right.
    public static func goal(size: Int) throws(PuzzleBoardError) -> PuzzleBoard {
        guard sizes.contains(size) else { throw .sizeOutOfRange(size) }
        let cells = size * size
        return PuzzleBoard(validSize: size, tiles: Array(1..<cells) + [0])
    }

    /// The cell index (reading order) of the blank.
    public var blankIndex: Int { tiles.firstIndex(of: 0) ?? 0 }

    /// The tile at a cell, `0` for the blank, `nil` outside the board.
    public func tile(row: Int, column: Int) -> Int? {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return nil }
        return tiles[row * size + column]
    }

    /// The tiles as rows, top to bottom.
    public var rows: [[Int]] {
        stride(from: 0, to: tiles.count, by: size).map { Array(tiles[$0..<$0 + size]) }
    }

    /// Whether every tile is home and the blank is bottom-right.
    public var isSolved: Bool {
        for index in 0..<tiles.count - 1 where tiles[index] != index + 1 { return false }
        return tiles[tiles.count - 1] == 0
    }

    mutating func swapCells(_ a: Int, _ b: Int) { tiles.swapAt(a, b) }
}

extension PuzzleBoard: CustomStringConvertible {
    /// Rows on lines, `_` for the blank: the same text the layout notation reads.
    public var description: String {
        rows.map { row in row.map { $0 == 0 ? "_" : String($0) }.joined(separator: " ") }
            .joined(separator: "\n")
    }
}
