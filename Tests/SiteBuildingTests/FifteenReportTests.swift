import Foundation
import GameFileParsing
import Testing

@testable import SiteBuilding

@Suite("Puzzles in `score`")
struct FifteenReportTests {
    @Test("One move is `1 move`, in the optimum and in each result")
    func oneMove() async throws {
        let text = """
            ---
            game: fifteen
            title: Quick
            date: 2026-11-22
            start: ["1 2 3", "4 5 6", "7 _ 8"]
            players:
              - {name: Ann, moves: "8", time: 3}
              - {name: Bo, moves: "7"}
            ---

            """
        var games = [LoadedGame(path: "quick.md", game: try GameFileParser.parse(text, path: "quick.md").get())]
        _ = await OptimumFiller.fill(&games, .standard(seconds: 10))
        let report = ScoreReport.text(games)
        #expect(report.contains("3×3, optimal 1 move\n"))
        #expect(report.contains("Ann  solved in 1 move, 3 s"))
        #expect(report.contains("Bo   not solved (1 move)"))
        #expect(!report.contains("1 moves"))
    }
}
