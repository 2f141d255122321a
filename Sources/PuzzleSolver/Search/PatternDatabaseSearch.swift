/// IDA* with additive pattern databases and their mirrored lookup.
///
/// The heuristic is max(Σ groups on the board, Σ groups on the board reflected in its main
/// diagonal). The reflection maps the goal to the goal (tile t at cell p becomes tile m(t) at
/// cell T(p), m relabelling by transposed home cell), so it has the same distance to the goal
/// and its lookup is admissible too. A group's value is its tiles' Manhattan distance plus
/// twice its table entry (see `PatternDatabase`); the Manhattan distances of all groups add
/// up to the board's, the same on the reflection, so each sum is tracked as that plus twice
/// the entries.
///
/// Each group's entry index (`PatternPartition.rank` of its tiles' cells) is updated per move.
/// Say the group's tile in slot s moves from cell a to cell b. Its digit (its cell minus the
/// earlier tiles' cells below it) changes by b − a, but each earlier tile on a cell strictly
/// between a and b takes one back, and each later tile on such a cell changes its own digit by
/// one the way the move goes. A horizontal move has no cell in between: the index changes by
/// (b − a) × the slot's radix. A vertical move jumps the size − 1 cells in between. On the
/// reflection horizontal and vertical swap, so every move has jump terms on exactly one side.
final class PatternDatabaseSearch {
    private let cells: Int
    private let groupCount: Int
    /// Per tile: its group, and its mirror image's group (numbered after the normal ones).
    private let group: UnsafeMutablePointer<Int>
    private let mirrorGroup: UnsafeMutablePointer<Int>
    /// Per tile and move (`tile * cells * 4 + move`, a move being the blank's cell and its
    /// `neighbors` slot, `cell * 4 + i`): what the move changes, jump terms aside.
    private let steps: UnsafeMutablePointer<Step>
    /// Per move: the cells between the tile's old and new cell in index order on the side where
    /// the move is vertical, size − 1 of them, packed as 8-bit fields (lowest first); the
    /// offset of the `jumpTerm` table for that side and direction; and all ones when that side
    /// is the board, 0 when it is the reflection.
    private let span: Int
    private let jumped: UnsafeMutablePointer<UInt64>
    private let jumpTable: UnsafeMutablePointer<Int>
    private let normalMask: UnsafeMutablePointer<Int>
    /// `jumpTerm[table + u * cells + v]`: what tile u jumping over tile v adds to its group's
    /// index, as above: minus u's radix when v is an earlier tile of u's group, v's radix when a
    /// later one, else 0 (also for the blank, v = 0); negated for a move to a lower cell. Four
    /// tables: the board's and the reflection's (the mirror images' slots), each both ways.
    private let jumpTerm: UnsafeMutablePointer<Int>
    /// Per group (normal first, then mirrored): current entry index (with the table's offset)
    /// and entry.
    private let index: UnsafeMutablePointer<Int>
    private let value: UnsafeMutablePointer<Int>
    private let tables: UnsafePointer<UInt8>
    private let driver: IDAStarDriver

    /// `tables` must stay valid for the life of the search (the caller holds the database).
    init(
        geometry: BoardGeometry, database: PatternDatabase, tables: UnsafePointer<UInt8>, tiles start: [UInt8],
        budget: SearchBudget
    ) {
        driver = IDAStarDriver(geometry: geometry, startTiles: start, budget: budget)
        let size = geometry.size
        cells = geometry.cells
        groupCount = database.partition.groups.count
        self.tables = tables
        group = .allocate(capacity: cells)
        mirrorGroup = .allocate(capacity: cells)
        index = .allocate(capacity: 2 * groupCount)
        value = .allocate(capacity: 2 * groupCount)

        // Slots and radixes, the tiles' own and their mirror images'.
        var slot = [Int](repeating: 0, count: cells)
        var radix = [Int](repeating: 0, count: cells)
        group.initialize(repeating: 0, count: cells)
        for (number, members) in database.partition.groups.enumerated() {
            var product = 1
            for (position, tile) in members.enumerated() {
                group[tile] = number
                slot[tile] = position
                radix[tile] = product
                product *= cells - position
            }
        }
        let mirrorCell = (0..<cells).map { cell in (cell % size) * size + cell / size }
        var mirrorSlot = [Int](repeating: 0, count: cells)
        var mirrorRadix = [Int](repeating: 0, count: cells)
        mirrorGroup.initialize(repeating: 0, count: cells)
        for tile in 1..<cells {
            let mirrored = mirrorCell[tile - 1] + 1
            mirrorGroup[tile] = groupCount + group[mirrored]
            mirrorSlot[tile] = slot[mirrored]
            mirrorRadix[tile] = radix[mirrored]
        }

        let moves = cells * 4
        steps = .allocate(capacity: cells * moves)
        steps.initialize(repeating: Step(distance: 0, normal: 0, mirror: 0), count: cells * moves)
        span = size - 1
        jumped = .allocate(capacity: moves)
        jumped.initialize(repeating: 0, count: moves)
        jumpTable = .allocate(capacity: moves)
        jumpTable.initialize(repeating: 0, count: moves)
        normalMask = .allocate(capacity: moves)
        normalMask.initialize(repeating: 0, count: moves)
        for blank in 0..<cells {
            for move in blank * 4..<blank * 4 + 4 {
                let next = Int(geometry.neighbors[move])
                if next < 0 { break }
                // The tile moves from `next` to `blank`.
                for tile in 1..<cells {
                    steps[tile * moves + move] = Step(
                        distance: Int32(geometry.manhattan[tile * cells + blank])
                            - Int32(geometry.manhattan[tile * cells + next]),
                        normal: Int32((blank - next) * radix[tile]),
                        mirror: Int32((mirrorCell[blank] - mirrorCell[next]) * mirrorRadix[tile])
                    )
                }
                let vertical = next / size != blank / size
                let (from, to) = vertical ? (next, blank) : (mirrorCell[next], mirrorCell[blank])
                for offset in 0..<span {
                    let between = min(from, to) + 1 + offset
                    jumped[move] |= UInt64(vertical ? between : mirrorCell[between]) << UInt64(8 * offset)
                }
                jumpTable[move] = ((vertical ? 0 : 2) + (to > from ? 0 : 1)) * cells * cells
                normalMask[move] = vertical ? ~0 : 0
            }
        }
        jumpTerm = .allocate(capacity: 4 * cells * cells)
        jumpTerm.initialize(repeating: 0, count: 4 * cells * cells)
        for u in 1..<cells {
            for v in 1..<cells where v != u {
                var terms = (0, 0)
                if group[v] == group[u] { terms.0 = slot[v] < slot[u] ? -radix[u] : radix[v] }
                if mirrorGroup[v] == mirrorGroup[u] {
                    terms.1 = mirrorSlot[v] < mirrorSlot[u] ? -mirrorRadix[u] : mirrorRadix[v]
                }
                for (table, term) in [terms.0, -terms.0, terms.1, -terms.1].enumerated() {
                    jumpTerm[table * cells * cells + u * cells + v] = term
                }
            }
        }

        // The starting indices and entries.
        var positions = [Int](repeating: 0, count: 2 * cells)
        for cell in 0..<cells {
            let tile = Int(start[cell])
            if tile == 0 { continue }
            positions[tile] = cell
            positions[cells + mirrorCell[tile - 1] + 1] = mirrorCell[cell]
        }
        for number in 0..<2 * groupCount {
            let members = database.partition.groups[number % groupCount]
            let base = number < groupCount ? 0 : cells
            let cellsOfMembers = members.map { positions[base + $0] }
            let rank = cellsOfMembers.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { PatternPartition.rank($0, count: members.count, cells: cells) } ?? 0
            }
            index[number] = database.offsets[number % groupCount] + rank
            value[number] = PatternDatabase.entry(tables, index[number])
        }
    }

    deinit {
        for pointer in [group, mirrorGroup, jumpTable, normalMask, jumpTerm, index, value] {
            pointer.deallocate()
        }
        steps.deallocate()
        jumped.deallocate()
    }

    /// Runs IDA* to the end or until the budget runs out.
    func solve() -> SolveOutcome {
        let distance = driver.geometry.manhattanDistance(driver.startTiles)
        var normal = distance
        var mirrored = distance
        for number in 0..<groupCount {
            normal += 2 * value[number]
            mirrored += 2 * value[groupCount + number]
        }
        return driver.run(heuristic: max(normal, mirrored)) { [normal, mirrored] blank, bound in
            search(blank: blank, depth: 0, normal: normal, mirrored: mirrored, bound: bound, previous: -1)
        }
    }

    private func search(blank: Int, depth: Int, normal: Int, mirrored: Int, bound: Int, previous: Int) -> Int {
        let heuristic = normal > mirrored ? normal : mirrored
        let estimate = depth + heuristic
        if estimate > bound { return estimate }
        if heuristic == 0 { return IDAStarDriver.found }
        if depth >= IDAStarDriver.pathCapacity { return Int.max }
        var smallest = Int.max
        let first = blank &* 4
        for neighbor in 0..<4 {
            let slot = first &+ neighbor
            let next = Int(driver.neighbors[slot])
            if next < 0 { break }
            if next == previous { continue }
            if !driver.countNode() { return IDAStarDriver.aborted }
            let tile = Int(driver.tiles[next])
            // The tile moves from `next` to `blank`. Wrapping arithmetic: no overflow checks.
            let step = steps[tile &* cells &* 4 &+ slot]
            let terms = jumpTerm + (jumpTable[slot] &+ tile &* cells)
            var jumps = 0
            var jumpedCells = jumped[slot]
            for _ in 0..<span {
                jumps &+= terms[Int(driver.tiles[Int(truncatingIfNeeded: jumpedCells & 0xFF)])]
                jumpedCells &>>= 8
            }
            let normalJumps = jumps & normalMask[slot]
            let g = group[tile]
            let m = mirrorGroup[tile]
            let oldIndex = index[g]
            let oldValue = value[g]
            let newIndex = oldIndex &+ Int(step.normal) &+ normalJumps
            let newValue = PatternDatabase.entry(tables, newIndex)
            let oldMirrorIndex = index[m]
            let oldMirrorValue = value[m]
            let newMirrorIndex = oldMirrorIndex &+ Int(step.mirror) &+ (jumps &- normalJumps)
            let newMirrorValue = PatternDatabase.entry(tables, newMirrorIndex)
            let distanceChange = Int(step.distance)
            let childNormal = normal &+ distanceChange &+ 2 &* (newValue &- oldValue)
            let childMirrored = mirrored &+ distanceChange &+ 2 &* (newMirrorValue &- oldMirrorValue)
            // Prune before touching the board: most children exceed the bound.
            let childHeuristic = childNormal > childMirrored ? childNormal : childMirrored
            let childEstimate = depth &+ 1 &+ childHeuristic
            if childEstimate > bound {
                if childEstimate < smallest { smallest = childEstimate }
                continue
            }
            index[g] = newIndex
            value[g] = newValue
            index[m] = newMirrorIndex
            value[m] = newMirrorValue
            driver.tiles[blank] = UInt8(truncatingIfNeeded: tile)
            driver.tiles[next] = 0
            driver.path[depth] = next
            let result = search(
                blank: next, depth: depth + 1, normal: childNormal, mirrored: childMirrored, bound: bound,
                previous: blank)
            driver.tiles[next] = UInt8(truncatingIfNeeded: tile)
            driver.tiles[blank] = 0
            index[g] = oldIndex
            value[g] = oldValue
            index[m] = oldMirrorIndex
            value[m] = oldMirrorValue
            if result < 0 { return result }
            if result < smallest { smallest = result }
        }
        return smallest
    }
}

/// What moving one tile changes: its Manhattan distance, and its group's index on the board
/// and on the reflection (its radix times how far it moves in index order; jumps aside).
private struct Step {
    var distance: Int32
    var normal: Int32
    var mirror: Int32
}
