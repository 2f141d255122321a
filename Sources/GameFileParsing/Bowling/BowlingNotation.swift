public import GameDomain

/// Score-sheet notation for one line, e.g. `X 7/ 9- X X (8)1 F/ 90 X X9/`.
///
/// `X` strike, `/` spare, `-` miss, `F` foul, digits `0`-`9`, `(8)` a split (counts 8, shown
/// circled). Spaces and `|` are cosmetic. The canonical form (`format`) writes each frame's marks
/// with single spaces between frames, and a 0 as `-`.
public enum BowlingNotation {
    /// Parses a line; an empty or blank text is an empty (unstarted) line.
    public static func parse(_ text: String) throws(BowlingNotationError) -> BowlingLine {
        let characters = Array(text)
        var progress = BowlingProgress()
        var balls: [BowlingBall] = []
        var offsets: [Int] = []
        var index = 0
        while index < characters.count {
            let offset = index
            let character = characters[index]
            index += 1
            let ball: BowlingBall
            switch character {
            case _ where character == "|" || character.isWhitespace:
                continue
            // After the game is over, X and / fall through to the rule check, which says so.
            case "X":
                guard progress.isFullRack || progress.isGameOver else {
                    throw BowlingNotationError(
                        offset: offset, problem: .strikeNotOnFullRack(standing: progress.standing))
                }
                ball = .pins(10)
            case "/":
                guard !progress.isFullRack || progress.isGameOver else {
                    throw BowlingNotationError(offset: offset, problem: .spareOnFirstBall)
                }
                ball = .pins(progress.standing)
            case "-":
                ball = .pins(0)
            case "F":
                ball = .foul
            case "(":
                guard index < characters.count else {
                    throw BowlingNotationError(offset: offset, problem: .unclosedSplit)
                }
                guard let pins = digit(characters[index]) else {
                    throw BowlingNotationError(offset: index, problem: .splitWithoutDigit(characters[index]))
                }
                guard index + 1 < characters.count, characters[index + 1] == ")" else {
                    throw BowlingNotationError(offset: offset, problem: .unclosedSplit)
                }
                index += 2
                ball = .split(pins)
            default:
                guard let pins = digit(character) else {
                    throw BowlingNotationError(offset: offset, problem: .unknownCharacter(character))
                }
                ball = .pins(pins)
            }
            // Checking each ball as it comes keeps X and / resolved against a valid rack, and
            // reports the first bad ball rather than a later symptom.
            do {
                try progress.roll(ball)
            } catch {
                let lineError = BowlingLineError(ballIndex: balls.count, violation: error)
                throw BowlingNotationError(offset: offset, problem: .rule(lineError))
            }
            balls.append(ball)
            offsets.append(offset)
        }
        do {
            return try BowlingLine(balls: balls)
        } catch {
            // Unreachable after the walk above, but map it rather than trap.
            let offset = offsets.indices.contains(error.ballIndex) ? offsets[error.ballIndex] : characters.count
            throw BowlingNotationError(offset: offset, problem: .rule(error))
        }
    }

    /// The canonical notation: each started frame's marks, frames separated by single spaces.
    /// `parse(format(line)) == line` for every line.
    public static func format(_ line: BowlingLine) -> String {
        line.frames.filter { !$0.marks.isEmpty }.map { $0.marks.joined() }.joined(separator: " ")
    }

    /// The `rolls: [10, 7, 3]` form; an error's `ballIndex` is the offending list index.
    public static func line(pinCounts: [Int]) throws(BowlingLineError) -> BowlingLine {
        try BowlingLine(pinCounts: pinCounts)
    }

    private static func digit(_ character: Character) -> Int? {
        character.isASCII ? character.wholeNumberValue : nil
    }
}
