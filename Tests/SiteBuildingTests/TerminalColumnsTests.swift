import GameDomain
import GameFileParsing
import SnapshotKit
import Testing

@testable import SiteBuilding

@Suite("Names in any script in score's table")
struct TerminalColumnsTests {
    /// Each total starts in the same terminal column, whatever script the names are in.
    @Test func scoreTableAligns() throws {
        let text = """
            ---
            game: scores
            title: Mahjong
            date: 2026-11-20
            players: [花子, たろう, Ann, Zoë]
            rounds:
              - {花子: 12, たろう: 3, Ann: 8, Zoë: 1}
            ---

            """
        let report = ScoreReport.text([
            LoadedGame(path: "mahjong.md", game: try GameFileParser.parse(text, path: "mahjong.md").get())
        ])
        assertSnapshot(of: report, as: .lines, named: "mahjong")
        let rows = report.split(separator: "\n").dropFirst()
        #expect(rows.count == 4)
        let starts = Set(
            rows.map { row -> Int in
                let beforeTotal = row.dropLast(row.hasSuffix("winner") ? 8 : 0).reversed().drop { $0.isNumber }
                return TerminalColumns.count(String(beforeTotal.reversed()))
            })
        #expect(starts.count == 1, "\(report)")
    }

    @Test("Places line up on their dots past 9: names start in one column")
    func twoDigitPlaces() throws {
        let players = (1...11).map { "P\($0)" }
        let text = """
            ---
            game: scores
            title: Big table
            date: 2026-11-20
            players: [\(players.joined(separator: ", "))]
            rounds:
              - {\(players.enumerated().map { "\($1): \($0)" }.joined(separator: ", "))}
            ---

            """
        let report = ScoreReport.text([
            LoadedGame(path: "big.md", game: try GameFileParser.parse(text, path: "big.md").get())
        ])
        let rows = report.split(separator: "\n").dropFirst()
        #expect(rows.count == 11)
        let nameColumns = Set(rows.map { row in row.prefix { $0 != "P" }.count })
        #expect(nameColumns.count == 1, "\(report)")
        #expect(rows.first?.hasPrefix("   1. P11") == true, "\(report)")
    }
}
