/// One player's balls in one game, checked against every rule; frames, marks and scores follow.
public struct BowlingLine: Sendable, Hashable {
    /// The balls, a byte each (`BowlingBall.packed`): a site keeps every line of every game, and
    /// an array of the enum, grown ball by ball, took eight times the bytes.
    private let packed: [UInt8]
    public var balls: [BowlingBall] { packed.map(BowlingBall.init(packed:)) }
    /// Where the line stands: the next frame, the pins standing, whether the game is over.
    public let progress: BowlingProgress
    /// The final score; nil while balls are still to come.
    public let total: Int?

    /// An empty line is valid: a game not yet started.
    public init(balls: [BowlingBall]) throws(BowlingLineError) {
        let (frames, progress) = try Self.walk(balls)
        packed = [UInt8](unsafeUninitializedCapacity: balls.count) { bytes, count in
            for ball in balls {
                bytes[count] = ball.packed
                count += 1
            }
        }
        self.progress = progress
        total = progress.isGameOver ? frames.last?.runningTotal ?? nil : nil
    }

    /// Always ten frames; frames not yet started have no balls.
    ///
    /// Worked out again on each call rather than stored: a site keeps every line of every
    /// game for its standings, and ten frames with their arrays were most of a line's memory.
    public var frames: [BowlingFrame] {
        // The balls passed every rule in `init`, so the walk cannot fail here.
        (try? Self.walk(balls).frames) ?? []
    }

    /// Checks every ball against the rules and sorts the balls into frames.
    private static func walk(_ balls: [BowlingBall]) throws(BowlingLineError) -> (
        frames: [BowlingFrame], progress: BowlingProgress
    ) {
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
        let totals = runningTotals(pins: balls.map(\.pins), starts: starts, afterBalls: balls.count)
        let frames = (0..<10).map { index in
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
        return (frames, progress)
    }

    /// Convenience for the `rolls: [10, 7, 3]` form; errors carry the list index as `ballIndex`.
    public init(pinCounts: [Int]) throws(BowlingLineError) {
        try self.init(balls: pinCounts.map(BowlingBall.pins))
    }

    /// No balls are still to come.
    public var isComplete: Bool { progress.isGameOver }
}
