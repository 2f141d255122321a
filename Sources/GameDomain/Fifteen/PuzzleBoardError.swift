/// Why a list of tiles is not a board (or not one that can be solved).
public enum PuzzleBoardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The width is outside `PuzzleBoard.sizes`.
    case sizeOutOfRange(Int)
    /// A board of width N has N² cells.
    case wrongTileCount(expected: Int, found: Int)
    /// A tile number that cannot occur on this board (negative or ≥ N²). `index` is its cell.
    case tileOutOfRange(tile: Int, index: Int, size: Int)
    /// A tile (or the blank, `0`) appears twice; the cells are in reading order.
    case duplicateTile(tile: Int, firstIndex: Int, index: Int)
    /// A valid layout that no sequence of moves can solve.
    case unsolvable(inversions: Int, blankRow: Int, size: Int)

    public var description: String {
        switch self {
        case .sizeOutOfRange(let size):
            "a board is \(PuzzleBoard.sizes.lowerBound) to \(PuzzleBoard.sizes.upperBound) tiles wide, not \(size)"
        case .wrongTileCount(let expected, let found):
            "a board needs \(expected) cells (the tiles and one blank), found \(found)"
        case .tileOutOfRange(let tile, let index, let size):
            "tile \(tile) in cell \(index + 1) is not on a \(size)×\(size) board (tiles are 1 to \(size * size - 1), blank is _ or 0)"
        case .duplicateTile(let tile, let firstIndex, let index):
            tile == 0
                ? "two blanks, in cells \(firstIndex + 1) and \(index + 1); a board has exactly one"
                : "tile \(tile) appears twice, in cells \(firstIndex + 1) and \(index + 1); each tile appears exactly once"
        case .unsolvable(let inversions, let blankRow, let size):
            size % 2 == 1
                ? "this layout can never be solved: it has \(counted(inversions, "inversion")) and an odd width needs an even number; swap two tiles"
                : "this layout can never be solved: \(inversions) inversions plus the blank's row \(blankRow) (from the top, 0-based) must be odd on an even width; swap two tiles"
        }
    }
}
