/// Where a line stands between balls: the frame being bowled, the pins standing, and whether the
/// next ball meets a full rack. The one place the rules of frames and fill balls live; both
/// `BowlingLine` and the notation parser walk a line with it.
public struct BowlingProgress: Sendable, Hashable {
    /// 1...10 while bowling; 11 once the game is over.
    public private(set) var frame = 1
    /// Balls already thrown in the current frame.
    public private(set) var ballsInFrame = 0
    /// Pins standing for the next ball.
    public private(set) var standing = 10
    /// The next ball meets ten freshly set pins (so 10 pins is a strike, not a spare).
    public private(set) var isFullRack = true
    /// The 10th frame has earned its third ball (a strike or a spare was rolled in it).
    private var hasFillBall = false

    public init() {}

    public var isGameOver: Bool { frame > 10 }

    /// Checks `ball` against the rules and, if it is legal, records it.
    public mutating func roll(_ ball: BowlingBall) throws(BowlingRuleViolation) {
        let pins = ball.pins
        guard !isGameOver else { throw .ballAfterGameOver }
        guard pins >= 0 else { throw .negativePins(pins) }
        guard pins <= 10 else { throw .moreThanTenPins(pins) }
        guard pins <= standing else { throw .moreThanStanding(frame: frame, standing: standing, pins: pins) }
        if ball.isSplit {
            guard isFullRack else { throw .splitNotOnFullRack(pins) }
            guard (1...8).contains(pins) else { throw .impossibleSplit(pins) }
        }
        standing -= pins
        ballsInFrame += 1
        if frame < 10 {
            if standing == 0 || ballsInFrame == 2 { startFrame(frame + 1) } else { isFullRack = false }
            return
        }
        // 10th frame: the pins are reset after a strike or spare, which earns the third ball.
        if standing == 0 {
            standing = 10
            isFullRack = true
            hasFillBall = true
        } else {
            isFullRack = false
        }
        if ballsInFrame == 3 || (ballsInFrame == 2 && !hasFillBall) { startFrame(11) }
    }

    private mutating func startFrame(_ number: Int) {
        frame = number
        ballsInFrame = 0
        standing = 10
        isFullRack = true
    }

    /// How `ball` is written on the sheet if it is the next ball: `X`, `/`, `-`, `F`, `(8)` or a digit.
    func mark(for ball: BowlingBall) -> String {
        switch ball {
        case .pins(10) where isFullRack: "X"
        case _ where !isFullRack && ball.pins == standing && standing > 0: "/"
        case .foul: "F"
        case .split(let pins): "(\(pins))"
        case .pins(0): "-"
        case .pins(let pins): String(pins)
        }
    }
}
