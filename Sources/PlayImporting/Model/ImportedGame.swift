public import GameDomain

/// A play made into the values of one game file, ready for `GameFileWriter`.
public struct ImportedGame: Sendable, Hashable {
    /// How the play ended, in the score keeper's shapes.
    public enum Result: Sendable, Hashable {
        /// Final scores, in `players` order.
        case scores([Int], lowestWins: Bool)
        /// Places (1 best, ties share), in `players` order.
        case ranks([Int])
        /// Who won, without points or places; may be empty (nobody won).
        case winners([String])
        case cooperative(won: Bool)
        /// Nothing to say: no players, or an unfinished play without results.
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
    /// Markdown that shows the source's comments as plain text.
    public var notes: String
}
