import GameDomain
import SiteRendering

enum SiteGameFixtures {
    static func entry(_ player: String, _ points: Int) -> ScoreGame.Entry { .init(player: player, points: points) }

    /// A game whose every user-supplied field holds markup, to prove it is escaped.
    static let catan = SiteGame(
        game: Game(
            title: "Catan <2>",
            date: GameDate("2026-11-20T20:15")!,
            notes: "Andre took the **longest road**.\n\n<script>alert(1)</script>",
            content: .scores(ScoreGame(
                players: ["Elisha", "Andre <b>", "Jasmine\" onmouseover=\"x"], start: 2, win: .highest,
                rounds: [[entry("Elisha", 3), entry("Andre <b>", 5)], [entry("Jasmine\" onmouseover=\"x", 7), entry("Andre <b>", -1)]]
            ))
        ),
        slug: "catan"
    )
}
