extension PuzzleBoard {
    /// Pairs of tiles (blank left out) that appear in reading order larger-first.
    public var inversions: Int {
        // Counting with a Fenwick tree keeps this O(n log n) for 8×8 boards.
        var tree = [Int](repeating: 0, count: tiles.count + 1)
        var seen = 0
        var count = 0
        for tile in tiles where tile != 0 {
            var smallerSeen = 0
            var i = tile
            while i > 0 {
                smallerSeen += tree[i]
                i -= i & -i
            }
            count += seen - smallerSeen
            i = tile
            while i < tree.count {
                tree[i] += 1
                i += i & -i
            }
            seen += 1
        }
        return count
    }

    /// The blank's row counted from the top, starting at 0.
    public var blankRow: Int { blankIndex / size }

    /// Whether the goal can be reached. Odd widths: the inversion count is even. Even widths:
    /// inversions plus the blank's row (from the top, 0-based) is odd. Every move keeps that
    /// parity, and the goal has it; the tests confirm the rule by breadth-first search.
    public var isSolvable: Bool {
        size % 2 == 1 ? inversions % 2 == 0 : (inversions + blankRow) % 2 == 1
    }

    /// Throws `.unsolvable` when the goal cannot be reached.
    public func requireSolvable() throws(PuzzleBoardError) {
        guard isSolvable else { throw .unsolvable(inversions: inversions, blankRow: blankRow, size: size) }
    }
}
