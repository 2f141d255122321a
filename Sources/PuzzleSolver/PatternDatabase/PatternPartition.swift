/// Disjoint groups of tiles that together hold every tile of an N×N board: one pattern
/// database per group, their values added (Korf & Felner 2002).
public struct PatternPartition: Sendable, Hashable, Codable {
    public let size: Int
    /// Tile numbers per group; every tile 1…N²−1 in exactly one group.
    public let groups: [[Int]]

    /// The largest table a group may need (cells^k bytes): keeps a build within memory.
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
            // The table has cells^k entries; the build encodes (entry, blank) in 32 bits.
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

    /// Table entries of each group: cells^k (positions as base-`cells` digits, unused
    /// combinations left in so an index is a plain weighted sum, updated by one add per move).
    var tableSizes: [Int] {
        groups.map { group in group.reduce(1) { product, _ in product * cells } }
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
