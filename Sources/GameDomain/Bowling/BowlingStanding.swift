/// One finished game of one player, the input to standings. `date` is the game's calendar day
/// (e.g. "2025-03-14"); only equality matters, it groups games into series.
public struct BowlingResult: Sendable, Hashable, Codable {
    public var player: String
    public var date: String
    public var total: Int

    public init(player: String, date: String, total: Int) {
        self.player = player
        self.date = date
        self.total = total
    }
}

/// A player's record over many games.
public struct BowlingStanding: Sendable, Hashable, Codable {
    public var player: String
    public var games: Int
    /// All pins over all games.
    public var pins: Int
    /// Pins divided by games, fractions dropped, as league averages are.
    public var average: Int
    public var highGame: Int
    /// The best sum of one date's games (a series = one player's games on one date).
    public var highSeries: Int

    public init(player: String, games: Int, pins: Int, average: Int, highGame: Int, highSeries: Int) {
        self.player = player
        self.games = games
        self.pins = pins
        self.average = average
        self.highGame = highGame
        self.highSeries = highSeries
    }

    /// One standing per player, best average first (then high game, then name).
    public static func standings(from results: [BowlingResult]) -> [BowlingStanding] {
        let byPlayer = Dictionary(grouping: results, by: \.player)
        let standings = byPlayer.map { player, games in
            let pins = games.map(\.total).reduce(0, +)
            let series = Dictionary(grouping: games, by: \.date).values.map { $0.map(\.total).reduce(0, +) }
            return BowlingStanding(
                player: player,
                games: games.count,
                pins: pins,
                // Grouping never yields an empty group, so games.count > 0.
                average: pins / games.count,
                highGame: games.map(\.total).max() ?? 0,
                highSeries: series.max() ?? 0
            )
        }
        return standings.sorted {
            ($1.average, $1.highGame, $0.player) < ($0.average, $0.highGame, $1.player)
        }
    }
}
