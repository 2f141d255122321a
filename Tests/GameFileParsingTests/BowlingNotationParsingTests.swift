import GameDomain
import GameFileParsing
import Testing

@Suite struct BowlingNotationParsingTests {
    @Test(arguments: [
        ("X X X X X X X X X X X X", 300),
        ("XXXXXXXXXXXX", 300),
        ("9- 9- 9- 9- 9- 9- 9- 9- 9- 9-", 90),
        ("5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/5", 150),
        ("X X X X X X X X X XX3", 293),
        ("X X X X X X X X X X33", 279),
        ("X X X X X X X X X 4/5", 269),
        ("X X X X X X X X X X9/", 289),
        ("X 7/ 9- X -8 8/ F6 X X X81", 167),
        ("X|7/|9-|X|-8|8/|F6|X|X|X81", 167),
        // Each F/ scores 10 + the next F (0); the 10th is 0 + 10 + 0.
        ("F/ F/ F/ F/ F/ F/ F/ F/ F/ F/F", 100),
        // Nine frames of 9, then (8)/ with an (8) fill on the reset rack: 81 + 18.
        ("(8)1 (7)2 (6)3 (5)4 (4)5 (3)6 (2)7 (1)8 (8)1 (8)/(8)", 99),
        ("81 72 63 54 45 36 27 18 09 00", 81),
    ])
    func officialTotals(text: String, total: Int) throws {
        let line = try BowlingNotation.parse(text)
        #expect(line.total == total, "\(text)")
    }

    @Test(
        arguments: [
            ("F/", [BowlingBall.foul, .pins(10)]),
            ("(8)1", [.split(8), .pins(1)]),
            ("X 7/ 9-", [.pins(10), .pins(7), .pins(3), .pins(9), .pins(0)]),
            ("7F", [.pins(7), .foul]),
            ("", []),
            ("  | \n", []),
        ] as [(String, [BowlingBall])])
    func ballsOfALine(text: String, balls: [BowlingBall]) throws {
        #expect(try BowlingNotation.parse(text).balls == balls)
    }

    @Test(arguments: ["X 7/ 9- X", "X|7/|9-|X", " X  7/\t9-  X ", "| X | 7/ | 9- | X |"])
    func spacesAndBarsAreCosmetic(text: String) throws {
        #expect(try BowlingNotation.parse(text) == BowlingNotation.parse("X7/9-X"))
    }

    @Test func inProgressLineHasNoTotal() throws {
        let line = try BowlingNotation.parse("X 7/ 9- X")
        #expect(!line.isComplete)
        #expect(line.total == nil)
        #expect(line.runningTotals == [20, 39, 48, nil, nil, nil, nil, nil, nil, nil])
    }

    @Test func pinCountListForm() throws {
        let line = try BowlingNotation.line(pinCounts: [10, 7, 3])
        #expect(line.frames.prefix(2).map(\.marks) == [["X"], ["7", "/"]])
        #expect(line == (try BowlingNotation.parse("X 7/")))
    }

    @Test(arguments: [
        ([10, -1], BowlingLineError(ballIndex: 1, violation: .negativePins(-1))),
        ([10, 11], BowlingLineError(ballIndex: 1, violation: .moreThanTenPins(11))),
        ([7, 5], BowlingLineError(ballIndex: 1, violation: .moreThanStanding(frame: 1, standing: 3, pins: 5))),
        (Array(repeating: 10, count: 12) + [1], BowlingLineError(ballIndex: 12, violation: .ballAfterGameOver)),
    ])
    func pinCountErrorsCarryTheListIndex(pins: [Int], error: BowlingLineError) {
        #expect(throws: error) { try BowlingNotation.line(pinCounts: pins) }
    }
}
