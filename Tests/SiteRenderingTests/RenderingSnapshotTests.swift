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

    @Test func scoreKeeperScorecard() {
        assertSnapshot(of: renderer.scorecard(SiteGameFixtures.catan).contents, as: .html, named: "catan")
    }

    @Test func scoreKeeperChart() {
        guard case .scores(let game) = SiteGameFixtures.catan.game.content else { return }
        assertSnapshot(of: ScoreChart.svg(for: game, title: "Catan").render(), as: .svg, named: "catan")
    }

    @Test func index() throws {
        assertSnapshot(of: renderer.index([SiteGameFixtures.catan, try BowlingFixtures.night()]).contents, as: .html, named: "two-games")
        assertSnapshot(of: renderer.index([]).contents, as: .html, named: "empty")
    }

    @Test func bowlingScorecard() throws {
        assertSnapshot(of: renderer.scorecard(try BowlingFixtures.night()).contents, as: .html, named: "night")
    }

    @Test("Bowling score sheets", arguments: [
        ("perfect", BowlingFixtures.perfect), ("mixed", BowlingFixtures.mixed), ("unfinished", BowlingFixtures.unfinished), ("empty", []),
    ])
    func bowlingSheet(name: String, balls: [BowlingBall]) throws {
        let player = try BowlingFixtures.player("Ann <&>", balls)
        assertSnapshot(of: BowlingSheet.svg(for: player, isWinner: name == "perfect", gameTitle: "Game 1").render(), as: .svg, named: name)
    }
}
