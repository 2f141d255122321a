/// A ball that breaks the rules of ten-pin bowling. `message` says what is wrong and what to write instead.
public enum BowlingRuleViolation: Error, Sendable, Hashable {
    case negativePins(Int)
    case moreThanTenPins(Int)
    /// The ball knocks down more pins than are standing: `7 5`, or `X 9 9` in the 10th frame.
    case moreThanStanding(frame: Int, standing: Int, pins: Int)
    /// The 10th frame is complete; nothing may follow it.
    case ballAfterGameOver
    /// A split can only be left by a ball thrown at a full rack.
    case splitNotOnFullRack(Int)
    /// A split leaves at least two pins with the headpin down, so it knocks down 1 to 8.
    case impossibleSplit(Int)

    public var message: String {
        switch self {
        case .negativePins(let pins):
            "\(pins) pins: a ball knocks down 0 to 10 pins"
        case .moreThanTenPins(let pins):
            "\(pins) pins: a ball knocks down at most 10 pins (10 is a strike, X)"
        case .moreThanStanding(let frame, let standing, let pins):
            "frame \(frame): \(pins) pins, but only \(standing) \(standing == 1 ? "is" : "are") standing "
                + "after \(10 - standing); this ball knocks down 0 to \(standing) (all \(standing) is a spare, /)"
        case .ballAfterGameOver:
            "ball after the game is over: the 10th frame is complete "
                + "(it takes a third ball only after a strike or a spare); remove this ball"
        case .splitNotOnFullRack(let pins):
            "(\(pins)) marks a split, which only a first ball at a full rack can leave; write \(pins) without parentheses"
        case .impossibleSplit(let pins):
            "(\(pins)) cannot be a split: a split leaves two or more pins with the headpin down, so it counts 1 to 8"
        }
    }
}
