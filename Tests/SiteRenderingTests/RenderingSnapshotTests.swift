import GameDomain
import SiteRendering
import SnapshotKit
import Testing

/// Every rendered page and image, checked against the references in __Snapshots__/.
@Suite("Rendering snapshots")
struct RenderingSnapshotTests {
    let renderer: SiteRenderer

    init() throws {
        renderer = SiteRenderer(templates: try Templates())
    }

    @Test func scoreKeeperScorecard() throws {
        assertSnapshot(of: try renderer.scorecard(SiteGameFixtures.catan).contents, as: .html, named: "catan")
    }

    @Test func scoreKeeperChart() throws {
        guard case .scores(let game) = SiteGameFixtures.catan.game.content else { return }
        assertSnapshot(of: ScoreChart.svg(for: game, title: "Catan").render(), as: .svg, named: "catan")
    }

    @Test("Score-keeper scorecards, one per shape", arguments: ShapeFixtures.names)
    func scoreKeeperShapes(name: String) throws {
        assertSnapshot(of: try renderer.scorecard(ShapeFixtures.game(name)).contents, as: .html, named: name)
    }

    @Test func scoreKeeperShapesInLists() throws {
        assertSnapshot(
            of: try renderer.index(ShapeFixtures.names.map(ShapeFixtures.game)).contents, as: .html, named: "shapes")
    }

    @Test func index() throws {
        assertSnapshot(
            of: try renderer.index([SiteGameFixtures.catan, try BowlingFixtures.night()]).contents, as: .html,
            named: "two-games")
        assertSnapshot(of: try renderer.index([]).contents, as: .html, named: "empty")
    }

    @Test func bowlingScorecard() throws {
        assertSnapshot(of: try renderer.scorecard(try BowlingFixtures.night()).contents, as: .html, named: "night")
    }

    @Test(
        "Bowling score sheets",
        arguments: [
            ("perfect", BowlingFixtures.perfect), ("mixed", BowlingFixtures.mixed),
            ("unfinished", BowlingFixtures.unfinished), ("empty", []),
        ])
    func bowlingSheet(name: String, balls: [BowlingBall]) throws {
        let player = try BowlingFixtures.player("Ann <&>", balls)
        assertSnapshot(
            of: BowlingSheet.svg(for: player, isWinner: name == "perfect", gameTitle: "Game 1").render(), as: .svg,
            named: name)
    }
}

@Suite("Puzzle snapshots")
struct PuzzleSnapshotTests {
    /// The seed's panel snapshots: one image per tile.
    @Test("Panels", arguments: 1...15)
    func panel(number: Int) {
        assertSnapshot(of: PuzzleBoardSVG.panel(number).render(), as: .svg, named: "panel-\(number)")
    }

    @Test func boards() throws {
        let goal = try PuzzleBoard.goal(size: 4)
        let scrambled = try PuzzleBoard.shuffled(size: 4, seed: 13)
        assertSnapshot(
            of: PuzzleBoardSVG.board(goal, title: "Solved <board>", caption: "goal").render(), as: .svg, named: "solved"
        )
        assertSnapshot(
            of: PuzzleBoardSVG.board(scrambled, title: "Seed 13", caption: "start").render(), as: .svg, named: "seed-13"
        )
        let three = try PuzzleBoard.shuffled(size: 3, seed: 1)
        assertSnapshot(
            of: PuzzleBoardSVG.board(three, title: "3×3", caption: "start").render(), as: .svg, named: "three-by-three")
    }

    @Test func replay() throws {
        let start = try PuzzleBoard(size: 3, tiles: [1, 2, 3, 4, 5, 6, 0, 7, 8])
        let replay = try PuzzleReplay(start: start, moves: [.tile(7), .tile(8)])
        assertSnapshot(
            of: PuzzleReplaySVG.svg(replay, player: "Ann <&>", gameTitle: "Race").render(), as: .svg, named: "two-moves"
        )
    }

    @Test func scorecard() throws {
        let renderer = SiteRenderer(templates: try Templates())
        assertSnapshot(
            of: try renderer.scorecard(try PuzzlePagesTests.race(optimum: .moves(54))).contents, as: .html,
            named: "race")
    }
}
