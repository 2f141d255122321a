/// One row of the games page: how much a board game is played and its record.
public struct BoardgameStatistics: Sendable, Hashable {
    /// The best score of a board game and who made it first: the game that set it, and every
    /// player who scored it in that game. A later game that only equals it does not take it.
    public struct Record: Sendable, Hashable {
        public var score: Int
        /// The players' identities, in the game's order of results.
        public var holders: [String]
        public var file: String
        public var date: GameDate
        /// Which end is best: the most points or pins, or the fewest (lowest-wins games, moves).
        public var rule: WinRule
    }

    public var boardgame: Boardgame
    /// Finished games.
    public var plays = 0
    /// Identities of everyone who played a finished game of it, sorted.
    public var players: [String] = []
    /// The best score of the latest game's win rule (games with the other rule do not count).
    public var record: Record?
    public var lastPlayed: GameDate

    /// The `BoardGameGeek` id of the latest game that gives one.
    public var bggID: Int?

    /// The group's H-index: the largest N such that N board games were each played at least N times.
    public static func hIndex(_ plays: [Int]) -> Int {
        let sorted = plays.sorted(by: >)
        return sorted.indices.last { sorted[$0] >= $0 + 1 }.map { $0 + 1 } ?? 0
    }
}

/// The board-game table over plays in the order played.
struct BoardgameTally: Sendable {
    private var rows: [Boardgame: BoardgameStatistics] = [:]
    private var players: [Boardgame: Set<String>] = [:]
    private var bests: [Boardgame: [WinRule: BoardgameStatistics.Record]] = [:]
    private var latestRule: [Boardgame: WinRule] = [:]

    mutating func add(_ play: Play) {
        guard play.outcome != nil else { return }
        let boardgame = play.boardgame
        var row = rows[boardgame] ?? BoardgameStatistics(boardgame: boardgame, lastPlayed: play.date)
        row.plays += 1
        row.lastPlayed = play.date
        if let id = play.bggID { row.bggID = id }
        rows[boardgame] = row
        players[boardgame, default: []].formUnion(play.players.map(PlayerName.identity(of:)))
        let rule = play.scoreRule
        latestRule[boardgame] = rule
        for result in play.results {
            guard result.place != nil, let score = result.score else { continue }
            let best = bests[boardgame]?[rule]
            let better = best.map { rule == .highest ? score > $0.score : score < $0.score } ?? true
            let identity = PlayerName.identity(of: result.player)
            if better {
                bests[boardgame, default: [:]][rule] = BoardgameStatistics.Record(
                    score: score, holders: [identity], file: play.file, date: play.date, rule: rule)
            } else if let best, best.score == score, best.file == play.file, !best.holders.contains(identity) {
                bests[boardgame]?[rule]?.holders.append(identity)
            }
        }
    }

    /// Board games of finished games, most played first (then most recently played, then
    /// `Boardgame` order).
    var table: [BoardgameStatistics] {
        rows.values.map { row in
            var row = row
            row.players = players[row.boardgame, default: []].sorted()
            row.record = latestRule[row.boardgame].flatMap { bests[row.boardgame]?[$0] }
            return row
        }.sorted { a, b in
            if a.plays != b.plays { return a.plays > b.plays }
            if a.lastPlayed != b.lastPlayed { return a.lastPlayed > b.lastPlayed }
            return a.boardgame < b.boardgame
        }
    }
}
