/// A player's rating after one rated game.
public struct RatingPoint: Sendable, Hashable {
    public var file: String
    public var date: GameDate
    public var rating: SkillRating
    /// The ordinal's change in this game ("+1.8" on the scorecard).
    public var change: Double
}

/// One rated game's overall ordinal changes, in identity order: an array, not a dictionary, as a
/// site keeps one for every game (a dictionary of four players took twice the memory).
public struct RatingChanges: Sendable, Hashable, RandomAccessCollection {
    public struct Change: Sendable, Hashable {
        public var identity: String
        public var change: Double
    }

    private var changes: [Change]

    /// `changes` name each identity once (`Ratings.match` keeps a player on one side).
    init(_ changes: [Change] = []) {
        self.changes = changes.sorted { $0.identity < $1.identity }
    }

    public var startIndex: Int { changes.startIndex }
    public var endIndex: Int { changes.endIndex }
    public subscript(position: Int) -> Change { changes[position] }

    /// The change of the player with this identity, if they were rated in the game.
    public subscript(identity: String) -> Double? {
        changes.first { $0.identity == identity }?.change
    }
}

/// One player's rating and how it got there.
public struct PlayerRating: Sendable, Hashable {
    public var identity: String
    public var rating: SkillRating
    /// Oldest first, one point per rated game: an overall rating's only (a player's page charts
    /// it). A board game's rating keeps the count alone, which is all its pages show: its points
    /// were a tenth of a build's peak memory.
    public var history: [RatingPoint] = []
    /// Rated games.
    public var games = 0
}

/// Every player's OpenSkill rating over finished games in date order (then path): one overall,
/// and one per board game. Each game is one match of its sides, ranked by place; cooperative,
/// unfinished and draft games (drafts never reach here unless the build asks) change nothing,
/// and neither does a game with fewer than two sides.
public struct Ratings: Sendable {
    public private(set) var overall: [String: PlayerRating] = [:]
    public private(set) var boardgames: [Boardgame: [String: PlayerRating]] = [:]
    /// By game file: each rated player's overall ordinal change in that game.
    public private(set) var changes: [String: RatingChanges] = [:]

    public init() {}

    /// `games` in any order; they are rated in date order, then by path.
    public init(_ games: [FiledGame], model: OpenSkill = OpenSkill()) {
        self.init(plays: FiledGame.inPlayOrder(games).map(Play.init), model: model)
    }

    /// `plays` in the order played.
    init(plays: [Play], model: OpenSkill = OpenSkill()) {
        var tally = RatingsTally(model: model)
        for play in plays { tally.add(play) }
        self = tally.ratings
    }

    init(
        overall: [String: PlayerRating], boardgames: [Boardgame: [String: PlayerRating]],
        changes: [String: RatingChanges]
    ) {
        self.overall = overall
        self.boardgames = boardgames
        self.changes = changes
    }

    /// One more rated game for a player, in place: a history copied to be appended to would
    /// make rating n games cost n² copies.
    static func record(
        _ rating: inout PlayerRating?, _ identity: String, _ now: SkillRating, _ change: Double, _ play: Play,
        history: Bool
    ) {
        if rating == nil { rating = PlayerRating(identity: identity, rating: now) }
        rating?.rating = now
        rating?.games += 1
        if history {
            rating?.history.append(RatingPoint(file: play.file, date: play.date, rating: now, change: change))
        }
    }

    /// The sides of a rated game as player numbers with their places; nil for a game that is
    /// not rated. A player named on two sides plays for the first only.
    static func match(_ outcome: GameOutcome?, _ numbers: inout PlayerNumbers) -> [(players: [Int], place: Int)]? {
        guard case .ranked(let sides) = outcome else { return nil }
        var seen: Set<Int> = []
        let match = sides.compactMap { side -> (players: [Int], place: Int)? in
            let players = side.players.map { numbers.number($0).number }.filter { seen.insert($0).inserted }
            return players.isEmpty ? nil : (players, side.place)
        }
        return match.count >= 2 ? match : nil
    }

    /// Players with at least `minimumGames` rated games, best ordinal first (then more games,
    /// then identity).
    public static func leaderboard(_ ratings: [String: PlayerRating], minimumGames: Int) -> [PlayerRating] {
        ratings.values.filter { $0.games >= max(1, minimumGames) }.sorted {
            ($0.rating.ordinal, $0.games, $1.identity) > ($1.rating.ordinal, $1.games, $0.identity)
        }
    }
}

/// The ratings over plays in the order played. Players are numbered as they are met, so the
/// ratings of a game are looked up by index, not by hashing identities.
struct RatingsTally: Sendable {
    let model: OpenSkill
    private var numbers = PlayerNumbers()
    private var overall: [PlayerRating?] = []
    private var boardgameNumbers: [Boardgame: Int] = [:]
    private var byBoardgame: [[Int: PlayerRating]] = []
    private var changes: [String: RatingChanges] = [:]

    init(model: OpenSkill = OpenSkill()) {
        self.model = model
    }

    mutating func add(_ play: Play) {
        guard let sides = Ratings.match(play.outcome, &numbers) else { return }
        if overall.count < numbers.count {
            overall.append(contentsOf: repeatElement(nil, count: numbers.count - overall.count))
        }
        let boardgame =
            boardgameNumbers[play.boardgame]
            ?? {
                byBoardgame.append([:])
                boardgameNumbers[play.boardgame] = byBoardgame.count - 1
                return byBoardgame.count - 1
            }()
        let places = sides.map(\.place)
        var changed: [RatingChanges.Change] = []
        changed.reserveCapacity(sides.reduce(0) { $0 + $1.players.count })
        let before = sides.map { $0.players.map { overall[$0]?.rating ?? model.initial } }
        for (side, (old, new)) in zip(sides, zip(before, model.rate(before, places: places))) {
            for (number, (was, now)) in zip(side.players, zip(old, new)) {
                let change = now.ordinal - was.ordinal
                changed.append(RatingChanges.Change(identity: numbers.identities[number], change: change))
                Ratings.record(&overall[number], numbers.identities[number], now, change, play, history: true)
            }
        }
        changes[play.file] = RatingChanges(changed)
        let beforeHere = sides.map { $0.players.map { byBoardgame[boardgame][$0]?.rating ?? model.initial } }
        for (side, (old, new)) in zip(sides, zip(beforeHere, model.rate(beforeHere, places: places))) {
            for (number, (was, now)) in zip(side.players, zip(old, new)) {
                Ratings.record(
                    &byBoardgame[boardgame][number], numbers.identities[number], now, now.ordinal - was.ordinal, play,
                    history: false)
            }
        }
    }

    /// Each history without the room its appends left (a third of its bytes, on average): the
    /// histories are kept to the end of the build, and their slack was a fiftieth of its memory.
    mutating func compact() {
        for number in overall.indices {
            guard let history = overall[number]?.history, history.capacity > history.count else { continue }
            overall[number]?.history = history.withUnsafeBufferPointer { Array($0) }
        }
    }

    var ratings: Ratings {
        var byIdentity: [String: PlayerRating] = [:]
        for (number, rating) in overall.enumerated() {
            if let rating { byIdentity[numbers.identities[number]] = rating }
        }
        var boardgames: [Boardgame: [String: PlayerRating]] = [:]
        for (boardgame, number) in boardgameNumbers {
            boardgames[boardgame] = Dictionary(
                uniqueKeysWithValues: byBoardgame[number].map { (numbers.identities[$0.key], $0.value) })
        }
        return Ratings(overall: byIdentity, boardgames: boardgames, changes: changes)
    }
}
