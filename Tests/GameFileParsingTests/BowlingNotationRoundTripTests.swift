import GameDomain
import GameFileParsing
import Testing

@Suite struct BowlingNotationRoundTripTests {
    @Test(arguments: [
        ("X7/9-X", "X 7/ 9- X"),
        ("XXXXXXXXXXXX", "X X X X X X X X X XXX"),
        ("9-9-9-9-9-9-9-9-9-9-", "9- 9- 9- 9- 9- 9- 9- 9- 9- 9-"),
        ("5/5/5/5/5/5/5/5/5/5/5", "5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/ 5/5"),
        ("X X X X X X X X X X9/", "X X X X X X X X X X9/"),
        ("X 7/ 9- X -8 8/ F6 X X X81", "X 7/ 9- X -8 8/ F6 X X X81"),
        ("F/|(8)1|F-| X", "F/ (8)1 F- X"),
        ("90 73", "9- 7/"),  // 0 is written -, and all the rest of the rack /
        ("00", "--"),
        ("3", "3"),
        ("", ""),
    ])
    func parseFormatParseGivesTheSameLine(text: String, canonical: String) throws {
        let line = try BowlingNotation.parse(text)
        #expect(BowlingNotation.format(line) == canonical)
        #expect(try BowlingNotation.parse(canonical) == line)
    }

    @Test func marksJoinedAreTheCanonicalNotation() throws {
        let line = try BowlingNotation.parse("X 7/ 9- X -8 8/ F6 X X X81")
        #expect(line.frames.map { $0.marks.joined() }.joined(separator: " ") == BowlingNotation.format(line))
    }
}
