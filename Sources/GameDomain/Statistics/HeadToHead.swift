/// One player's record against one opponent over the ranked games where they were on
/// different sides (teammates are not opponents; cooperative games have none).
public struct HeadToHead: Sendable, Hashable {
    public var opponent: String
    public var games = 0
    /// Games in which the player placed ahead of the opponent.
    public var ahead = 0
    /// Games in which the opponent placed ahead.
    public var behind = 0
    public var tied = 0

    public init(opponent: String, games: Int = 0, ahead: Int = 0, behind: Int = 0, tied: Int = 0) {
        self.opponent = opponent
        self.games = games
        self.ahead = ahead
        self.behind = behind
        self.tied = tied
    }

    /// Games a nemesis must have played against the player.
    public static let nemesisMinimum = 3

    /// The opponent who most often placed ahead, among those met at least `nemesisMinimum`
    /// times and ahead at least once; a tie goes to the larger share of games, then the
    /// identity. Nil when nobody qualifies.
    public static func nemesis(_ records: [HeadToHead]) -> HeadToHead? {
        records.filter { $0.games >= nemesisMinimum && $0.behind > 0 }.min { a, b in
            if a.behind != b.behind { return a.behind > b.behind }
            // a.behind / a.games > b.behind / b.games, in whole numbers.
            if a.behind * b.games != b.behind * a.games { return a.behind * b.games > b.behind * a.games }
            return a.opponent < b.opponent
        }
    }
}

/// A player's plays and wins of one board game (finished games only).
public struct BoardgamePlays: Sendable, Hashable {
    public var boardgame: Boardgame
    public var plays = 0
    /// Games placed first, and cooperative games won together.
    public var wins = 0
    public var lastPlayed: GameDate

    public init(boardgame: Boardgame, plays: Int = 0, wins: Int = 0, lastPlayed: GameDate) {
        self.boardgame = boardgame
        self.plays = plays
        self.wins = wins
        self.lastPlayed = lastPlayed
    }

    /// The most played, then the most recently played, then the first in `Boardgame` order.
    public static func favourite(_ plays: [BoardgamePlays]) -> BoardgamePlays? {
        plays.min { a, b in
            if a.plays != b.plays { return a.plays > b.plays }
            if a.lastPlayed != b.lastPlayed { return a.lastPlayed > b.lastPlayed }
            return a.boardgame < b.boardgame
        }
    }
}

/// Consecutive wins over a player's finished games in the order played.
public struct WinStreak: Sendable, Hashable {
    /// Wins since the last game not won (0 if that game was the latest).
    public var current = 0
    public var longest = 0

    public init(current: Int = 0, longest: Int = 0) {
        self.current = current
        self.longest = longest
    }

    /// A win extends the streak, any other result ends it.
    public mutating func add(won: Bool) {
        current = won ? current + 1 : 0
        longest = max(longest, current)
    }
}
