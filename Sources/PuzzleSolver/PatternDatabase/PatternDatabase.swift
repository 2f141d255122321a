/// Additive disjoint pattern databases for one board width (Korf & Felner 2002).
///
/// For each group of tiles, a table gives the fewest moves *of that group's tiles* that bring
/// them home from any placement, with every other tile treated as indistinguishable and its
/// moves free. Each real move moves one tile of one group, so the groups' values add up to an
/// admissible heuristic. A placement's index is the tiles' cells as base-`cells` digits.
public final class PatternDatabase: Sendable {
    public let partition: PatternPartition
    /// Every group's table back to back, group order; `0xFF` marks impossible placements.
    let storage: [UInt8]
    /// Where each group's table starts in `storage`.
    let offsets: [Int]

    init(partition: PatternPartition, storage: [UInt8]) {
        self.partition = partition
        self.storage = storage
        var offsets: [Int] = []
        var offset = 0
        for size in partition.tableSizes {
            offsets.append(offset)
            offset += size
        }
        self.offsets = offsets
    }

    /// Bytes held in memory (and, plus a small header, on disk).
    public var byteCount: Int { storage.count }

    /// Builds every group's table by breadth-first search back from the goal.
    public static func build(_ partition: PatternPartition) -> PatternDatabase {
        var storage: [UInt8] = []
        storage.reserveCapacity(partition.tableSizes.reduce(0, +))
        for group in partition.groups {
            storage.append(contentsOf: buildTable(size: partition.size, group: group))
        }
        return PatternDatabase(partition: partition, storage: storage)
    }

    /// Breadth-first search over (placement of the group's tiles, blank region).
    ///
    /// Moving the blank among cells the group's tiles do not occupy costs nothing, so a state
    /// keeps only the blank's connected region, named by its lowest cell. A step slides a
    /// group tile into a neighbouring cell of that region (cost 1), leaving the blank where
    /// the tile was. The table keeps, per placement, the cost of its cheapest region.
    static func buildTable(size: Int, group: [Int]) -> [UInt8] {
        let cells = size * size
        let k = group.count
        var weights: [Int] = []
        var entries = 1
        for _ in group {
            weights.append(entries)
            entries *= cells
        }
        let all: UInt64 = cells == 64 ? ~0 : (1 << UInt64(cells)) - 1
        var notFirstColumn: UInt64 = 0
        var notLastColumn: UInt64 = 0
        for cell in 0..<cells {
            if cell % size != 0 { notFirstColumn |= 1 << UInt64(cell) }
            if cell % size != size - 1 { notLastColumn |= 1 << UInt64(cell) }
        }
        let neighbors = BoardGeometry(size: size).neighbors

        /// The connected free cells reachable from `cell`.
        func region(from cell: Int, free: UInt64) -> UInt64 {
            var region: UInt64 = 1 << UInt64(cell)
            while true {
                let grown = (region | ((region << 1) & notFirstColumn) | ((region >> 1) & notLastColumn)
                    | (region << UInt64(size)) | (region >> UInt64(size))) & free
                if grown == region { return region }
                region = grown
            }
        }

        var table = [UInt8](repeating: 0xFF, count: entries)
        var visited = [UInt64](repeating: 0, count: (entries * cells + 63) / 64)
        var goalIndex = 0
        var goalOccupied: UInt64 = 0
        for (slot, tile) in group.enumerated() {
            goalIndex += (tile - 1) * weights[slot]
            goalOccupied |= 1 << UInt64(tile - 1)
        }
        let goalRegion = region(from: cells - 1, free: all & ~goalOccupied)
        let startCode = goalIndex * cells + goalRegion.trailingZeroBitCount
        visited[startCode >> 6] |= 1 << UInt64(startCode & 63)
        table[goalIndex] = 0
        var frontier: [UInt32] = [UInt32(startCode)]
        var positions = [Int](repeating: 0, count: k)
        var depth: UInt8 = 0

        table.withUnsafeMutableBufferPointer { table in
            visited.withUnsafeMutableBufferPointer { visited in
                neighbors.withUnsafeBufferPointer { neighbors in
                    while !frontier.isEmpty {
                        var next: [UInt32] = []
                        next.reserveCapacity(frontier.count * 2)
                        for code in frontier {
                            let index = Int(code) / cells
                            let blank = Int(code) % cells
                            var rest = index
                            var occupied: UInt64 = 0
                            for slot in 0..<k {
                                positions[slot] = rest % cells
                                rest /= cells
                                occupied |= 1 << UInt64(positions[slot])
                            }
                            let free = all & ~occupied
                            let blankRegion = region(from: blank, free: free)
                            for slot in 0..<k {
                                let from = positions[slot]
                                for neighborSlot in from * 4..<from * 4 + 4 {
                                    let to = Int(neighbors[neighborSlot])
                                    if to < 0 { break }
                                    guard blankRegion & (1 << UInt64(to)) != 0 else { continue }
                                    let newIndex = index + (to - from) * weights[slot]
                                    let newFree = (free | (1 << UInt64(from))) & ~(1 << UInt64(to))
                                    let newCode = newIndex * cells + region(from: from, free: newFree).trailingZeroBitCount
                                    let bit: UInt64 = 1 << UInt64(newCode & 63)
                                    if visited[newCode >> 6] & bit != 0 { continue }
                                    visited[newCode >> 6] |= bit
                                    if table[newIndex] == 0xFF { table[newIndex] = depth + 1 }
                                    next.append(UInt32(newCode))
                                }
                            }
                        }
                        frontier = next
                        depth += 1
                    }
                }
            }
        }
        return table
    }
}
