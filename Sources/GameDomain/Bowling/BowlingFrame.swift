/// One of a line's ten frames, as a box on the score sheet.
public struct BowlingFrame: Sendable, Hashable {
    /// 1...10.
    public let number: Int
    /// Index of the frame's first ball in the line's balls (the line's ball count if not started).
    public let firstBallIndex: Int
    /// The balls thrown in this frame so far (the 10th frame's fill balls included).
    public let balls: [BowlingBall]
    /// The balls as written on a paper sheet, e.g. `["X"]`, `["7", "/"]`, `["9", "-"]`, `["F", "/"]`,
    /// `["(8)", "1"]`, `["X", "X", "X"]`. A split's mark keeps its parentheses; `balls[i].isSplit`
    /// tells a renderer to draw it circled.
    public let marks: [String]
    /// All of the frame's own balls are thrown.
    public let isComplete: Bool
    /// The running total up to and including this frame; nil ("-" on the sheet) until the frame
    /// and its bonus balls are thrown and every earlier frame is known.
    public let runningTotal: Int?

    public init(
        number: Int, firstBallIndex: Int, balls: [BowlingBall], marks: [String],
        isComplete: Bool, runningTotal: Int?
    ) {
        self.number = number
        self.firstBallIndex = firstBallIndex
        self.balls = balls
        self.marks = marks
        self.isComplete = isComplete
        self.runningTotal = runningTotal
    }

    public var isStrike: Bool { balls.first?.pins == 10 }

    public var isSpare: Bool { balls.count >= 2 && !isStrike && balls[0].pins + balls[1].pins == 10 }
}
