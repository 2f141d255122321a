import GameDomain
import SiteRendering

/// Bowling games for rendering tests, built from balls so no parser is needed.
enum BowlingFixtures {
    static let perfect = [BowlingBall](repeating: .pins(10), count: 12)
    /// 7/ 9- X 8/ F9 X X 63 (7)2 9/X = 150: a spare, a miss, strikes, a foul, a split, three 10th-frame balls.
    static let mixed: [BowlingBall] = [
        .pins(7), .pins(3), .pins(9), .pins(0), .pins(10), .pins(8), .pins(2), .foul, .pins(9), .pins(10), .pins(10),
        .pins(6), .pins(3), .split(7), .pins(2), .pins(9), .pins(1), .pins(10),
    ]
    /// X 9/ 8- X X 7: four frames known, two waiting on bonus balls, four not bowled.
    static let unfinished: [BowlingBall] = [
        .pins(10), .pins(9), .pins(1), .pins(8), .pins(0), .pins(10), .pins(10), .pins(7),
    ]

    static func player(_ name: String, _ balls: [BowlingBall]) throws -> BowlingGame.Player {
        BowlingGame.Player(name: name, line: try BowlingLine(balls: balls))
    }

    static func game(
        _ players: [BowlingGame.Player], status: GameStatus = .finished, date: String = "2026-11-21T19:00",
        title: String = "Game 1", slug: String = "bowling-1"
    ) -> SiteGame {
        SiteGame(
            game: Game(
                title: title, date: GameDate(date)!, notes: "",
                content: .bowling(BowlingGame(players: players, status: status))),
            slug: slug
        )
    }

    /// Marta 300 wins over "Andre <b>" 150; a name full of markup must come out escaped.
    static func night() throws -> SiteGame {
        game([try player("Marta", perfect), try player("Andre <b>\"&'", mixed)])
    }
}
