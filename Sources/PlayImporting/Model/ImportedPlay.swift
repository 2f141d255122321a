import Foundation
public import GameDomain

/// One play as a play log records it, whatever the log: the neutral form between a source's
/// reader (`BGGPlaysReader`, `BGStatsReader`) and the mapping to a game file (`PlayMapper`).
/// Texts are as the source wrote them; nothing is interpreted yet.
public struct ImportedPlay: Sendable, Hashable {
    public struct Player: Sendable, Hashable {
        /// Who this is across plays: a BGG username, a BG Stats player id, else the name.
        public var identity: PersonIdentity
        /// The name this play gives them (may be empty).
        public var name: String
        /// The score as written ("86", "", "12.5", BG Stats' "10+5"); nil when absent.
        public var score: String?
        /// Their place, 1 best; nil when the source has none.
        public var rank: Int?
        public var won: Bool
        /// Their team's name; nil when they play on their own.
        public var team: String?
        /// BGG's `startposition` as written (`1` went first); nil when absent.
        public var startPosition: String?
        /// BG Stats' `startPlayer`: this player went first.
        public var isStartPlayer: Bool

        public init(
            identity: PersonIdentity, name: String, score: String? = nil, rank: Int? = nil, won: Bool = false,
            team: String? = nil,
            startPosition: String? = nil, isStartPlayer: Bool = false
        ) {
            self.identity = identity
            self.name = name
            self.score = score
            self.rank = rank
            self.won = won
            self.team = team
            self.startPosition = startPosition
            self.isStartPlayer = isStartPlayer
        }
    }

    public var source: ImportOrigin.Source
    /// The play's id in its log: BGG's play id, BG Stats' play UUID.
    public var id: String
    /// Where the play is in its file, for messages: `PATH:LINE:COLUMN` or a JSON path.
    public var place: PlayPlace
    public var boardgame: String
    public var bggID: Int?
    /// BG Stats' board or scenario, added to the title.
    public var variant: String?
    /// As the source wrote it: `2024-03-02` (BGG) or `2024-03-02 19:30:00` (BG Stats).
    public var date: String
    public var durationMinutes: Int?
    public var location: String?
    public var comments: String?
    public var isIncomplete: Bool
    /// BGG's `nowinstats`, BG Stats' `ignored`: the player asked to leave it out of statistics.
    public var isLeftOutOfStatistics: Bool
    /// BGG's `quantity`: how many times it was played.
    public var quantity: Int
    public var players: [Player]
    public var isCooperative: Bool
    /// The source's win rule: true when the lowest score wins; nil when it does not say (BGG).
    public var lowestWins: Bool?

    public init(
        source: ImportOrigin.Source, id: String, place: PlayPlace, boardgame: String, bggID: Int? = nil,
        variant: String? = nil, date: String, durationMinutes: Int? = nil, location: String? = nil,
        comments: String? = nil, isIncomplete: Bool = false, isLeftOutOfStatistics: Bool = false,
        quantity: Int = 1, players: [Player] = [], isCooperative: Bool = false, lowestWins: Bool? = nil
    ) {
        self.source = source
        self.id = id
        self.place = place
        self.boardgame = boardgame
        self.bggID = bggID
        self.variant = variant
        self.date = date
        self.durationMinutes = durationMinutes
        self.location = location
        self.comments = comments
        self.isIncomplete = isIncomplete
        self.isLeftOutOfStatistics = isLeftOutOfStatistics
        self.quantity = quantity
        self.players = players
        self.isCooperative = isCooperative
        self.lowestWins = lowestWins
    }
}

/// A person across plays. BGG players with a username are that username (names vary from play
/// to play), others their name; BG Stats players are their id in the export.
public enum PersonIdentity: Sendable, Hashable {
    case bggUsername(String)
    case name(String)
    case bgstatsPlayer(Int)

    /// BGG usernames are case-insensitive; names match as GameNight matches players.
    public static func bgg(username: String, name: String) -> PersonIdentity {
        let username = username.trimmingCharacters(in: .whitespaces)
        return username.isEmpty ? .name(PlayerName.identity(of: name)) : .bggUsername(username.lowercased())
    }
}

/// Where a play sits in its source file, for diagnostics.
public struct PlayPlace: Sendable, Hashable {
    public var path: String
    public var location: SourceLocation?
    /// `plays[12]`, for JSON.
    public var jsonPath: String?

    public init(path: String, location: SourceLocation? = nil, jsonPath: String? = nil) {
        self.path = path
        self.location = location
        self.jsonPath = jsonPath
    }

    /// A diagnostic about this play.
    public func diagnostic(_ message: String, severity: Diagnostic.Severity = .error, hint: String? = nil) -> Diagnostic
    {
        Diagnostic(
            path: path, location: location, severity: severity,
            message: (jsonPath.map { "at \($0): " } ?? "") + message, hint: hint)
    }
}
