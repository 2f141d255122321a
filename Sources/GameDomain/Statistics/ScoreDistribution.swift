/// One board game's scores: every score for a histogram, winning and average scores by player
/// count, and its closest games and biggest margins (docs/STATISTICS.md, *Score distributions*).
public struct ScoreDistribution: Sendable, Hashable {
    /// A mean kept as its sum and count, so it is exact until shown.
    public struct Mean: Sendable, Hashable {
        public var total = 0
        public var count = 0

        public init(total: Int = 0, count: Int = 0) {
            self.total = total
            self.count = count
        }

        /// total ÷ count; nil without values.
        public var value: Double? { count > 0 ? Double(total) / Double(count) : nil }

        mutating func add(_ value: Int) {
            total += value
            count += 1
        }
    }

    /// Games of one player count.
    public struct PlayerCount: Sendable, Hashable {
        public var players: Int
        public var games = 0
        /// Each game's best score among those placed first.
        public var winningScore = Mean()
        /// Every player's score.
        public var score = Mean()

        public init(players: Int) {
            self.players = players
        }
    }

    /// How far the best score was ahead of the next one in one game.
    public struct Margin: Sendable, Hashable {
        public var file: String
        public var date: GameDate
        public var best: Int
        /// The second-best score (equal to `best` on a tie).
        public var runnerUp: Int
        public var margin: Int { abs(best - runnerUp) }
    }

    /// Games each list of margins shows.
    public static let shown = 3

    public var boardgame: Boardgame
    /// Finished ranked games of players on their own with at least one score.
    public var games = 0
    /// Every counted score, lowest first: a histogram's input.
    public var scores: [Int] = []
    /// Fewest players first.
    public var byPlayerCount: [PlayerCount] = []
    /// The smallest margins, the earlier game first among equals; `shown` at most.
    public var closest: [Margin] = []
    /// The largest margins, the earlier game first among equals; `shown` at most.
    public var biggest: [Margin] = []

    public init(boardgame: Boardgame) {
        self.boardgame = boardgame
    }

    /// One row per board game with a counted game, in `Boardgame` order. `games` in any order;
    /// they are taken in date order, then path, for "the earlier game" among equal margins.
    public static func byBoardgame(_ games: [FiledGame]) -> [ScoreDistribution] {
        byBoardgame(plays: FiledGame.inPlayOrder(games).map(Play.init))
    }

    /// The margin of a counted game with two scores or more: the best score less the next best,
    /// by its win rule; nil for any other game.
    static func margin(of play: Play) -> Margin? {
        guard case .ranked(let sides) = play.outcome, sides.allSatisfy({ $0.players.count == 1 }) else { return nil }
        let better: (Int, Int) -> Bool = play.scoreRule == .highest ? { $0 > $1 } : { $0 < $1 }
        let ordered = play.results.filter { $0.place != nil }.compactMap(\.score).sorted(by: better)
        guard ordered.count >= 2 else { return nil }
        return Margin(file: play.file, date: play.date, best: ordered[0], runnerUp: ordered[1])
    }

    /// `plays` in the order played.
    static func byBoardgame(plays: [Play]) -> [ScoreDistribution] {
        var rows: [Boardgame: ScoreDistribution] = [:]
        var margins: [Boardgame: [Margin]] = [:]
        for play in plays {
            // Team games are left out: a team's points are its own or its players', and one
            // distribution would mix the two.
            guard case .ranked(let sides) = play.outcome, sides.allSatisfy({ $0.players.count == 1 }) else { continue }
            let placed = play.results.filter { $0.place != nil && $0.score != nil }
            let scores = placed.compactMap(\.score)
            guard !scores.isEmpty else { continue }
            let better: (Int, Int) -> Bool = play.scoreRule == .highest ? { $0 > $1 } : { $0 < $1 }
            var row = rows[play.boardgame] ?? ScoreDistribution(boardgame: play.boardgame)
            row.games += 1
            row.scores += scores
            let count = sides.count
            var group = row.byPlayerCount.first { $0.players == count } ?? PlayerCount(players: count)
            group.games += 1
            for score in scores { group.score.add(score) }
            if let winning = placed.filter({ $0.place == 1 }).compactMap(\.score).sorted(by: better).first {
                group.winningScore.add(winning)
            }
            row.byPlayerCount.removeAll { $0.players == count }
            row.byPlayerCount.append(group)
            if let margin = margin(of: play) { margins[play.boardgame, default: []].append(margin) }
            rows[play.boardgame] = row
        }
        return rows.values.map { row in
            var row = row
            row.scores.sort()
            row.byPlayerCount.sort { $0.players < $1.players }
            let all = margins[row.boardgame] ?? []
            // The offset puts the earlier game first among equal margins.
            row.closest = Array(
                all.enumerated().sorted { ($0.element.margin, $0.offset) < ($1.element.margin, $1.offset) }.map(
                    \.element
                ).prefix(shown))
            row.biggest = Array(
                all.enumerated().sorted { ($1.element.margin, $0.offset) < ($0.element.margin, $1.offset) }.map(
                    \.element
                ).prefix(shown))
            return row
        }.sorted { $0.boardgame < $1.boardgame }
    }
}
