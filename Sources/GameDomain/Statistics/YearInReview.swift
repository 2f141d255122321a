/// One calendar year of finished games, in review (docs/STATISTICS.md, *Year in review*): the
/// group's year, each player's, and the bests of bowling and the 15-puzzle. A figure without
/// data is nil or empty, never a made-up zero (hours: `timedPlays` says how many games gave one).
public struct YearInReview: Sendable, Hashable {
    /// A best and everyone who shares it, by identity in order.
    public struct Best<Value: Sendable & Hashable>: Sendable, Hashable {
        public var value: Value
        public var players: [String]
    }

    /// One player's year: finished games, wins (cooperative games won count), the year's nemesis
    /// and favourite board game.
    public struct PlayerYear: Sendable, Hashable {
        public var identity: String
        public var plays: Int
        public var wins: Int
        public var nemesis: HeadToHead?
        public var favourite: BoardgamePlays?
    }

    /// A bowler's average this year against their average the year before.
    public struct Improvement: Sendable, Hashable {
        public var player: String
        public var before: Int
        public var after: Int
        public var gain: Int { after - before }
    }

    /// The year's 15-puzzle bests on one board size.
    public struct PuzzleBests: Sendable, Hashable {
        public var size: Int
        public var fastest: Best<Double>?
        public var bestEfficiency: Best<Double>?
    }

    /// Board games the review lists as the most played.
    public static let shownBoardgames = 3
    /// Wins in a row that make a streak worth showing.
    public static let streakMinimum = 2

    /// `YYYY`.
    public var year: String
    /// Days with a finished game.
    public var nights = 0
    /// Finished games.
    public var plays = 0
    /// Minutes over the plays whose file gives `duration:`, and how many do.
    public var minutes = 0
    public var timedPlays = 0
    /// The year's games table, most played first (its order), `shownBoardgames` at most.
    public var mostPlayed: [BoardgameStatistics] = []
    /// Identities whose first finished game ever is in this year, in the order first met.
    public var newPlayers: [String] = []
    /// Board games first played (finished) this year, in the order first played.
    public var newBoardgames: [Boardgame] = []
    /// Among score-keeper games with a margin: the biggest margin above 0, and the smallest
    /// margin of the other games; the earlier game first among equals.
    public var biggestWin: ScoreDistribution.Margin?
    public var closestGame: ScoreDistribution.Margin?
    /// The most wins in a row within the year, `streakMinimum` or more.
    public var longestStreak: Best<Int>?
    /// The largest rise of the overall rating's ordinal over the year, above 0.
    public var ratingClimb: Best<Double>?
    /// Everyone with a finished game: most plays first, then most wins, then identity.
    public var players: [PlayerYear] = []
    /// Bowling: the best line and the best night's series of the year.
    public var bestGame: Best<Int>?
    public var bestSeries: Best<Int>?
    /// The largest rise of a bowler's yearly average over the year before, above 0; all who share it.
    public var mostImproved: [Improvement] = []
    /// By board size, smallest first.
    public var puzzle: [PuzzleBests] = []

    public init(year: String) {
        self.year = year
    }

    /// One review per year with a finished game, oldest first. `games` in any order (drafts left
    /// out as the catalog leaves them out); `ratings` over the same games gives the climbs.
    public static func byYear(_ games: [FiledGame], ratings: Ratings = Ratings()) -> [YearInReview] {
        rated(unrated(games), ratings)
    }

    /// `entries` in the order played; a play without its game (tests) has no bowling or races.
    static func byYear(_ entries: [(play: Play, game: FiledGame?)], ratings: Ratings) -> [YearInReview] {
        rated(byYear(entries), ratings)
    }

    /// The reviews with each year's rating climb from `ratings` (kept apart so that a build
    /// reviews its years on another core while the ratings are computed).
    public static func rated(_ reviews: [YearInReview], _ ratings: Ratings) -> [YearInReview] {
        let climbs = ratingClimbs(ratings)
        return reviews.map { review in
            var review = review
            review.ratingClimb = climbs[review.year]
            return review
        }
    }

    /// Every figure but the rating climbs; `games` in any order.
    public static func unrated(_ games: [FiledGame]) -> [YearInReview] {
        unrated(games, memory: Memory(remembering: false)).reviews
    }

    /// What `serve` keeps of the last build's years: each year's games and figures. A year whose
    /// games are the same, in the same bytes, as are all the years before it, keeps its figures,
    /// so a save in this year's games reviews this year alone.
    public struct Memory: Sendable {
        fileprivate struct Kept: Sendable {
            var year: String
            var entries: [(play: Play, game: FiledGame?)]
            var review: YearInReview
            var bowlers: [String: BowlerStatistics]
            /// Everyone and every board game met by the end of the year.
            var seenPlayers: Set<String>
            var seenBoardgames: Set<Boardgame>
        }

        fileprivate let remembers: Bool
        fileprivate var kept: [Kept] = []
        /// Years reviewed by the last call, for tests: the rest were kept.
        public fileprivate(set) var lastReviewed = 0

        /// `remembering: false` keeps nothing: one build's years.
        public init(remembering: Bool = true) {
            remembers = remembering
        }
    }

    /// `unrated(games)`, reviewing again only the years from the first one that changed since
    /// the build `memory` was returned by; and what to give the next build.
    public static func unrated(_ games: [FiledGame], memory: Memory) -> (reviews: [YearInReview], memory: Memory) {
        var gamesOf: [String: [FiledGame]] = [:]
        for game in FiledGame.inPlayOrder(games) where game.box.outcome != nil {
            gamesOf[Self.year(of: game.game.date), default: []].append(game)
        }
        // A year whose games are all in their last boxes takes its plays as the last build made
        // them: making every game's play was most of this.
        var keptEntries: [String: [(play: Play, game: FiledGame?)]] = [:]
        for kept in memory.kept { keptEntries[kept.year] = kept.entries }
        let years = gamesOf.keys.sorted().compactMap { year -> (String, [(play: Play, game: FiledGame?)])? in
            guard let games = gamesOf[year] else { return nil }
            if let kept = keptEntries[year], kept.count == games.count,
                zip(kept, games).allSatisfy({ kept, game in kept.game.map { FiledGame.sameBox($0, game) } ?? false })
            {
                return (year, kept)
            }
            return (year, games.map { (Play($0), $0) })
        }
        return reviews(years, memory: memory)
    }

    private static func byYear(_ entries: [(play: Play, game: FiledGame?)]) -> [YearInReview] {
        byYear(entries, memory: Memory(remembering: false)).reviews
    }

    private static func byYear(_ entries: [(play: Play, game: FiledGame?)], memory: Memory) -> (
        reviews: [YearInReview], memory: Memory
    ) {
        var entriesOf: [String: [(play: Play, game: FiledGame?)]] = [:]
        for entry in entries where entry.play.outcome != nil {
            entriesOf[Self.year(of: entry.play.date), default: []].append(entry)
        }
        return reviews(
            entriesOf.keys.sorted().compactMap { year in entriesOf[year].map { (year, $0) } }, memory: memory)
    }

    /// Each year's review from its plays (`years` oldest first), kept from `memory` while the
    /// years before are kept and its plays are the same.
    private static func reviews(_ years: [(year: String, entries: [(play: Play, game: FiledGame?)])], memory: Memory)
        -> (reviews: [YearInReview], memory: Memory)
    {
        var seenPlayers: Set<String> = []
        var seenBoardgames: Set<Boardgame> = []
        var bowlersOf: [String: [String: BowlerStatistics]] = [:]
        var reviews: [YearInReview] = []
        var next = Memory(remembering: memory.remembers)
        // A year is kept only after kept years: newcomers and the year before's bowlers come
        // from the years before it.
        var reusing = true
        for (index, (year, entries)) in years.enumerated() {
            var review = YearInReview(year: year)
            if reusing, memory.kept.indices.contains(index), memory.kept[index].year == year,
                Self.same(memory.kept[index].entries, entries)
            {
                let kept = memory.kept[index]
                (review, bowlersOf[year], seenPlayers, seenBoardgames) = (
                    kept.review, kept.bowlers, kept.seenPlayers, kept.seenBoardgames
                )
            } else {
                reusing = false
                next.lastReviewed += 1
                var tallies = StatisticsTallies(handicap: nil)
                for (play, game) in entries {
                    for identity in participants(play) where seenPlayers.insert(identity).inserted {
                        review.newPlayers.append(identity)
                    }
                    if seenBoardgames.insert(play.boardgame).inserted { review.newBoardgames.append(play.boardgame) }
                    if let game { tallies.add(game, play) } else { tallies.plays.add(play) }
                }
                let statistics = GroupStatistics(
                    tallies, ratings: Ratings(), settings: StatisticsSettings(ratings: false))
                review.group(entries.map(\.play), statistics)
                let bowlers = statistics.players.compactMapValues(\.bowling)
                bowlersOf[year] = bowlers
                review.bowling(bowlers, yearBefore: Int(year).flatMap { bowlersOf[yearText($0 - 1)] } ?? [:])
                review.puzzle = Self.puzzle(statistics.players.compactMapValues(\.puzzle))
            }
            if next.remembers {
                next.kept.append(
                    Memory.Kept(
                        year: year, entries: entries, review: review, bowlers: bowlersOf[year] ?? [:],
                        seenPlayers: seenPlayers, seenBoardgames: seenBoardgames))
            }
            reviews.append(review)
        }
        return (reviews, next)
    }

    /// The same plays in the same bytes (`Play.sameBytes`), of games with the same content (what
    /// the bowling and puzzle figures read); a game in its last box is the same.
    private static func same(_ a: [(play: Play, game: FiledGame?)], _ b: [(play: Play, game: FiledGame?)]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                if let x = $0.game, let y = $1.game, FiledGame.sameBox(x, y) { return true }
                return Play.sameBytes($0.play, $1.play) && $0.game?.game.content == $1.game?.game.content
            }
    }

    /// `YYYY` of a date (checked as four digits when it was read).
    public static func year(of date: GameDate) -> String { String(date.day.prefix(4)) }

    /// A year as four digits (`0999`), as dates write it.
    static func yearText(_ year: Int) -> String {
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Everyone who took part in a play, by identity, each once.
    static func participants(_ play: Play) -> [String] {
        var names = play.players
        switch play.outcome {
        case .cooperative(let players, _): names += players
        case .ranked(let sides): names += sides.flatMap(\.players)
        case nil: break
        }
        var seen: Set<String> = []
        return names.map(PlayerName.identity(of:)).filter { seen.insert($0).inserted }
    }

    /// Nights, plays, hours, the most played, the closest game and biggest win, streaks, players.
    private mutating func group(_ plays: [Play], _ statistics: GroupStatistics) {
        self.plays = plays.count
        nights = Set(plays.map(\.date.day)).count
        for play in plays {
            if let minutes = play.minutes {
                self.minutes += minutes
                timedPlays += 1
            }
        }
        mostPlayed = Array(statistics.boardgames.prefix(Self.shownBoardgames))
        // Score-keeper games only: pins and moves are not points.
        let margins = plays.filter { if case .named = $0.boardgame { true } else { false } }.compactMap(
            ScoreDistribution.margin(of:))
        let indexed = Array(margins.enumerated())
        let biggest = indexed.filter { $0.element.margin > 0 }.min {
            ($1.element.margin, $0.offset) < ($0.element.margin, $1.offset)
        }
        biggestWin = biggest?.element
        closestGame =
            indexed.filter { $0.offset != biggest?.offset }.min {
                ($0.element.margin, $0.offset) < ($1.element.margin, $1.offset)
            }?.element
        longestStreak = Self.best(statistics.players.mapValues(\.streak.longest), highest: true).flatMap {
            $0.value >= Self.streakMinimum ? $0 : nil
        }
        players = statistics.players.values.compactMap { player -> PlayerYear? in
            let plays = player.boardgames.reduce(0) { $0 + $1.plays }
            guard plays > 0 else { return nil }
            return PlayerYear(
                identity: player.identity, plays: plays, wins: player.boardgames.reduce(0) { $0 + $1.wins },
                nemesis: player.nemesis, favourite: player.favourite)
        }.sorted { ($1.plays, $1.wins, $0.identity) < ($0.plays, $0.wins, $1.identity) }
    }

    /// The best game and series, and the most improved average against `yearBefore`'s bowlers.
    private mutating func bowling(_ bowlers: [String: BowlerStatistics], yearBefore: [String: BowlerStatistics]) {
        let bowled = bowlers.filter { $0.value.games > 0 }
        bestGame = Self.best(bowled.mapValues(\.highGame), highest: true)
        bestSeries = Self.best(bowled.mapValues(\.highSeries), highest: true)
        let improvements = bowled.compactMap { identity, now in
            yearBefore[identity].flatMap {
                $0.games > 0 ? Improvement(player: identity, before: $0.average, after: now.average) : nil
            }
        }.filter { $0.gain > 0 }
        let most = improvements.map(\.gain).max()
        mostImproved = improvements.filter { $0.gain == most }.sorted { $0.player < $1.player }
    }

    /// The fastest solve and the best efficiency on each board size, over every racer's bests.
    static func puzzle(_ racers: [String: RacerStatistics]) -> [PuzzleBests] {
        let sizes = Set(racers.values.flatMap { $0.bests.map(\.size) }).sorted()
        return sizes.map { size in
            let bests = racers.compactMapValues { racer in racer.bests.first { $0.size == size } }
            return PuzzleBests(
                size: size, fastest: best(bests.compactMapValues { $0.fastest?.value }, highest: false),
                bestEfficiency: best(bests.compactMapValues { $0.bestEfficiency?.value }, highest: true))
        }
    }

    /// The highest (or lowest) value, with everyone who has it; nil without values.
    static func best<Value: Comparable & Sendable & Hashable>(_ values: [String: Value], highest: Bool) -> Best<Value>?
    {
        guard let value = highest ? values.values.max() : values.values.min() else { return nil }
        return Best(value: value, players: values.filter { $0.value == value }.keys.sorted())
    }

    /// By year: the largest rise of an overall ordinal from before the player's first rated game
    /// of the year (the initial rating's for a new player) to after their last; above 0 only.
    static func ratingClimbs(_ ratings: Ratings, initial: Double = OpenSkill().initial.ordinal) -> [String: Best<
        Double
    >] {
        var climbs: [String: [String: Double]] = [:]
        for (identity, rating) in ratings.overall {
            var before = initial
            var start = initial
            var current: String?
            for point in rating.history {
                let year = year(of: point.date)
                if year != current {
                    current = year
                    start = before
                }
                before = point.rating.ordinal
                climbs[year, default: [:]][identity] = before - start
            }
        }
        return climbs.compactMapValues { best($0, highest: true).flatMap { $0.value > 0 ? $0 : nil } }
    }
}
