public import GameDomain

/// A play made into the values of one game file, ready for `GameFileWriter`.
public struct ImportedGame: Sendable, Hashable {
    /// How the play ended, in the score keeper's shapes.
    public enum Result: Sendable, Hashable {
        /// Every player's final score (a team's total adds its players' up).
        case scores([String], [Int], lowestWins: Bool)
        /// Every side's place (1 best, ties share): players, or teams in a team play.
        case ranks([String], [Int])
        /// The sides that won, without points or places (never empty).
        case winners([String])
        case cooperative(won: Bool)
        /// Nothing recorded: no players, or no score, rank or winner (GameNight shows a tie).
        case none
    }

    public struct Team: Sendable, Hashable {
        public var name: String
        public var players: [String]
    }

    public var origin: ImportOrigin
    /// `<date>/<boardgame>-<id>.md`, relative to the import folder.
    public var relativePath: String
    public var title: String
    public var date: GameDate
    public var boardgame: String
    public var bggID: Int?
    public var location: String?
    public var durationMinutes: Int?
    public var isPlaying: Bool
    public var isDraft: Bool
    public var players: [String]
    public var teams: [Team]
    public var result: Result
    /// Who went first and the seating order, from BGG's `startposition` or BG Stats' `startPlayer`.
    public var seating: Seating? = nil
    /// Markdown that shows the source's comments as plain text.
    public var notes: String
}
