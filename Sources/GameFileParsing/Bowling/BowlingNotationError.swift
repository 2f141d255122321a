public import GameDomain

/// Bad score-sheet notation: what is wrong, and where (`offset`, the 0-based Character index of
/// the offending character in the text; for a split `(8)`, its `(`).
public struct BowlingNotationError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        /// `/` where a ball meets a full rack.
        case spareOnFirstBall
        /// `X` where pins from an earlier ball of the rack are down.
        case strikeNotOnFullRack(standing: Int)
        case unknownCharacter(Character)
        /// `(` without a digit and `)` after it.
        case unclosedSplit
        /// `(` followed by something other than a digit.
        case splitWithoutDigit(Character)
        /// The ball breaks a rule of the game; its `ballIndex` is the ball's place in the line.
        case rule(BowlingLineError)
    }

    public var offset: Int
    public var problem: Problem

    public init(offset: Int, problem: Problem) {
        self.offset = offset
        self.problem = problem
    }

    public var message: String {
        switch problem {
        case .spareOnFirstBall:
            "/ is a spare, the second ball of a frame; a first ball that knocks down all ten is a strike, X"
        case .strikeNotOnFullRack(let standing):
            "X is a strike, only on a ball at a full rack; \(standing) \(standing == 1 ? "pin is" : "pins are") "
                + "standing, so knocking \(standing == 1 ? "it" : "them all") down is a spare: write /"
        case .unknownCharacter(let character):
            "unknown character '\(character)': \(Self.hint(for: character))"
        case .unclosedSplit:
            "( is not closed: a split is one digit in parentheses, like (8)"
        case .splitWithoutDigit(let character):
            "'\(character)' in a split: a split is one digit in parentheses, like (8)"
        case .rule(let error):
            error.message
        }
    }

    public var description: String { "offset \(offset): \(message)" }

    private static func hint(for character: Character) -> String {
        switch character {
        case "x": "write a strike as X"
        case "f": "write a foul as F"
        default:
            "write X (strike), / (spare), - (miss), F (foul), 0-9, (8) for a split, "
                + "and optionally spaces or | between frames"
        }
    }
}
