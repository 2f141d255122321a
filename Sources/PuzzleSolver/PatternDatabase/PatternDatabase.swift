/// Additive disjoint pattern databases for one board width (Korf & Felner 2002).
///
/// For each group of tiles, a table gives the fewest moves *of that group's tiles* that bring
/// them home from any placement, with every other tile treated as indistinguishable and its
/// moves free. Each real move moves one tile of one group, so the groups' values add up to an
/// admissible heuristic.
///
/// Stored small (5.8 MB for 6-6-3 on 4×4, where one byte per cells^k index took 33.6 MB), for
/// the process's memory and so more of the tables stays in the processor's caches:
/// - A placement's entry is numbered by `PatternPartition.rank`: one entry per placement, none
///   for tiles sharing a cell.
/// - An entry holds (moves − the tiles' Manhattan distance) / 2 in 4 bits. Each of the moves
///   changes one tile's Manhattan distance by one, so moves ≥ distance, with the same parity.
///   The search adds the Manhattan distance back; it tracks it anyway. A value above 15 would
///   be stored as 15: still a lower bound, so solutions stay optimal, only the search slower.
///   No entry of the default partition needs that (`clampedEntries`).
public final class PatternDatabase: Sendable {
    public let partition: PatternPartition
    /// Every group's table back to back, group order, two entries per byte (the even entry in
    /// the low four bits); each table starts on a byte.
    let storage: [UInt8]
    /// Where each group's table starts, in entries (twice its byte offset in `storage`).
    let offsets: [Int]
    /// Entries that needed more than 4 bits, stored as 15: counted by `build`, 0 when loaded.
    public let clampedEntries: Int

    init(partition: PatternPartition, storage: [UInt8], clampedEntries: Int = 0) {
        self.partition = partition
        self.storage = storage
        self.clampedEntries = clampedEntries
        var offsets: [Int] = []
        var offset = 0
        for bytes in partition.tableBytes {
            offsets.append(2 * offset)
            offset += bytes
        }
        self.offsets = offsets
    }

    /// Bytes held in memory (and, plus a small header, on disk).
    public var byteCount: Int { storage.count }

    /// Entry `index` (counted in entries, group offset included) of packed 4-bit tables.
    @inline(__always)
    static func entry(_ tables: UnsafePointer<UInt8>, _ index: Int) -> Int {
        Int(tables[index >> 1] >> UInt8(truncatingIfNeeded: (index & 1) << 2)) & 0x0F
    }

    /// Builds every group's table by breadth-first search back from the goal.
    public static func build(_ partition: PatternPartition) -> PatternDatabase {
        // The build's peak memory: the packed tables plus one group's search state.
        var storage = [UInt8](repeating: 0, count: partition.tableBytes.reduce(0, +))
        var byteOffset = 0
        var clamped = 0
        for (group, bytes) in zip(partition.groups, partition.tableBytes) {
            let excess = buildTable(size: partition.size, group: group)
            for (rank, value) in excess.enumerated() {
                // 0xFF: a placement the search never reached (a parity the board cannot have on
                // boards whose group holds every tile); any value is a lower bound there.
                let stored = value == 0xFF ? 0 : min(value, 15)
                if value != 0xFF, value > 15 { clamped += 1 }
                storage[byteOffset + (rank >> 1)] |= stored << UInt8((rank & 1) << 2)
            }
            byteOffset += bytes
        }
        return PatternDatabase(partition: partition, storage: storage, clampedEntries: clamped)
    }

    /// Breadth-first search over (placement of the group's tiles, blank region).
    ///
    /// Moving the blank among cells the group's tiles do not occupy costs nothing, so a state
    /// keeps only the blank's connected region, named by its lowest cell. A step slides a
    /// group tile into a neighbouring cell of that region (cost 1), leaving the blank where
    /// the tile was. Returns, per placement (by `PatternPartition.rank`), the cost of its
    /// cheapest region as (cost − the tiles' Manhattan distance) / 2; `0xFF` if unreached.
    static func buildTable(size: Int, group: [Int]) -> [UInt8] {
        let cells = size * size
        let k = group.count
        // The frontier names a placement by its cells as base-`cells` digits: one add per step.
        var weights: [Int] = []
        var digit = 1
        for _ in group {
            weights.append(digit)
            digit *= cells
        }
        let all: UInt64 = cells == 64 ? ~0 : (1 << UInt64(cells)) - 1
        var notFirstColumn: UInt64 = 0
        var notLastColumn: UInt64 = 0
        for cell in 0..<cells {
            if cell % size != 0 { notFirstColumn |= 1 << UInt64(cell) }
            if cell % size != size - 1 { notLastColumn |= 1 << UInt64(cell) }
        }
        let geometry = BoardGeometry(size: size)
        let neighbors = geometry.neighbors
        /// `manhattan[slot * cells + cell]`: the slot's tile's distance from `cell` to home.
        let manhattan = group.flatMap { tile in geometry.manhattan[tile * cells..<(tile + 1) * cells].map(Int.init) }

        /// The connected free cells reachable from `cell`.
        func region(from cell: Int, free: UInt64) -> UInt64 {
            var region: UInt64 = 1 << UInt64(cell)
            while true {
                let grown =
                    (region | ((region << 1) & notFirstColumn) | ((region >> 1) & notLastColumn)
                        | (region << UInt64(size)) | (region >> UInt64(size))) & free
                if grown == region { return region }
                region = grown
            }
        }

        // Visited states are keyed by the placement's rank and the region's lowest cell.
        let placements = (0..<k).reduce(1) { product, slot in product * (cells - slot) }
        var table = [UInt8](repeating: 0xFF, count: placements)
        let positions = UnsafeMutablePointer<Int>.allocate(capacity: k)
        defer { positions.deallocate() }
        var visited = [UInt64](repeating: 0, count: (placements * cells + 63) / 64)
        var goalIndex = 0
        var goalOccupied: UInt64 = 0
        for (slot, tile) in group.enumerated() {
            goalIndex += (tile - 1) * weights[slot]
            goalOccupied |= 1 << UInt64(tile - 1)
            positions[slot] = tile - 1
        }
        let goalBlank = region(from: cells - 1, free: all & ~goalOccupied).trailingZeroBitCount
        let goalRank = PatternPartition.rank(positions, count: k, cells: cells)
        let startKey = goalRank * cells + goalBlank
        visited[startKey >> 6] |= 1 << UInt64(startKey & 63)
        table[goalRank] = 0
        var frontier: [UInt32] = [UInt32(goalIndex * cells + goalBlank)]
        var depth = 0

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
                            var distance = 0
                            for slot in 0..<k {
                                positions[slot] = rest % cells
                                rest /= cells
                                occupied |= 1 << UInt64(positions[slot])
                                distance += manhattan[slot * cells + positions[slot]]
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
                                    let rank = PatternPartition.rank(positions, count: k, cells: cells)
                                    positions[slot] = from
                                    let key = rank * cells + newBlank
                                    let bit: UInt64 = 1 << UInt64(key & 63)
                                    if visited[key >> 6] & bit != 0 { continue }
                                    visited[key >> 6] |= bit
                                    if table[rank] == 0xFF {
                                        let newDistance =
                                            distance - manhattan[slot * cells + from] + manhattan[slot * cells + to]
                                        // Moves and Manhattan distance have the same parity.
                                        assert((depth + 1 - newDistance) % 2 == 0 && depth + 1 >= newDistance)
                                        table[rank] = UInt8(min((depth + 1 - newDistance) / 2, 0xFE))
                                    }
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
        return table
    }
}

extension PatternDatabase {
    /// The heuristic the search uses, computed from scratch: the Manhattan distance plus twice
    /// the larger of the summed group entries on the board and on its reflection (the
    /// reflection has the same Manhattan distance). For tests and diagnostics, not the search.
    func estimate(_ tiles: [Int]) -> Int {
        let size = partition.size
        let cells = partition.cells
        func transposed(_ cell: Int) -> Int { (cell % size) * size + cell / size }
        var reflected = [Int](repeating: 0, count: cells)
        for (cell, tile) in tiles.enumerated() {
            reflected[transposed(cell)] = tile == 0 ? 0 : transposed(tile - 1) + 1
        }
        let manhattan = BoardGeometry(size: size).manhattanDistance(tiles.map { UInt8(truncatingIfNeeded: $0) })
        func sum(_ board: [Int]) -> Int {
            var total = 0
            for (number, group) in partition.groups.enumerated() {
                let positions = group.map { board.firstIndex(of: $0) ?? 0 }
                let rank = positions.withUnsafeBufferPointer { positions in
                    positions.baseAddress.map { PatternPartition.rank($0, count: group.count, cells: cells) } ?? 0
                }
                total += storage.withUnsafeBufferPointer { tables in
                    tables.baseAddress.map { Self.entry($0, offsets[number] + rank) } ?? 0
                }
            }
            return total
        }
        return manhattan + 2 * max(sum(tiles), sum(reflected))
    }
}
