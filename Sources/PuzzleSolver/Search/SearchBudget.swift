/// The time and node budget of one search, checked every few thousand nodes so the check
/// costs nothing measurable.
struct SearchBudget {
    static let checkInterval = 1 << 14

    let start: ContinuousClock.Instant
    let deadline: ContinuousClock.Instant
    let seconds: Double
    let maxNodes: Int
    var nodes = 0
    var nextCheck = SearchBudget.checkInterval
    /// Set when the search must stop; the search unwinds and reports it.
    private(set) var stopReason: StopReason?

    enum StopReason {
        case time
        case nodes
        case cancelled
    }

    init(seconds: Double, maxNodes: Int) {
        start = .now
        self.seconds = seconds
        deadline = start.advanced(by: .nanoseconds(Int64(min(seconds, 1e9) * 1e9)))
        self.maxNodes = maxNodes
        nextCheck = min(Self.checkInterval, maxNodes)
    }

    /// For searches that count in raw memory (`nodes`, `nextCheck`): takes their count, checks,
    /// and gives back the next check. False means stop.
    mutating func stillWithin(nodes counted: UnsafeMutablePointer<Int>, nextCheck next: UnsafeMutablePointer<Int>)
        -> Bool
    {
        nodes = counted.pointee
        let within = stillWithin()
        next.pointee = nextCheck
        return within
    }

    /// Called when `nodes` reaches `nextCheck`; false means stop.
    mutating func stillWithin() -> Bool {
        if nodes >= maxNodes {
            stopReason = .nodes
        } else if ContinuousClock.now >= deadline {
            stopReason = .time
        } else if Task.isCancelled {
            stopReason = .cancelled
        }
        nextCheck = min(nodes + Self.checkInterval, maxNodes)
        return stopReason == nil
    }

    var elapsedSeconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    func notComputed(lowerBound: Int) -> NotComputedReason {
        switch stopReason {
        case .nodes: .nodeLimit(nodes: nodes, lowerBound: lowerBound)
        case .cancelled: .cancelled
        case .time, nil: .timeLimit(seconds: seconds, nodes: nodes, lowerBound: lowerBound)
        }
    }
}
