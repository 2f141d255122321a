import GameDomain
import GameFileParsing
import Testing

@Suite struct BowlingNotationErrorTests {
    private static func rule(_ ballIndex: Int, _ violation: BowlingRuleViolation) -> BowlingNotationError.Problem {
        .rule(BowlingLineError(ballIndex: ballIndex, violation: violation))
    }

    @Test(arguments: [
        ("/", 0, BowlingNotationError.Problem.spareOnFirstBall),
        ("X /", 2, .spareOnFirstBall),
        ("X X X X X X X X X 5/ /", 21, .spareOnFirstBall),  // the fill ball meets a full rack
        ("X\r\n/", 2, .spareOnFirstBall),  // offsets count Characters: \r\n is one
        ("5X", 1, .strikeNotOnFullRack(standing: 5)),
        ("FX", 1, .strikeNotOnFullRack(standing: 10)),  // after a foul, all ten is F/
        ("X X X X X X X X X X5X", 20, .strikeNotOnFullRack(standing: 5)),
        ("x", 0, .unknownCharacter("x")),
        ("X a", 2, .unknownCharacter("a")),
        ("X 🎳", 2, .unknownCharacter("🎳")),
        ("X (8", 2, .unclosedSplit),
        ("X (", 2, .unclosedSplit),
        ("(10)", 0, .unclosedSplit),
        ("(X)", 1, .splitWithoutDigit("X")),
        ("75", 1, rule(1, .moreThanStanding(frame: 1, standing: 3, pins: 5))),
        ("X X X X X X X X X X99", 20, rule(11, .moreThanStanding(frame: 10, standing: 1, pins: 9))),
        ("9- 9- 9- 9- 9- 9- 9- 9- 9- 9- 5", 30, rule(20, .ballAfterGameOver)),
        ("XXXXXXXXXXXXX", 12, rule(12, .ballAfterGameOver)),
        ("X X X X X X X X X X X X X", 24, rule(12, .ballAfterGameOver)),
        ("9-9-9-9-9-9-9-9-9-9-/", 20, rule(20, .ballAfterGameOver)),
        ("(8)(1)", 3, rule(1, .splitNotOnFullRack(1))),
        ("(9)", 0, rule(0, .impossibleSplit(9))),
    ])
    func errorPointsAtTheOffendingCharacter(text: String, offset: Int, problem: BowlingNotationError.Problem) {
        #expect(throws: BowlingNotationError(offset: offset, problem: problem), "\(text)") {
            try BowlingNotation.parse(text)
        }
    }

    @Test(arguments: [
        (BowlingNotationError.Problem.unknownCharacter("x"), "unknown character 'x': write a strike as X"),
        (
            .strikeNotOnFullRack(standing: 5),
            "X is a strike, only on a ball at a full rack; 5 pins are standing, so knocking them all down is a spare: write /"
        ),
        (.unclosedSplit, "( is not closed: a split is one digit in parentheses, like (8)"),
        (
            rule(1, .moreThanStanding(frame: 1, standing: 3, pins: 5)),
            "frame 1: 5 pins, but only 3 are standing after 7; this ball knocks down 0 to 3 (all 3 is a spare, /)"
        ),
    ])
    func messagesSayWhatToDo(problem: BowlingNotationError.Problem, message: String) {
        #expect(BowlingNotationError(offset: 0, problem: problem).message == message)
    }
}
