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
        // One allocation, each table built in place: the build's peak memory is the tables
        // plus one group's search state.
        var storage = [UInt8](repeating: 0xFF, count: partition.tableSizes.reduce(0, +))
        var offset = 0
        storage.withUnsafeMutableBufferPointer { storage in
            for (group, size) in zip(partition.groups, partition.tableSizes) {
                let table = UnsafeMutableBufferPointer(rebasing: storage[offset..<offset + size])
                buildTable(size: partition.size, group: group, into: table)
                offset += size
            }
        }
        return PatternDatabase(partition: partition, storage: storage)
    }

    /// Breadth-first search over (placement of the group's tiles, blank region).
    ///
    /// Moving the blank among cells the group's tiles do not occupy costs nothing, so a state
    /// keeps only the blank's connected region, named by its lowest cell. A step slides a
    /// group tile into a neighbouring cell of that region (cost 1), leaving the blank where
    /// the tile was. The table keeps, per placement, the cost of its cheapest region.
    /// `table` has cells^k entries, all `0xFF` on entry.
    static func buildTable(size: Int, group: [Int], into table: UnsafeMutableBufferPointer<UInt8>) {
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

        // Visited states are keyed by the placement's compact rank (k distinct cells out of
        // `cells`: cells!/(cells−k)! values), a third of the table's sparse index space, so
        // the bitset stays small (11.5 MB for a 6-tile 4×4 group).
        var placements = 1
        for slot in 0..<k { placements *= cells - slot }
        let positions = UnsafeMutablePointer<Int>.allocate(capacity: k)
        defer { positions.deallocate() }
        /// The compact rank of `positions`: digit s is the cell minus the earlier tiles' cells
        /// below it, in radix cells, cells−1, …
        func compactRank() -> Int {
            var rank = 0
            var radix = 1
            var earlier: UInt64 = 0
            for slot in 0..<k {
                let cell = positions[slot]
                let below: UInt64 = (1 << UInt64(cell)) &- 1
                rank += (cell - (earlier & below).nonzeroBitCount) * radix
                radix *= cells - slot
                earlier |= 1 << UInt64(cell)
            }
            return rank
        }

        var visited = [UInt64](repeating: 0, count: (placements * cells + 63) / 64)
        var goalIndex = 0
        var goalOccupied: UInt64 = 0
        for (slot, tile) in group.enumerated() {
            goalIndex += (tile - 1) * weights[slot]
            goalOccupied |= 1 << UInt64(tile - 1)
            positions[slot] = tile - 1
        }
        let goalBlank = region(from: cells - 1, free: all & ~goalOccupied).trailingZeroBitCount
        let startKey = compactRank() * cells + goalBlank
        visited[startKey >> 6] |= 1 << UInt64(startKey & 63)
        table[goalIndex] = 0
        var frontier: [UInt32] = [UInt32(goalIndex * cells + goalBlank)]
        var depth: UInt8 = 0

        do {
            visited.withUnsafeMutableBufferPointer { visited in
                neighbors.withUnsafeBufferPointer { neighbors in
                    while !frontier.isEmpty {
                        var next: [UInt32] = []
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
                                    let newBlank = region(from: from, free: newFree).trailingZeroBitCount
                                    positions[slot] = to
                                    let key = compactRank() * cells + newBlank
                                    positions[slot] = from
                                    let bit: UInt64 = 1 << UInt64(key & 63)
                                    if visited[key >> 6] & bit != 0 { continue }
                                    visited[key >> 6] |= bit
                                    if table[newIndex] == 0xFF { table[newIndex] = depth + 1 }
                                    next.append(UInt32(newIndex * cells + newBlank))
                                }
                            }
                        }
                        frontier = next
                        depth += 1
                    }
                }
            }
        }
    }
}

extension PatternDatabase {
    /// The heuristic the search uses, computed from scratch: max of the summed group values
    /// on the board and on its reflection. For tests and diagnostics, not the search loop.
    func estimate(_ tiles: [Int]) -> Int {
        let size = partition.size
        let cells = partition.cells
        func transposed(_ cell: Int) -> Int { (cell % size) * size + cell / size }
        var reflected = [Int](repeating: 0, count: cells)
        for (cell, tile) in tiles.enumerated() {
            reflected[transposed(cell)] = tile == 0 ? 0 : transposed(tile - 1) + 1
        }
        func sum(_ board: [Int]) -> Int {
            var total = 0
            for (number, group) in partition.groups.enumerated() {
                var index = offsets[number]
                var digit = 1
                for tile in group {
                    index += (board.firstIndex(of: tile) ?? 0) * digit
                    digit *= cells
                }
                total += Int(storage[index])
            }
            return total
        }
        return max(sum(tiles), sum(reflected))
    }
}
