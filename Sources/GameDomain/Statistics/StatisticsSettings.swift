/// `gamenight.yaml`'s `ratings:` and `bowling: {handicap:}`: what the statistics compute and show.
public struct StatisticsSettings: Sendable, Hashable {
    /// `ratings: {enabled: false}` leaves ratings out of the site and `stats`.
    public var ratings = true
    /// Rated games a player needs to appear on a ratings leaderboard.
    public var minimumGames = 1
    /// Plays of a board game a player needs for a rating of that board game.
    public var perBoardgameMinimum = 3
    /// Bowling handicap; nil (the default) is scratch only.
    public var handicap: BowlingHandicap?

    public init(
        ratings: Bool = true, minimumGames: Int = 1, perBoardgameMinimum: Int = 3, handicap: BowlingHandicap? = nil
    ) {
        self.ratings = ratings
        self.minimumGames = minimumGames
        self.perBoardgameMinimum = perBoardgameMinimum
        self.handicap = handicap
    }
}

/// League handicap: a percentage of the difference between a basis and the bowler's average.
public struct BowlingHandicap: Sendable, Hashable {
    /// Pins, e.g. 220.
    public var basis: Int
    /// Whole percent, e.g. 90.
    public var percentage: Int

    public init(basis: Int, percentage: Int) {
        self.basis = basis
        self.percentage = percentage
    }

    /// floor(percentage × (basis − average)), never below 0; 0 without an average yet.
    public func pins(average: Int?) -> Int {
        guard let average, average < basis else { return 0 }
        return percentage * (basis - average) / 100
    }
}
