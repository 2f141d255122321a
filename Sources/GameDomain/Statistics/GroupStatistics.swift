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
    public private(set) var players: [String: PlayerStatistics] = [:]
    /// Most played first.
    public let boardgames: [BoardgameStatistics]
    public let hIndex: Int
    /// Empty when `settings.ratings` is off.
    public private(set) var ratings: Ratings

    /// `games` in any order: they are taken in date order, then by path.
    public init(_ games: [FiledGame], settings: StatisticsSettings = StatisticsSettings()) {
        let games = FiledGame.inPlayOrder(games)
        self.init(plays: games.map(Play.init), bowlers: BowlerStatistics.bowlers(games, handicap: settings.handicap),
                  racers: RacerStatistics.racers(games), settings: settings)
    }

    /// The same statistics, the ratings (a third of the time) computed on another core beside
    /// the rest.
    public static func make(_ games: [FiledGame], settings: StatisticsSettings = StatisticsSettings()) async -> GroupStatistics {
        let games = FiledGame.inPlayOrder(games)
        let plays = games.map(Play.init)
        async let ratings = settings.ratings ? Ratings(plays: plays) : Ratings()
        var statistics = GroupStatistics(plays: plays, bowlers: BowlerStatistics.bowlers(games, handicap: settings.handicap),
                                         racers: RacerStatistics.racers(games), settings: settings, rated: false)
        statistics.ratings = await ratings
        return statistics
    }

    /// `plays` in the order played; `rated: false` leaves the ratings empty.
    init(plays: [Play], bowlers: [String: BowlerStatistics] = [:], racers: [String: RacerStatistics] = [:],
         settings: StatisticsSettings = StatisticsSettings(), rated: Bool = true) {
        self.settings = settings
        ratings = settings.ratings && rated ? Ratings(plays: plays) : Ratings()
        boardgames = BoardgameStatistics.table(plays)
        hIndex = BoardgameStatistics.hIndex(boardgames.map(\.plays))

        // Per player number: head-to-head records by opponent number, plays by board game number.
        var numbers = PlayerNumbers()
        var streaks: [WinStreak] = []
        var headToHead: [[Int: HeadToHead]] = []
        var played: [[Int: BoardgamePlays]] = []
        var boardgameNumbers: [Boardgame: Int] = [:]
        // The play each player last took part in and last won, by index + 1: sets without hashing.
        var inPlay: [Int] = [], wonPlay: [Int] = []
        for (index, play) in plays.enumerated() {
            let mark = index + 1
            var participants: [Int] = []
            // Everyone who played, listed or on a side, with the first spelling seen.
            func meet(_ name: String) -> Int {
                let (number, isNew) = numbers.number(name)
                if isNew {
                    streaks.append(WinStreak())
                    headToHead.append([:])
                    played.append([:])
                    inPlay.append(0)
                    wonPlay.append(0)
                }
                if inPlay[number] != mark {
                    inPlay[number] = mark
                    participants.append(number)
                }
                return number
            }
            for name in play.players { _ = meet(name) }
            guard let outcome = play.outcome else { continue }
            switch outcome {
            case .cooperative(let names, let won):
                for name in names { _ = meet(name) }
                if won { for number in participants { wonPlay[number] = mark } }
            case .ranked(let sides):
                let placed = sides.map { side in (side.players.map(meet), side.place) }
                for (a, (playersA, placeA)) in placed.enumerated() {
                    if placeA == 1 { for number in playersA { wonPlay[number] = mark } }
                    for (playersB, placeB) in placed[(a + 1)...] {
                        for one in playersA {
                            for other in playersB where one != other {
                                headToHead[one][other, default: HeadToHead(opponent: numbers.identities[other])].record(placeA, against: placeB)
                                headToHead[other][one, default: HeadToHead(opponent: numbers.identities[one])].record(placeB, against: placeA)
                            }
                        }
                    }
                }
                for number in participants { streaks[number].add(won: wonPlay[number] == mark) }
            }
            let boardgame = boardgameNumbers[play.boardgame] ?? {
                boardgameNumbers[play.boardgame] = boardgameNumbers.count
                return boardgameNumbers.count - 1
            }()
            for number in participants {
                played[number][boardgame, default: BoardgamePlays(boardgame: play.boardgame, lastPlayed: play.date)].add(won: wonPlay[number] == mark, on: play.date)
            }
        }
        for number in 0..<numbers.count {
            let identity = numbers.identities[number]
            var player = PlayerStatistics(identity: identity, name: numbers.names[number])
            player.streak = streaks[number]
            player.headToHead = headToHead[number].values.sorted { ($1.games, $0.opponent) < ($0.games, $1.opponent) }
            player.nemesis = HeadToHead.nemesis(player.headToHead)
            player.boardgames = played[number].values.sorted { a, b in
                if a.plays != b.plays { return a.plays > b.plays }
                if a.lastPlayed != b.lastPlayed { return a.lastPlayed > b.lastPlayed }
                return a.boardgame < b.boardgame
            }
            player.favourite = BoardgamePlays.favourite(player.boardgames)
            player.bowling = bowlers[identity]
            player.puzzle = racers[identity]
            players[identity] = player
        }
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
