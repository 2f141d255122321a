/// One board game's wins by seat and for the first player, beside what chance alone would give
/// (docs/STATISTICS.md, *Seats and the first player*).
public struct SeatStatistics: Sendable, Hashable {
    /// How often a seat (or the first player) held a winner, and how often chance would have it.
    public struct Rate: Sendable, Hashable {
        /// Games won of games played from this seat.
        public var wins: Proportion
        /// The sum over those games of the chance of holding a winner: players placed first ÷
        /// players placed.
        public var expectedWins: Double

        public init(wins: Proportion = Proportion(successes: 0, trials: 0), expectedWins: Double = 0) {
            self.wins = wins
            self.expectedWins = expectedWins
        }

        /// The rate chance alone gives over these games; nil without games.
        public var expected: Double? { wins.trials > 0 ? expectedWins / Double(wins.trials) : nil }

        /// Below `minimumGames` a page says "not enough plays" instead of a rate.
        public var hasEnoughPlays: Bool { wins.trials >= SeatStatistics.minimumGames }

        /// The 95 % Wilson interval of the win rate, once there are enough plays.
        public var interval: ClosedRange<Double>? { hasEnoughPlays ? wins.interval : nil }

        /// Whether chance lies outside the interval: the plays show an advantage or a handicap.
        /// Nil without enough plays.
        public var differsFromChance: Bool? {
            guard let interval, let expected else { return nil }
            return !interval.contains(expected)
        }

        mutating func add(won: Bool, chance: Double) {
            wins.trials += 1
            if won { wins.successes += 1 }
            expectedWins += chance
        }
    }

    /// Games a rate needs before a page shows it: below 10 its interval spans most of 0…1 (4 of
    /// 9: 19 %–73 %), and one game more can move the rate by up to 1/(n+1), a tenth or more.
    public static let minimumGames = 10

    public var boardgame: Boardgame
    /// Finished ranked games of it that say who went first or where everyone sat.
    public var games = 0
    public var firstPlayer = Rate()
    /// Seat 1 (the first player) first, in turn order.
    public var seats: [Rate] = []

    public init(boardgame: Boardgame) {
        self.boardgame = boardgame
    }

    /// One row per board game with a game that says who went first or where everyone sat,
    /// in `Boardgame` order. `games` in any order: seats do not depend on it.
    public static func byBoardgame(_ games: [FiledGame]) -> [SeatStatistics] {
        byBoardgame(plays: games.map(Play.init))
    }

    static func byBoardgame(plays: [Play]) -> [SeatStatistics] {
        var rows: [Boardgame: SeatStatistics] = [:]
        for play in plays {
            guard let seating = play.seating, case .ranked(let sides) = play.outcome else { continue }
            // A player named on two sides plays for the first, as in the ratings.
            var placeOf: [String: Int] = [:]
            for side in sides {
                for player in side.players where placeOf[PlayerName.identity(of: player)] == nil {
                    placeOf[PlayerName.identity(of: player)] = side.place
                }
            }
            guard sides.count >= 2, !placeOf.isEmpty else { continue }
            let chance = Double(placeOf.values.count { $0 == 1 }) / Double(placeOf.count)
            func place(_ name: String) -> Int? { placeOf[PlayerName.identity(of: name)] }
            var row = rows[play.boardgame] ?? SeatStatistics(boardgame: play.boardgame)
            row.games += 1
            if let first = seating.firstPlayer, let place = place(first) {
                row.firstPlayer.add(won: place == 1, chance: chance)
            }
            for (seat, player) in seating.turnOrder.enumerated() {
                guard let place = place(player) else { continue }
                while row.seats.count <= seat { row.seats.append(Rate()) }
                row.seats[seat].add(won: place == 1, chance: chance)
            }
            rows[play.boardgame] = row
        }
        return rows.values.sorted { $0.boardgame < $1.boardgame }
    }
}
