/// IDA* with additive pattern databases and their mirrored lookup.
///
/// The heuristic is max(Σ groups on the board, Σ groups on the board reflected in its main
/// diagonal). The reflection maps the goal to the goal (tile t at cell p becomes tile m(t) at
/// cell T(p), m relabelling by transposed home cell), so it has the same distance to the goal
/// and its lookup is admissible too. Indices of both are updated incrementally: a move
/// changes one digit of one group's index in each.
final class PatternDatabaseSearch {
    static let found = -1
    static let aborted = -2
    static let pathCapacity = 4_096

    private let cells: Int
    private let groupCount: Int
    private let tiles: UnsafeMutablePointer<UInt8>
    private let neighbors: UnsafeMutablePointer<Int8>
    /// Per tile: its group, the weight of its digit; the same for its mirror image.
    private let group: UnsafeMutablePointer<Int>
    private let weight: UnsafeMutablePointer<Int>
    private let mirrorGroup: UnsafeMutablePointer<Int>
    private let mirrorWeight: UnsafeMutablePointer<Int>
    /// Per cell: the cell reflected in the main diagonal.
    private let mirrorCell: UnsafeMutablePointer<Int>
    /// Per group (normal first, then mirrored): current index (including the table's offset) and value.
    private let index: UnsafeMutablePointer<Int>
    private let value: UnsafeMutablePointer<Int>
    private let tables: UnsafePointer<UInt8>
    private let path: UnsafeMutablePointer<Int>
    private var budget: SearchBudget
    /// Nodes generated, and the count at which `budget` is consulted next. Raw memory rather
    /// than `budget.nodes`: a class's stored `var` costs a runtime exclusivity check on every
    /// access, and `SearchBudget`'s layout is only known at run time (it holds clock instants,
    /// a resilient type), so each access to its fields also fetched its metadata.
    private let nodes: UnsafeMutablePointer<Int>
    private let nextCheck: UnsafeMutablePointer<Int>
    private let startTiles: [UInt8]
    private let geometry: BoardGeometry

    /// `tables` must stay valid for the life of the search (the caller holds the database).
    init(geometry: BoardGeometry, database: PatternDatabase, tables: UnsafePointer<UInt8>, tiles start: [UInt8], budget: SearchBudget) {
        self.geometry = geometry
        let size = geometry.size
        cells = geometry.cells
        groupCount = database.partition.groups.count
        self.tables = tables
        self.budget = budget
        nodes = .allocate(capacity: 1)
        nodes.initialize(to: budget.nodes)
        nextCheck = .allocate(capacity: 1)
        nextCheck.initialize(to: budget.nextCheck)
        startTiles = start
        tiles = .allocate(capacity: cells)
        tiles.initialize(from: start, count: cells)
        neighbors = .allocate(capacity: cells * 4)
        neighbors.initialize(from: geometry.neighbors, count: cells * 4)
        group = .allocate(capacity: cells)
        weight = .allocate(capacity: cells)
        mirrorGroup = .allocate(capacity: cells)
        mirrorWeight = .allocate(capacity: cells)
        mirrorCell = .allocate(capacity: cells)
        index = .allocate(capacity: 2 * groupCount)
        value = .allocate(capacity: 2 * groupCount)
        path = .allocate(capacity: Self.pathCapacity)
        group.initialize(repeating: 0, count: cells)
        weight.initialize(repeating: 0, count: cells)
        for (number, members) in database.partition.groups.enumerated() {
            var digit = 1
            for tile in members {
                group[tile] = number
                weight[tile] = digit
                digit *= cells
            }
        }
        for cell in 0..<cells {
            mirrorCell[cell] = (cell % size) * size + cell / size
        }
        mirrorGroup.initialize(repeating: 0, count: cells)
        mirrorWeight.initialize(repeating: 0, count: cells)
        for tile in 1..<cells {
            let mirrored = mirrorCell[tile - 1] + 1
            mirrorGroup[tile] = groupCount + group[mirrored]
            mirrorWeight[tile] = weight[mirrored]
        }
        for number in 0..<2 * groupCount {
            index[number] = database.offsets[number % groupCount]
        }
        for cell in 0..<cells {
            let tile = Int(start[cell])
            if tile == 0 { continue }
            index[group[tile]] += cell * weight[tile]
            index[mirrorGroup[tile]] += mirrorCell[cell] * mirrorWeight[tile]
        }
        for number in 0..<2 * groupCount {
            value[number] = Int(tables[index[number]])
        }
    }

    deinit {
        for pointer in [group, weight, mirrorGroup, mirrorWeight, mirrorCell, index, value, path, nodes, nextCheck] {
            pointer.deallocate()
        }
        tiles.deallocate()
        neighbors.deallocate()
    }

    func solve() -> SolveOutcome {
        var normal = 0
        var mirrored = 0
        for number in 0..<groupCount {
            normal += value[number]
            mirrored += value[groupCount + number]
        }
        guard let blank = startTiles.firstIndex(of: 0) else { return .notComputed(.unsolvable) }
        var bound = max(normal, mirrored)
        while true {
            let result = search(blank: blank, depth: 0, normal: normal, mirrored: mirrored, bound: bound, previous: -1)
            budget.nodes = nodes.pointee
            if result == Self.found {
                let blankPath = (0..<bound).map { path[$0] }
                return SearchResult.outcome(geometry: geometry, startTiles: startTiles, blankPath: blankPath, budget: budget)
            }
            if result == Self.aborted || result == Int.max {
                return .notComputed(budget.notComputed(lowerBound: bound))
            }
            bound = result
        }
    }

    /// Hands the node count to `budget` and asks it whether to go on (every few thousand nodes).
    /// Out of line: inlined into `search`, its clock reading made every call of `search` fetch
    /// the clock instant's metadata to size a stack slot.
    @inline(never)
    private func budgetAllowsMore() -> Bool {
        budget.nodes = nodes.pointee
        let within = budget.stillWithin()
        nextCheck.pointee = budget.nextCheck
        return within
    }

    private func search(blank: Int, depth: Int, normal: Int, mirrored: Int, bound: Int, previous: Int) -> Int {
        let heuristic = normal > mirrored ? normal : mirrored
        let estimate = depth + heuristic
        if estimate > bound { return estimate }
        if heuristic == 0 { return Self.found }
        if depth >= Self.pathCapacity { return Int.max }
        var smallest = Int.max
        let first = blank * 4
        for slot in first..<first + 4 {
            let next = Int(neighbors[slot])
            if next < 0 { break }
            if next == previous { continue }
            nodes.pointee &+= 1
            if nodes.pointee >= nextCheck.pointee, !budgetAllowsMore() { return Self.aborted }
            let tile = Int(tiles[next])
            // The tile moves from `next` to `blank`.
            let g = group[tile]
            let oldIndex = index[g]
            let oldValue = value[g]
            let newIndex = oldIndex + (blank - next) * weight[tile]
            let newValue = Int(tables[newIndex])
            let m = mirrorGroup[tile]
            let oldMirrorIndex = index[m]
            let oldMirrorValue = value[m]
            let newMirrorIndex = oldMirrorIndex + (mirrorCell[blank] - mirrorCell[next]) * mirrorWeight[tile]
            let newMirrorValue = Int(tables[newMirrorIndex])
            let childNormal = normal - oldValue + newValue
            let childMirrored = mirrored - oldMirrorValue + newMirrorValue
            // Prune before touching the board: most children exceed the bound.
            let childHeuristic = childNormal > childMirrored ? childNormal : childMirrored
            if depth + 1 + childHeuristic > bound {
                if depth + 1 + childHeuristic < smallest { smallest = depth + 1 + childHeuristic }
                continue
            }
            index[g] = newIndex
            value[g] = newValue
            index[m] = newMirrorIndex
            value[m] = newMirrorValue
            tiles[blank] = UInt8(truncatingIfNeeded: tile)
            tiles[next] = 0
            path[depth] = next
            let result = search(blank: next, depth: depth + 1, normal: childNormal, mirrored: childMirrored, bound: bound, previous: blank)
            tiles[next] = UInt8(truncatingIfNeeded: tile)
            tiles[blank] = 0
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
