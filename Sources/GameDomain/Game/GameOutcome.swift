/// What a finished game says about who did better than whom: the input of ratings, head-to-head
/// records and streaks, whatever the kind of game.
public enum GameOutcome: Sendable, Hashable {
    /// Sides in order of their places (1 is best; tied sides share a place).
    case ranked([Side])
    /// Everyone won or lost together; nobody placed ahead of anybody.
    case cooperative(players: [String], won: Bool)

    /// One player on their own, or a team whose players share its place.
    public struct Side: Sendable, Hashable {
        /// The team's name; nil for a player on their own.
        public var team: String?
        public var players: [String]
        public var place: Int

        public init(team: String? = nil, players: [String], place: Int) {
            self.team = team
            self.players = players
            self.place = place
        }
    }
}

/// The board game a session was: per-game statistics group by it.
public enum Boardgame: Sendable, Hashable, Comparable {
    /// A score-keeper game's `boardgame:` (or, without one, its title).
    case named(String)
    /// Bowling and the 15-puzzle are their own board game.
    case kind(GameKind)

    public static func < (lhs: Boardgame, rhs: Boardgame) -> Bool {
        switch (lhs, rhs) {
        case (.kind(let a), .kind(let b)): a < b
        case (.kind, .named): true
        case (.named, .kind): false
        case (.named(let a), .named(let b)): a < b
        }
    }
}

extension Game {
    /// Nil until the game is finished (and for a cooperative game whose result is not known).
    /// A score-keeper game's sides are its standings' rows: players, or teams with their players.
    /// Players without a place (an incomplete bowling line, an unsolved puzzle) are left out; each
    /// remaining player is a side of their own.
    public var outcome: GameOutcome? { outcome(standings: nil, results: nil) }

    /// `results`, `outcome`, `winners` and `winnerNames`, the game ranked once for all four.
    var ranked: (outcome: GameOutcome?, results: [PlayerResult], winners: [String], winnerNames: [String]) {
        let standings: [ScoreStanding]? = if case .scores(let game) = content { game.standings } else { nil }
        let results = results(standings: standings)
        // `ScoreGame.winningSides`, from the standings at hand.
        let sides = status == .finished ? standings?.filter { $0.place == 1 } : nil
        let winners = standings != nil ? sides?.flatMap(\.players) ?? [] : winners
        let teams = if case .scores(let game) = content { !game.teams.isEmpty } else { false }
        return (
            outcome(standings: standings, results: results), results, winners,
            teams ? sides?.map(\.name) ?? [] : winners
        )
    }

    func outcome(standings: [ScoreStanding]?, results known: [PlayerResult]?) -> GameOutcome? {
        guard status == .finished else { return nil }
        if case .scores(let game) = content {
            if game.isCooperative { return game.sharedResult.map { .cooperative(players: game.players, won: $0) } }
            return .ranked(
                (standings ?? game.standings).map {
                    GameOutcome.Side(team: $0.team, players: $0.players, place: $0.place)
                })
        }
        let sides = (known ?? results).compactMap { result in
            result.place.map { GameOutcome.Side(players: [result.player], place: $0) }
        }
        return .ranked(sides.sorted { $0.place < $1.place })
    }

    public var boardgame: Boardgame {
        switch content {
        case .scores: .named(boardgameName ?? title)
        case .bowling: .kind(.bowling)
        case .fifteen: .kind(.fifteen)
        }
    }
}
