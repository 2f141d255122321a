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
            content: .scores(
                ScoreGame(
                    players: ["Elisha", "Andre <b>", "Jasmine\" onmouseover=\"x"], start: 2, win: .highest,
                    rounds: [
                        [entry("Elisha", 3), entry("Andre <b>", 5)],
                        [entry("Jasmine\" onmouseover=\"x", 7), entry("Andre <b>", -1)],
                    ]
                ))
        ),
        slug: "catan"
    )
}

/// One score-keeper game of each shape, with markup in the names to prove it is escaped.
enum ShapeFixtures {
    static let names = [
        "final-scores", "ranks", "winners", "tiebreak", "cooperative-won", "cooperative-lost", "cooperative-playing",
        "teams", "team-scores",
    ]

    static func entries(_ points: KeyValuePairs<String, Int>) -> [ScoreGame.Entry] {
        points.map { ScoreGame.Entry(player: $0.key, points: $0.value) }
    }

    static let four = ScoreGame.Lineup.players(["Marta", "Elisha <i>", "Andre", "Jasmine"])
    static let final = ScoreGame.Points(.final(entries(["Marta": 82, "Elisha <i>": 91, "Andre": 91, "Jasmine": 64])))
    static let teams = ScoreGame.Lineup.teams([
        .init(name: "Red <team>", players: ["Marta", "Elisha <i>"]),
        .init(name: "Blue", players: ["Andre", "Jasmine"]),
    ])

    static func game(_ name: String) -> SiteGame {
        let (title, scores, boardgame, bgg): (String, ScoreGame, String?, Int?) =
            switch name {
            case "final-scores": ("Wingspan", ScoreGame(lineup: four, decision: .points(final)), "Wingspan <&>", 266192)
            case "ranks":
                (
                    "Ticket to Ride, race",
                    ScoreGame(
                        lineup: four,
                        decision: .ranks(["Marta": 2, "Elisha <i>": 1, "Andre": 2, "Jasmine": 4], points: nil)),
                    "Ticket to Ride", nil
                )
            case "winners":
                ("Love Letter", ScoreGame(lineup: four, decision: .winners(["Jasmine"], points: nil)), nil, nil)
            case "tiebreak":
                (
                    "Wingspan, tie",
                    ScoreGame(
                        lineup: four,
                        decision: .ranks(["Marta": 3, "Elisha <i>": 2, "Andre": 1, "Jasmine": 4], points: final)),
                    "Wingspan", 266192
                )
            case "cooperative-won":
                ("Pandemic", ScoreGame(lineup: four, decision: .cooperative(won: true)), "Pandemic", 30549)
            case "cooperative-lost":
                ("Pandemic again", ScoreGame(lineup: four, decision: .cooperative(won: false)), "Pandemic", 30549)
            case "cooperative-playing":
                ("Spirit Island", ScoreGame(lineup: four, decision: .cooperative(won: nil), status: .playing), nil, nil)
            case "teams":
                (
                    "Spades",
                    ScoreGame(
                        lineup: teams,
                        decision: .points(
                            .init(
                                .rounds(
                                    start: 0,
                                    [
                                        entries(["Marta": 3, "Elisha <i>": 4, "Andre": 5, "Jasmine": 1]),
                                        entries(["Marta": 1, "Andre": 2]),
                                    ])))), nil, nil
                )
            default:
                (
                    "Codenames",
                    ScoreGame(lineup: teams, decision: .points(.init(.final(entries(["Red <team>": 6, "Blue": 9]))))),
                    "Codenames", 178900
                )
            }
        return SiteGame(
            game: Game(
                title: title, date: GameDate("2026-11-28T20:00")!, notes: "", content: .scores(scores),
                boardgameName: boardgame, bggID: bgg), slug: name)
    }
}
