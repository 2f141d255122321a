import GameDomain
import GameFileParsing
import Testing

@testable import PlayImporting

/// Who went first, from BGG's `startposition` and BG Stats' `startPlayer`, into `first:` and
/// `seats:`.
@Suite("Seats and the first player from play logs")
struct SeatingImportTests {
    static func play(_ players: [(String, position: String?, starts: Bool)]) -> ImportedPlay {
        var play = Fixtures.play(players.map { ($0.0, "1", false) })
        for index in play.players.indices {
            play.players[index].startPosition = players[index].position
            play.players[index].isStartPlayer = players[index].starts
        }
        return play
    }

    @Test(
        "Start positions 1…n are the seats in that order; position 1 or BG Stats' start player alone is `first`",
        arguments: [
            ([("Ann", "2", false), ("Bo", "1", false), ("Cy", "3", false)], Seating(seats: ["Bo", "Ann", "Cy"])),
            ([("Ann", " 1 ", false), ("Bo", "2", false)], Seating(seats: ["Ann", "Bo"])),
            ([("Ann", nil, false), ("Bo", nil, true)], Seating(first: "Bo")),
            ([("Ann", "1", false), ("Bo", "", false), ("Cy", "", false)], Seating(first: "Ann")),
            ([("Ann", "1st", false), ("Bo", "2nd", false)], nil),
            ([("Ann", "1", false), ("Bo", "1", false)], nil),
            ([("Ann", "2", false), ("Bo", "3", false)], nil),
            ([("Ann", "1", false), ("Bo", "3", false)], Seating(first: "Ann")),
            ([("Ann", nil, true), ("Bo", nil, true)], nil),
            ([("Ann", nil, false), ("Bo", nil, false)], nil),
        ] as [([(String, position: String?, starts: Bool)], Seating?)])
    func seating(players: [(String, position: String?, starts: Bool)], expected: Seating?) {
        let game = PlayMapper(people: [:]).map(Self.play(players)).games.first
        #expect(game?.seating == expected)
    }

    @Test("The written file says it, and reads back to the same seating")
    func writtenAndReadBack() throws {
        let game = try #require(
            PlayMapper(people: [:]).map(Self.play([("Ann", "2", false), ("Bo", "1", false)])).games.first)
        let text = GameFileWriter.text(game)
        #expect(text.contains("\nseats: [Bo, Ann]\n"))
        let read = try GameFileParser.parse(text, path: game.relativePath).get()
        #expect(read.seating == Seating(seats: ["Bo", "Ann"]))
        let first = try #require(
            PlayMapper(people: [:]).map(Self.play([("Ann", nil, true), ("Bo", nil, false)])).games.first)
        #expect(
            try GameFileParser.parse(GameFileWriter.text(first), path: first.relativePath).get().seating
                == Seating(first: "Ann"))
    }

    @Test("The readers keep `startposition` and `startPlayer`")
    func readers() throws {
        let catan = try #require(Fixtures.bggPlays().first)
        #expect(catan.players.map(\.startPosition) == ["1", "2", "3"])
        let export = BGStatsReader.read(Fixtures.bgStats, path: "BGStatsExport.json")
        #expect(export.plays.first?.players.map(\.isStartPlayer) == [true, false, false])
    }
}
