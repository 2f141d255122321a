/// Statistics that a long-running build (`gamenight serve`) keeps between builds. Each build
/// compares its games, in the order played, with the previous build's and resumes the tallies
/// from a copy taken before the first game that differs, so a save that changes tonight's
/// games, or only text the statistics never read, re-counts a few games instead of all of them.
public struct StatisticsMemory: Sendable {
    /// The tallies after the first `count` games.
    struct Checkpoint: Sendable {
        var count: Int
        var tallies: StatisticsTallies
        var ratings: RatingsTally
    }

    /// What the tallies read of a game: a game equal in these counts the same.
    struct Counted: Sendable, Equatable {
        var file: String
        var date: GameDate
        /// A score-keeper game's board game is its title unless it names one.
        var boardgame: Boardgame
        var bggID: Int?
        var content: Game.Content

        init(_ entry: FiledGame) {
            file = entry.file
            date = entry.game.date
            boardgame = entry.game.boardgame
            bggID = entry.game.bggID
            content = entry.game.content
        }
    }

    private let keepsCheckpoints: Bool
    private var settings: StatisticsSettings?
    private var counted: [Counted] = []
    /// Oldest first.
    private var checkpoints: [Checkpoint] = []

    /// `checkpoints: false` remembers nothing: one build's statistics on two cores.
    public init(checkpoints: Bool = true) {
        keepsCheckpoints = checkpoints
    }

    /// Games counted by the last call, for tests: the rest were resumed from a checkpoint.
    public private(set) var lastCounted = 0

    /// `GroupStatistics(games, settings:)`, with the ratings computed on another core beside
    /// the rest.
    public mutating func statistics(_ games: [FiledGame], settings: StatisticsSettings) async -> GroupStatistics {
        let games = FiledGame.inPlayOrder(games)
        let counted = keepsCheckpoints ? games.map(Counted.init) : []
        if self.settings != settings { checkpoints = [] }
        let same = zip(self.counted, counted).prefix { $0 == $1 }.count
        checkpoints.removeAll { $0.count > same }
        let start = checkpoints.last ?? Checkpoint(count: 0, tallies: StatisticsTallies(handicap: settings.handicap),
                                                   ratings: RatingsTally())
        // Copies at each quarter and near the end: a night's games are the newest.
        let marks = keepsCheckpoints ? Set([games.count / 4, games.count / 2, games.count * 3 / 4, games.count - 64]) : []
        let rest = games[start.count...]
        let plays = rest.map(Play.init)
        let rated = settings.ratings
        async let ratingsPart = Self.rate(plays, from: start.count, start.ratings, marks: rated ? marks : [], rated: rated)
        var tallies = start.tallies
        var kept: [Checkpoint] = []
        for (offset, (game, play)) in zip(rest, plays).enumerated() {
            if offset > 0, marks.contains(start.count + offset) {
                kept.append(Checkpoint(count: start.count + offset, tallies: tallies, ratings: RatingsTally()))
            }
            tallies.add(game, play)
        }
        let (ratings, ratingsKept) = await ratingsPart
        for (index, tally) in ratingsKept.enumerated() where index < kept.count { kept[index].ratings = tally }
        if !rated { for index in kept.indices { kept[index].ratings = RatingsTally() } }
        if keepsCheckpoints {
            // The end too: a save that changes nothing counted resumes from there.
            if !rest.isEmpty { kept.append(Checkpoint(count: games.count, tallies: tallies, ratings: ratings)) }
            checkpoints += kept
            self.counted = counted
            self.settings = settings
        }
        lastCounted = rest.count
        return GroupStatistics(tallies, ratings: rated ? ratings.ratings : Ratings(), settings: settings)
    }

    /// The ratings tally after `plays`, and copies of it at `marks`, counted from `first`.
    private static func rate(_ plays: [Play], from first: Int, _ start: RatingsTally, marks: Set<Int>,
                             rated: Bool) -> (RatingsTally, [RatingsTally]) {
        guard rated else { return (start, []) }
        var tally = start
        var kept: [RatingsTally] = []
        for (offset, play) in plays.enumerated() {
            if offset > 0, marks.contains(first + offset) { kept.append(tally) }
            tally.add(play)
        }
        return (tally, kept)
    }
}
