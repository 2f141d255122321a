extension BowlingLine {
    /// The running total of each of the ten frames; nil where not yet known.
    public var runningTotals: [Int?] { frames.map(\.runningTotal) }

    /// The ten running totals as the sheet showed them after the first `count` balls.
    public func runningTotals(afterBalls count: Int) -> [Int?] {
        Self.runningTotals(
            pins: balls.map(\.pins),
            starts: frames.map(\.firstBallIndex),
            afterBalls: min(max(count, 0), balls.count)
        )
    }

    /// `timeline[k]` is the running totals after the first k balls (`timeline[0]`: before any),
    /// so one can see exactly when each frame's score became known.
    public var timeline: [[Int?]] {
        (0...balls.count).map { runningTotals(afterBalls: $0) }
    }

    /// Every frame, the 10th included, scores the pins of the balls counted from its first ball:
    /// three after a strike or a spare (10 + the bonus balls, or the 10th's fill ball), else two.
    /// A frame's total is known once those balls are thrown and the frame before it is known.
    static func runningTotals(pins: [Int], starts: [Int], afterBalls count: Int) -> [Int?] {
        var total: Int? = 0
        return starts.map { start in
            guard let known = total, let counted = countedBalls(pins: pins, start: start, seen: count),
                start + counted <= count
            else {
                total = nil
                return nil
            }
            total = known + pins[start..<(start + counted)].reduce(0, +)
            return total
        }
    }

    /// 3 for a strike or a spare, 2 for an open frame, nil if the first `seen` balls can't tell yet.
    private static func countedBalls(pins: [Int], start: Int, seen: Int) -> Int? {
        guard start < seen else { return nil }
        if pins[start] == 10 { return 3 }
        guard start + 1 < seen else { return nil }
        return pins[start] + pins[start + 1] == 10 ? 3 : 2
    }
}
