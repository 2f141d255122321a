/// A rule violation and which ball (0-based index into the line's balls) commits it, so a parser
/// can point at the character or list element the ball came from.
public struct BowlingLineError: Error, Sendable, Hashable, CustomStringConvertible {
    public var ballIndex: Int
    public var violation: BowlingRuleViolation

    public init(ballIndex: Int, violation: BowlingRuleViolation) {
        self.ballIndex = ballIndex
        self.violation = violation
    }

    public var message: String { violation.message }

    public var description: String { "ball \(ballIndex + 1): \(message)" }
}
