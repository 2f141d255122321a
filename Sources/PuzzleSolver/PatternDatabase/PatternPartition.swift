/// Disjoint groups of tiles that together hold every tile of an N×N board: one pattern
/// database per group, their values added (Korf & Felner 2002).
public struct PatternPartition: Sendable, Hashable, Codable {
    public let size: Int
    /// Tile numbers per group; every tile 1…N²−1 in exactly one group.
    public let groups: [[Int]]

    /// The largest cells^k a group may have: the build names a placement by its cells as
    /// base-`cells` digits (with the blank, in 32 bits), and its memory grows with k.
    public static let maximumTableBytes = 1 << 26

    public init(size: Int, groups: [[Int]]) throws(PatternPartitionError) {
        guard (2...8).contains(size) else { throw .sizeOutOfRange(size) }
        let cells = size * size
        var seen = Set<Int>()
        for group in groups {
            guard !group.isEmpty else { throw .emptyGroup }
            for tile in group {
                guard (1..<cells).contains(tile) else { throw .tileOutOfRange(tile) }
                guard seen.insert(tile).inserted else { throw .tileInTwoGroups(tile) }
            }
            // The build encodes (placement as base-cells digits, blank) in 32 bits.
            var entries = 1
            for _ in group { entries *= cells }
            guard entries <= Self.maximumTableBytes, entries * cells <= Int(UInt32.max) else {
                throw .groupTooLarge(group)
            }
        }
        if let missing = (1..<cells).first(where: { !seen.contains($0) }) { throw .tileMissing(missing) }
        self.size = size
        self.groups = groups
    }

    private init(checked size: Int, groups: [[Int]]) {
        self.size = size
        self.groups = groups
    }

    /// The 4×4 6-6-3 partition used by default. With the blank home bottom-right:
    ///
    ///      1  2  3  4        A = 1 5 6 9 10 13   (left block)
    ///      5  6  7  8        B = 7 8 11 12 14 15 (right block)
    ///      9 10 11 12        C = 2 3 4           (top row)
    ///     13 14 15  _
    ///
    /// Its reflection in the main diagonal is a different partition (1 2 3 4 6 7 / 8 10 11
    /// 12 14 15 / 5 9 13), so the mirrored lookup adds information.
    public static let fifteen663 = PatternPartition(
        checked: 4, groups: [[1, 5, 6, 9, 10, 13], [7, 8, 11, 12, 14, 15], [2, 3, 4]]
    )

    var cells: Int { size * size }

    /// Table entries of each group: one per placement of its k tiles on distinct cells,
    /// cells × (cells−1) × … × (cells−k+1), numbered by `rank` (5,765,760 for 6 tiles on 4×4,
    /// where the tiles' cells as base-16 digits would need 16⁶ = 16,777,216).
    var tableEntries: [Int] {
        groups.map { group in (0..<group.count).reduce(1) { product, slot in product * (cells - slot) } }
    }

    /// Bytes of each group's table: two 4-bit entries per byte.
    var tableBytes: [Int] { tableEntries.map { ($0 + 1) / 2 } }

    /// The number of a placement among all placements of `count` tiles on `cells` cells:
    /// `positions[s]` is the cell of the group's tile s. Digit s is that cell minus the earlier
    /// tiles' cells below it (the cells still free for it, counted from 0), in radix cells,
    /// cells−1, …, so every placement gets a distinct number below `tableEntries`.
    static func rank(_ positions: UnsafePointer<Int>, count: Int, cells: Int) -> Int {
        var rank = 0
        var radix = 1
        var earlier: UInt64 = 0
        for slot in 0..<count {
            let cell = positions[slot]
            let below: UInt64 = (1 << UInt64(cell)) &- 1
            rank += (cell - (earlier & below).nonzeroBitCount) * radix
            radix *= cells - slot
            earlier |= 1 << UInt64(cell)
        }
        return rank
    }
}

/// Why tile groups do not form a pattern partition.
public enum PatternPartitionError: Error, Sendable, Hashable, CustomStringConvertible {
    case sizeOutOfRange(Int)
    case emptyGroup
    case tileOutOfRange(Int)
    case tileInTwoGroups(Int)
    case tileMissing(Int)
    case groupTooLarge([Int])

    public var description: String {
        switch self {
        case .sizeOutOfRange(let size): "pattern databases are for 2×2 to 8×8 boards, not \(size)×\(size)"
        case .emptyGroup: "a pattern group needs at least one tile"
        case .tileOutOfRange(let tile): "tile \(tile) is not on the board"
        case .tileInTwoGroups(let tile): "tile \(tile) is in two groups; groups must be disjoint"
        case .tileMissing(let tile): "tile \(tile) is in no group; every tile needs one"
        case .groupTooLarge(let group): "group \(group) needs too large a table; use fewer tiles"
        }
    }
}
