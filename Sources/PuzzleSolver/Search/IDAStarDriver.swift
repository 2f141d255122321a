import GameDomain

/// What the two searches share: IDA*'s outer loop, which raises the bound until a depth-first
/// iteration finds the goal, and the state that loop and the inner search both touch (node
/// count, budget, the board the search moves tiles on, the blank's path).
///
/// The inner search reads `tiles`, `neighbors`, `nodes`, `nextCheck` and `path` on every node,
/// so they are raw memory: a class's stored `var` costs a runtime exclusivity check on every
/// access. The budget sits behind a pointer too: its layout is only known at run time (it holds
/// clock instants, a resilient type), and stored inline it would put this struct, and the
/// search holding it, at offsets known only at run time. Noncopyable, so the memory has one
/// owner that frees it.
struct IDAStarDriver: ~Copyable {
    /// What an iteration returns besides the smallest estimate over the bound.
    static let found = -1
    static let aborted = -2
    static let pathCapacity = 4_096

    /// The board as the search moves tiles on it, and `geometry.neighbors`.
    let tiles: UnsafeMutablePointer<UInt8>
    let neighbors: UnsafeMutablePointer<Int8>
    /// Nodes generated, and the count at which the budget is consulted next.
    let nodes: UnsafeMutablePointer<Int>
    let nextCheck: UnsafeMutablePointer<Int>
    /// `path[depth]`: the cell the blank moves to at `depth`.
    let path: UnsafeMutablePointer<Int>
    let geometry: BoardGeometry
    let startTiles: [UInt8]
    private let budget: UnsafeMutablePointer<SearchBudget>

    init(geometry: BoardGeometry, startTiles: [UInt8], budget: SearchBudget) {
        self.geometry = geometry
        self.startTiles = startTiles
        self.budget = .allocate(capacity: 1)
        self.budget.initialize(to: budget)
        nodes = .allocate(capacity: 1)
        nodes.initialize(to: budget.nodes)
        nextCheck = .allocate(capacity: 1)
        nextCheck.initialize(to: budget.nextCheck)
        path = .allocate(capacity: Self.pathCapacity)
        tiles = .allocate(capacity: geometry.cells)
        tiles.initialize(from: startTiles, count: geometry.cells)
        neighbors = .allocate(capacity: geometry.cells * 4)
        neighbors.initialize(from: geometry.neighbors, count: geometry.cells * 4)
    }

    deinit {
        budget.deinitialize(count: 1)
        budget.deallocate()
        nodes.deallocate()
        nextCheck.deallocate()
        path.deallocate()
        tiles.deallocate()
        neighbors.deallocate()
    }

    /// Counts a generated node; false when the budget says stop.
    @inline(__always)
    func countNode() -> Bool {
        nodes.pointee &+= 1
        return nodes.pointee < nextCheck.pointee || Self.budgetAllowsMore(budget, nodes: nodes, nextCheck: nextCheck)
    }

    /// Hands the node count to the budget and asks it whether to go on (every few thousand nodes).
    /// Out of line: inlined into a search, its clock reading made every call of the search fetch
    /// the clock instant's metadata to size a stack slot. Static: a method would make every call
    /// of the search copy this struct to the stack to pass it as `self`.
    @inline(never)
    private static func budgetAllowsMore(
        _ budget: UnsafeMutablePointer<SearchBudget>, nodes: UnsafeMutablePointer<Int>,
        nextCheck: UnsafeMutablePointer<Int>
    ) -> Bool {
        budget.pointee.stillWithin(nodes: nodes, nextCheck: nextCheck)
    }

    /// Runs IDA* from the start board, whose heuristic is `heuristic`, to the end or until the
    /// budget runs out. `iteration(blank, bound)` is one depth-first search from the start
    /// (blank on cell `blank`) that fills `path` and returns `found`, `aborted`, or the smallest
    /// estimate over `bound` (`Int.max` for none). Called once per bound, so a closure costs
    /// nothing measurable here; the inner search stays a direct call.
    func run(heuristic: Int, iteration: (_ blank: Int, _ bound: Int) -> Int) -> SolveOutcome {
        guard let blank = startTiles.firstIndex(of: 0) else { return .notComputed(.unsolvable) }
        var bound = heuristic
        while true {
            let result = iteration(blank, bound)
            budget.pointee.nodes = nodes.pointee
            if result == Self.found {
                let blankPath = (0..<bound).map { path[$0] }
                let (directions, tiles) = geometry.moves(startTiles: startTiles, blankPath: blankPath)
                return .solved(
                    Solution(
                        directions: directions, tiles: tiles, nodes: budget.pointee.nodes,
                        seconds: budget.pointee.elapsedSeconds))
            }
            if result == Self.aborted || result == Int.max {
                return .notComputed(budget.pointee.notComputed(lowerBound: bound))
            }
            bound = result
        }
    }
}
