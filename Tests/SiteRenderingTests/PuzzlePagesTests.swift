import GameDomain
import Testing

@testable import SiteRendering

@Suite("Puzzle scorecards")
struct PuzzlePagesTests {
    static func race(optimum: PuzzleOptimum?) throws -> SiteGame {
        let start = try PuzzleBoard(size: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8])
        let players = [
            PuzzleGame.Player(
                name: "Ana <b>", replay: try PuzzleReplay(start: start, moves: [.tile(7), .tile(8)]), seconds: 4),
            PuzzleGame.Player(
                name: "Bo", replay: try PuzzleReplay(start: start, moves: [.tile(7), .tile(7), .tile(7), .tile(8)]),
                seconds: nil),
            PuzzleGame.Player(name: "../Cy", replay: try PuzzleReplay(start: start, moves: [.tile(7)]), seconds: 2),
        ]
        let game = Game(
            title: "Race", date: try #require(GameDate("2026-11-22")), notes: "",
            content: .fifteen(PuzzleGame(start: start, players: players, optimum: optimum)))
        return SiteGame(game: game, slug: "race")
    }

    /// Times a reader would reject can still come from code: never a trap.
    @Test(
        arguments: [
            (42.5, "42.5 s"), (95, "1:35"), (60, "1:00"), (5.5e71, "16666666:40"), (.infinity, "16666666:40"),
            (.nan, "0 s"), (-3, "0 s"),
        ] as [(Double, String)])
    func durationsOfAnySize(seconds: Double, text: String) {
        #expect(FifteenView.duration(seconds) == text)
    }

    @Test func scorecardDrawsTheStartBoardAndOneReplayPerPlayerInline() throws {
        let files = try SiteRenderer(templates: try Templates()).site([try Self.race(optimum: .moves(2))])
        #expect(files.filter { $0.path.hasSuffix(".svg") }.isEmpty)
        let page = try #require(files.first { $0.path == "games/race.html" }).contents
        #expect(page.ranges(of: "<title>Start board: Race</title>").count == 1)
        #expect(page.ranges(of: "<title>Replay: ").count == 3)
        #expect(page.ranges(of: "<animateTransform").count > 0)
    }

    @Test func scorecardShowsResultsOptimalAndEfficiencyEscaped() throws {
        let page = try SiteRenderer(templates: try Templates()).scorecard(try Self.race(optimum: .moves(2))).contents
        #expect(!page.contains("Ana <b>"))
        #expect(page.contains("Ana &lt;b&gt;"))
        #expect(page.contains("100 %"))  // Ana: 2 of 2
        #expect(page.contains("50 %"))  // Bo: 2 of 4
        #expect(page.contains("<dt>Optimal solution</dt><dd>2 moves</dd>"))
        #expect(page.contains("<svg"))
    }

    @Test(
        "A missing optimum says why, in the site's language",
        arguments: [
            (
                PuzzleOptimum.Gap.timeLimit(seconds: 10, atLeast: 42), SiteLanguage.en,
                "Not computed (no solution within 10 s; at least 42 moves)"
            ),
            (.timeLimit(seconds: 2.5, atLeast: 42), .ja, "未計算（2.5秒以内に解が見つからず。少なくとも42手）"),
            (.tooLarge(size: 5), .en, "Not computed (5×5 boards are too large to solve optimally here)"),
            (.tooLarge(size: 5), .ja, "未計算（5×5の盤面は大きすぎて最適解を求めていません）"),
            (.unsolvable, .ja, "未計算（解けない配置）"),
            (
                .nodeLimit(nodes: 5000, atLeast: 30), .en,
                "Not computed (no solution within 5000 search steps; at least 30 moves)"
            ),
            (.cancelled, .en, "Not computed (the search was cancelled)"),
        ])
    func notComputedOptimumSaysWhy(gap: PuzzleOptimum.Gap, language: SiteLanguage, expected: String) throws {
        let renderer = SiteRenderer(templates: try Templates(), settings: SiteSettings(language: language))
        let page = try renderer.scorecard(try Self.race(optimum: .notComputed(gap))).contents
        #expect(page.contains(expected))
        #expect(!page.contains(" %</td>"))
    }
}
