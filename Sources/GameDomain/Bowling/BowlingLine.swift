/// One player's balls in one game, checked against every rule; frames, marks and scores follow.
public struct BowlingLine: Sendable, Hashable {
    public let balls: [BowlingBall]
    /// Always ten frames; frames not yet started have no balls.
    public let frames: [BowlingFrame]
    /// Where the line stands: the next frame, the pins standing, whether the game is over.
    public let progress: BowlingProgress

    /// An empty line is valid: a game not yet started.
    public init(balls: [BowlingBall]) throws(BowlingLineError) {
        var progress = BowlingProgress()
        var marks: [[String]] = Array(repeating: [], count: 10)
        var starts = Array(repeating: balls.count, count: 10)
        for (index, ball) in balls.enumerated() {
            let frameIndex = progress.frame - 1
            let mark = progress.mark(for: ball)
            do {
                try progress.roll(ball)
            } catch {
                throw BowlingLineError(ballIndex: index, violation: error)
            }
            // The walk stops at frame 10, so frameIndex is in 0..<10 here.
            if marks[frameIndex].isEmpty { starts[frameIndex] = index }
            marks[frameIndex].append(mark)
        }
        self.balls = balls
        self.progress = progress
        let totals = Self.runningTotals(pins: balls.map(\.pins), starts: starts, afterBalls: balls.count)
        self.frames = (0..<10).map { index in
            let start = starts[index]
            let count = marks[index].count
            return BowlingFrame(
                number: index + 1,
                firstBallIndex: start,
                balls: Array(balls[start..<(start + count)]),
                marks: marks[index],
                isComplete: progress.frame > index + 1,
                runningTotal: totals[index]
            )
        }
    }

    /// Convenience for the `rolls: [10, 7, 3]` form; errors carry the list index as `ballIndex`.
    public init(pinCounts: [Int]) throws(BowlingLineError) {
        try self.init(balls: pinCounts.map(BowlingBall.pins))
    }

    /// No balls are still to come.
    public var isComplete: Bool { progress.isGameOver }
}
