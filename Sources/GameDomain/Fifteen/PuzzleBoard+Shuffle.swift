extension PuzzleBoard {
    /// A uniformly random *solvable* board, the same for the same seed on every machine.
    ///
    /// 1. Start from the goal's cells (1…N²−1, then the blank) and shuffle them with
    ///    Fisher–Yates driven by `SplitMix64(seed:)`: for i from N²−1 down to 1, swap cell i
    ///    with cell `bounded(i + 1)`. Every one of the (N²)! layouts is equally likely.
    /// 2. If the layout is unsolvable, swap the tiles in two fixed cells that are not the
    ///    blank: cells 0 and 1, or cells N²−2 and N²−1 when the blank is in cell 0 or 1.
    ///
    /// Why step 2 keeps uniformity: swapping two tiles flips the inversion parity and leaves
    /// the blank where it is, so it turns unsolvable layouts into solvable ones. The cells
    /// chosen depend only on the blank's cell, which the swap does not move, so the swap is
    /// its own inverse: a one-to-one pairing of unsolvable with solvable layouts. Each
    /// solvable layout is reached from itself or from its partner, 2/(N²)! each.
    public static func shuffled(size: Int, seed: UInt64) throws(PuzzleBoardError) -> PuzzleBoard {
        var board = try goal(size: size)
        var random = SplitMix64(seed: seed)
        let cells = size * size
        for i in stride(from: cells - 1, through: 1, by: -1) {
            let j = Int(random.bounded(UInt64(i + 1)))
            board.swapCells(i, j)
        }
        if !board.isSolvable {
            let blank = board.blankIndex
            if blank > 1 { board.swapCells(0, 1) } else { board.swapCells(cells - 2, cells - 1) }
        }
        return board
    }
}
