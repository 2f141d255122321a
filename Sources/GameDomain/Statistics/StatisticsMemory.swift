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
        var date: GameDate
        /// A score-keeper game's board game is its title unless it names one.
        var boardgame: Boardgame
        var bggID: Int?
        var content: Game.Content
        /// The file, the names and the board game, compared byte for byte (`Game.spellings`).
        var spellings: [String]

        init(_ entry: FiledGame) {
            date = entry.game.date
            boardgame = entry.game.boardgame
            bggID = entry.game.bggID
            content = entry.game.content
            spellings = [entry.file] + entry.game.spellings
            if case .named(let name) = boardgame { spellings.append(name) }
        }

        static func == (a: Counted, b: Counted) -> Bool {
            a.date == b.date && a.boardgame == b.boardgame && a.bggID == b.bggID && a.content == b.content
                && Game.sameSpellings(a.spellings, b.spellings)
        }
    }

    private let keepsCheckpoints: Bool
    private var settings: StatisticsSettings?
    /// The last call's games, in the order played.
    private var counted: [FiledGame] = []
    /// Oldest first.
    private var checkpoints: [Checkpoint] = []

    /// `checkpoints: false` remembers nothing: one build's statistics on two cores.
    public init(checkpoints: Bool = true) {
        keepsCheckpoints = checkpoints
    }

    /// Games counted by the last call, for tests: the rest were resumed from a checkpoint.
    public private(set) var lastCounted = 0
    var checkpointCount: Int { checkpoints.count }

    /// `GroupStatistics(games, settings:)`, with the ratings computed on another core beside
    /// the rest.
    public mutating func statistics(_ games: [FiledGame], settings: StatisticsSettings) async -> GroupStatistics {
        let games = FiledGame.inPlayOrder(games)
        if self.settings != settings { checkpoints = [] }
        // A game in its last box counts the same; any other is compared by what the tallies read.
        let same = zip(counted, games).prefix { FiledGame.sameBox($0, $1) || Counted($0) == Counted($1) }.count
        checkpoints.removeAll { $0.count > same }
        let start =
            checkpoints.last
            ?? Checkpoint(
                count: 0, tallies: StatisticsTallies(handicap: settings.handicap),
                ratings: RatingsTally())
        // Copies at each quarter and near the end: a night's games are the newest.
        let marks =
            keepsCheckpoints ? Set([games.count / 4, games.count / 2, games.count * 3 / 4, games.count - 64]) : []
        let rest = games[start.count...]
        let plays = rest.map(Play.init)
        let rated = settings.ratings
        async let ratingsPart = Self.rate(
            plays, from: start.count, start.ratings, marks: rated ? marks : [], rated: rated)
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
            // The latest copy at or before each mark of these games, no more: each copy holds
            // what changed since the one before, and `serve` may run for days.
            let wanted = Set(
                (marks.union([games.count])).compactMap { mark in checkpoints.last { $0.count <= mark }?.count })
            checkpoints.removeAll { !wanted.contains($0.count) }
            counted = games
            self.settings = settings
        }
        lastCounted = rest.count
        return GroupStatistics(tallies, ratings: rated ? ratings.ratings : Ratings(), settings: settings)
    }

    /// The ratings tally after `plays`, and copies of it at `marks`, counted from `first`.
    private static func rate(
        _ plays: [Play], from first: Int, _ start: RatingsTally, marks: Set<Int>,
        rated: Bool
    ) -> (RatingsTally, [RatingsTally]) {
        guard rated else { return (start, []) }
        var tally = start
        var kept: [RatingsTally] = []
        for (offset, play) in plays.enumerated() {
            if offset > 0, marks.contains(first + offset) { kept.append(tally) }
            tally.add(play)
        }
        tally.compact()
        return (tally, kept)
    }
}

extension Game {
    /// The names pages show from the game's content: its players, then its teams.
    public var spellings: [String] {
        if case .scores(let scores) = content { players + scores.teams.map(\.name) } else { players }
    }

    /// Whether two lists of names are the same bytes: `==` takes canonically equivalent
    /// spellings (an "e" and a combining accent, or "é") for equal, and pages keep the bytes.
    public static func sameSpellings(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }
}
