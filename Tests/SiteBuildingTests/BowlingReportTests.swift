import Foundation
import GameFileParsing
import Testing

@testable import SiteBuilding

@Suite("Bowling in `score`")
struct BowlingReportTests {
    static func loaded(_ players: [String], status: String = "finished") throws -> LoadedGame {
        let text =
            (["---", "game: bowling", "title: Lanes", "date: 2026-11-21", "status: \(status)", "players:"]
            + players + ["---", ""]).joined(separator: "\n")
        return LoadedGame(path: "bowl.md", game: try GameFileParser.parse(text, path: "bowl.md").get())
    }

    /// The first game of `score --json`, parsed back.
    static func json(_ game: LoadedGame) throws -> [String: Any] {
        let data = Data(ScoreReport.json([game]).utf8)
        let games = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try #require(games.first)
    }

    @Test func finishedGame() throws {
        let game = try Self.json(
            Self.loaded([
                "  - {name: Ann, rolls: X X X X X X X X X XXX}",
                "  - {name: Bo, rolls: 7/ 9- X 8/ F9 X X 63 (7)2 9/X}",
                "  - {name: Cy, rolls: X X X X X X X X X XXX}",
            ]))
        #expect(game["game"] as? String == "bowling")
        #expect(game["status"] as? String == "finished")
        #expect(game["winners"] as? [String] == ["Ann", "Cy"])
        let players = try #require(game["players"] as? [[String: Any]])
        #expect(players.map { $0["name"] as? String } == ["Ann", "Bo", "Cy"])
        #expect(players.map { $0["total"] as? Int } == [300, 150, 300])
        let frames = try #require(players[1]["frames"] as? [[String: Any]])
        #expect(frames.count == 10)
        #expect(
            frames.map { $0["balls"] as? [String] ?? [] } == [
                ["7", "/"], ["9", "-"], ["X"], ["8", "/"], ["F", "9"], ["X"], ["X"], ["6", "3"], ["(7)", "2"],
                ["9", "/", "X"],
            ])
        #expect(frames.map { $0["score"] as? Int } == [19, 28, 48, 58, 67, 93, 112, 121, 130, 150])
    }

    @Test func unfinishedLineHasNulls() throws {
        let game = try Self.json(
            Self.loaded(["  - {name: Ann, rolls: X 9/ 8- X X 7}", "  - {name: Bo}"], status: "playing"))
        #expect(game["winners"] as? [String] == [])
        let players = try #require(game["players"] as? [[String: Any]])
        // `total` is present and null, not left out.
        #expect(players.map { $0["total"] is NSNull } == [true, true])
        let frames = try #require(players[0]["frames"] as? [[String: Any]])
        #expect(
            frames.map { $0["score"] is NSNull } == [false, false, false, false, true, true, true, true, true, true])
        #expect(frames.map { $0["score"] as? Int } == [20, 38, 46, 73, nil, nil, nil, nil, nil, nil])
        #expect(frames[5]["balls"] as? [String] == ["7"])
        #expect(frames[6]["balls"] as? [String] == [])
        let empty = try #require(players[1]["frames"] as? [[String: Any]])
        #expect(empty.allSatisfy { $0["score"] is NSNull })
    }

    @Test func rawJSONSpellsOutNull() throws {
        let json = ScoreReport.json([try Self.loaded(["  - {name: Ann, rolls: X}"], status: "playing")])
        #expect(json.contains("\"total\" : null"))
        #expect(json.contains("\"score\" : null"))
    }

    @Test func textShowsOneSheetLinePerPlayer() throws {
        let text = ScoreReport.text([
            try Self.loaded([
                "  - {name: Ann, rolls: X X X X X X X X X XXX}", "  - {name: Bo, rolls: '9-9-9-9-9-9-9-9-9-9-'}",
            ])
        ])
        #expect(text.contains("  Ann  X X X X X X X X X XXX  = 300  winner"))
        #expect(
            text.contains("  Bo   9- 9- 9- 9- 9- 9- 9- 9- 9- 9-  = 90\n")
                || text.hasSuffix("  Bo   9- 9- 9- 9- 9- 9- 9- 9- 9- 9-  = 90"))
    }
}
