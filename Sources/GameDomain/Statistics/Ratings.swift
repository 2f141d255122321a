/// A player's rating after one rated game.
public struct RatingPoint: Sendable, Hashable {
    public var file: String
    public var date: GameDate
    public var rating: SkillRating
    /// The ordinal's change in this game ("+1.8" on the scorecard).
    public var change: Double
}

/// One player's rating and how it got there.
public struct PlayerRating: Sendable, Hashable {
    public var identity: String
    public var rating: SkillRating
    /// Oldest first; one point per rated game.
    public var history: [RatingPoint] = []

    /// Rated games.
    public var games: Int { history.count }
}

/// Every player's OpenSkill rating over finished games in date order (then path): one overall,
/// and one per board game. Each game is one match of its sides, ranked by place; cooperative,
/// unfinished and draft games (drafts never reach here unless the build asks) change nothing,
/// and neither does a game with fewer than two sides.
public struct Ratings: Sendable {
    public private(set) var overall: [String: PlayerRating] = [:]
    public private(set) var boardgames: [Boardgame: [String: PlayerRating]] = [:]
    /// By game file: each rated player's overall ordinal change in that game.
    public private(set) var changes: [String: [String: Double]] = [:]

    public init() {}

    /// `games` in any order; they are rated in date order, then by path.
    public init(_ games: [FiledGame], model: OpenSkill = OpenSkill()) {
        self.init(plays: FiledGame.inPlayOrder(games).map(Play.init), model: model)
    }

    /// `plays` in the order played.
    init(plays: [Play], model: OpenSkill = OpenSkill()) {
        for play in plays { add(play, model: model) }
    }

    /// Rates one more game, which must be played after the ones before.
    mutating func add(_ play: Play, model: OpenSkill) {
        guard let sides = Self.match(play.outcome) else { return }
        changes[play.file] = Self.rate(sides, in: &overall, play: play, model: model)
        _ = Self.rate(sides, in: &boardgames[play.boardgame, default: [:]], play: play, model: model)
    }

    /// The sides of a rated game as player identities with their places; nil for a game that
    /// is not rated. A player named on two sides plays for the first only.
    static func match(_ outcome: GameOutcome?) -> [(players: [String], place: Int)]? {
        guard case .ranked(let sides) = outcome else { return nil }
        var seen: Set<String> = []
        let match = sides.compactMap { side -> (players: [String], place: Int)? in
            let players = side.players.map(PlayerName.identity(of:)).filter { seen.insert($0).inserted }
            return players.isEmpty ? nil : (players, side.place)
        }
        return match.count >= 2 ? match : nil
    }

    private static func rate(_ sides: [(players: [String], place: Int)], in ratings: inout [String: PlayerRating],
                             play: Play, model: OpenSkill) -> [String: Double] {
        let before = sides.map { $0.players.map { ratings[$0]?.rating ?? model.initial } }
        let after = model.rate(before, places: sides.map(\.place))
        var changes: [String: Double] = [:]
        for (side, (old, new)) in zip(sides, zip(before, after)) {
            for (identity, (was, now)) in zip(side.players, zip(old, new)) {
                let change = now.ordinal - was.ordinal
                changes[identity] = change
                ratings[identity, default: PlayerRating(identity: identity, rating: now)].rating = now
                ratings[identity]?.history.append(RatingPoint(file: play.file, date: play.date, rating: now, change: change))
            }
        }
        return changes
    }

    /// Players with at least `minimumGames` rated games, best ordinal first (then more games,
    /// then identity).
    public static func leaderboard(_ ratings: [String: PlayerRating], minimumGames: Int) -> [PlayerRating] {
        ratings.values.filter { $0.games >= max(1, minimumGames) }.sorted {
            ($0.rating.ordinal, $0.games, $1.identity) > ($1.rating.ordinal, $1.games, $0.identity)
        }
    }
}
