import Foundation
import GameDomain
import Testing

@testable import PlayImporting

@Suite("BG Stats exports")
struct BGStatsReaderTests {
    @Test func readsTheSampleExport() throws {
        let contents = BGStatsReader.read(Fixtures.bgStats, path: "BGStatsExport.json")
        #expect(contents.diagnostics.isEmpty, "\(contents.diagnostics)")
        #expect(contents.plays.count == 5)
        let catan = try #require(contents.plays.first)
        #expect(catan.id == "B6C70BF9-745C-4DC9-B2E2-0952267C8019" && catan.date == "2026-11-07 19:32:30")
        #expect(
            catan.boardgame == "Catan" && catan.bggID == 13 && catan.location == "Café Müller"
                && catan.durationMinutes == 85)
        #expect(catan.players.map(\.name) == ["Marta", "Zoë", "花子"])
        #expect(catan.players.map(\.score) == ["10", "5+2+1", "7"])
        #expect(catan.players.map(\.identity) == [.bgstatsPlayer(1), .bgstatsPlayer(2), .bgstatsPlayer(3)])
        #expect(contents.plays[1].isCooperative && contents.plays[1].variant == "On the Brink")
        #expect(contents.plays[2].lowestWins == true)
        #expect(contents.plays[3].players.map(\.team) == ["Team 1", "Team 1", "Team 2", "Team 2"])
        #expect(contents.plays[4].isLeftOutOfStatistics && contents.plays[4].players.map(\.rank) == [2, 1, 2])
    }

    @Test(
        "Malformed JSON: the line and column of the fault",
        arguments: [
            ("{\"plays\": [\n  {\"uuid\": \"A\",, }]}", 2, 16, "invalid value"),
            ("{\"plays\": [\n  {\"uuid\": \"Zoë\" \"x\"}]}", 2, 18, "invalid"),
            ("{\"plays\": [\n", 2, 1, "unexpected end of file"),
        ])
    func malformed(json: String, line: Int, column: Int, message: String) {
        let contents = BGStatsReader.read(Data(json.utf8), path: "x.json")
        #expect(contents.plays.isEmpty)
        #expect(contents.diagnostics.count == 1)
        #expect(
            contents.diagnostics.first?.location == SourceLocation(line: line, column: column),
            "\(contents.diagnostics)")
        #expect(contents.diagnostics.first?.message.lowercased().contains(message) == true, "\(contents.diagnostics)")
    }

    @Test("A BGG play log given to import bgstats says which command reads it")
    func xmlGiven() {
        let contents = BGStatsReader.read(Data("\u{FEFF}\n<?xml version=\"1.0\"?><plays/>".utf8), path: "x.json")
        #expect(contents.diagnostics.first?.hint?.contains("gamenight import bgg") == true, "\(contents.diagnostics)")
        let cut = BGStatsReader.read(Data("{\"plays\": [".utf8), path: "x.json")
        #expect(cut.diagnostics.first?.hint?.contains("import bgg") == false)
    }

    @Test("A bad play is reported by its JSON path; the others are read")
    func badPlay() {
        let json = """
            {"games": [{"id": 1, "name": "Catan"}], "players": [{"id": 1, "name": "A"}],
             "plays": [
               {"uuid": "A1", "playDate": "2026-11-20 19:00:00", "gameRefId": 1, "playerScores": [{"playerRefId": 1, "score": "3"}]},
               {"uuid": "A2", "playDate": "2026-11-20 20:00:00", "gameRefId": 1, "playerScores": [{"playerRefId": "one"}]},
               {"uuid": "A3", "playDate": "2026-11-20 21:00:00", "gameRefId": 7},
               {"uuid": "A4", "gameRefId": 1}
             ]}
            """
        let contents = BGStatsReader.read(Data(json.utf8), path: "x.json")
        #expect(contents.plays.map(\.id) == ["A1"])
        #expect(
            contents.diagnostics.map(\.message) == [
                "at plays[1].playerScores[0].playerRefId: expected a whole number",
                "at plays[2]: play A3: its game (`gameRefId` 7) is not in `games`",
                "at plays[3].playDate: missing field `playDate`",
            ])
    }

    @Test func notAnExport() {
        let contents = BGStatsReader.read(Data("{\"games\": []}".utf8), path: "x.json")
        #expect(contents.diagnostics.first?.message.contains("no `plays` list") == true)
        let list = BGStatsReader.read(Data("[1, 2]".utf8), path: "x.json")
        #expect(list.diagnostics.first?.message.contains("at the top level") == true, "\(list.diagnostics)")
    }
}
