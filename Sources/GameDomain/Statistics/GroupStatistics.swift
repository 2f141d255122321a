/// One player's statistics across every game (their rating lives in `Ratings`).
public struct PlayerStatistics: Sendable, Hashable {
    public var identity: String
    /// The spelling of the player's earliest game.
    public var name: String
    /// Most games together first, then opponent identity.
    public var headToHead: [HeadToHead] = []
    public var nemesis: HeadToHead?
    /// Over ranked games; cooperative games neither extend nor end a streak.
    public var streak = WinStreak()
    /// Most played first.
    public var boardgames: [BoardgamePlays] = []
    public var favourite: BoardgamePlays?
    public var bowling: BowlerStatistics?
    public var puzzle: RacerStatistics?

    public init(identity: String, name: String) {
        self.identity = identity
        self.name = name
    }
}

/// Everything the site and `gamenight stats` show beyond wins: ratings, head-to-head records,
/// streaks, board-game plays and records, the group's H-index, bowling and puzzle figures.
/// Computed once from the games, with no I/O.
public struct GroupStatistics: Sendable {
    public let settings: StatisticsSettings
    /// By identity.
    public let players: [String: PlayerStatistics]
    /// Most played first.
    public let boardgames: [BoardgameStatistics]
    public let hIndex: Int
    /// Empty when `settings.ratings` is off.
    public let ratings: Ratings

    /// `games` in any order: they are taken in date order, then by path.
    public init(_ games: [FiledGame], settings: StatisticsSettings = StatisticsSettings()) {
        var tallies = StatisticsTallies(handicap: settings.handicap)
        let games = FiledGame.inPlayOrder(games)
        var rating = RatingsTally()
        for game in games {
            let play = Play(game)
            tallies.add(game, play)
            if settings.ratings { rating.add(play) }
        }
        self.init(tallies, ratings: rating.ratings, settings: settings)
    }

    /// The same statistics, the ratings (a third of the time) computed on another core beside
    /// the rest.
    public static func make(_ games: [FiledGame], settings: StatisticsSettings = StatisticsSettings()) async
        -> GroupStatistics
    {
        var memory = StatisticsMemory(checkpoints: false)
        return await memory.statistics(games, settings: settings)
    }

    /// `plays` in the order played; `rated: false` leaves the ratings empty.
    init(
        plays: [Play], bowlers: [String: BowlerStatistics] = [:], racers: [String: RacerStatistics] = [:],
        settings: StatisticsSettings = StatisticsSettings(), rated: Bool = true
    ) {
        var tallies = StatisticsTallies(handicap: settings.handicap)
        for play in plays { tallies.plays.add(play) }
        tallies.bowlers.bowlers = bowlers
        tallies.racers = racers
        self.init(tallies, ratings: settings.ratings && rated ? Ratings(plays: plays) : Ratings(), settings: settings)
    }

    init(_ tallies: StatisticsTallies, ratings: Ratings, settings: StatisticsSettings) {
        self.settings = settings
        self.ratings = ratings
        boardgames = tallies.plays.boardgames.table
        hIndex = BoardgameStatistics.hIndex(boardgames.map(\.plays))
        players = tallies.plays.players(bowlers: tallies.bowlers.bowlers, racers: tallies.racers)
    }

    public func player(_ identity: String) -> PlayerStatistics? { players[identity] }

    /// The overall ratings leaderboard (`minimumGames`).
    public var leaderboard: [PlayerRating] { Ratings.leaderboard(ratings.overall, minimumGames: settings.minimumGames) }

    /// A board game's ratings leaderboard: players rated in at least `perBoardgameMinimum` of its games.
    public func leaderboard(of boardgame: Boardgame) -> [PlayerRating] {
        Ratings.leaderboard(ratings.boardgames[boardgame] ?? [:], minimumGames: settings.perBoardgameMinimum)
    }

    /// A player's rating of one board game, once they have enough rated games of it.
    public func rating(of identity: String, in boardgame: Boardgame) -> PlayerRating? {
        ratings.boardgames[boardgame]?[identity].flatMap { $0.games >= settings.perBoardgameMinimum ? $0 : nil }
    }
}

extension BoardgamePlays {
    mutating func add(won: Bool, on date: GameDate) {
        plays += 1
        if won { wins += 1 }
        lastPlayed = date
    }
}

extension HeadToHead {
    mutating func record(_ place: Int, against other: Int) {
        games += 1
        if place < other { ahead += 1 } else if place > other { behind += 1 } else { tied += 1 }
    }
}
