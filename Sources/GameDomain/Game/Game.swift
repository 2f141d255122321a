/// One game file's worth of game night: what was played, when, and how it went.
public struct Game: Sendable, Hashable {
    /// The rules-specific part of a game, one case per `GameKind`.
    public enum Content: Sendable, Hashable {
        case scores(ScoreGame)
        case bowling(BowlingGame)
        case fifteen(PuzzleGame)
    }

    public var title: String
    public var date: GameDate
    /// Markdown notes from the game file's body.
    public var notes: String
    public var content: Content
    /// `draft: true`: left out of the site unless the build asks for drafts.
    public var isDraft: Bool
    /// `boardgame:`: which board game the session was, when it is not the title.
    public var boardgameName: String? {
        get { details.boardgameName }
        set { details.boardgameName = newValue }
    }
    /// `bgg:`: the board game's BoardGameGeek id.
    public var bggID: Int? {
        get { details.bggID }
        set { details.bggID = newValue }
    }
    /// `location:`: where it was played.
    public var location: String? {
        get { details.location }
        set { details.location = newValue }
    }
    /// `duration:`: how long it took, in minutes.
    public var durationMinutes: Int? {
        get { details.durationMinutes }
        set { details.durationMinutes = newValue }
    }
    /// `import:`: the play log it came from, for an imported game.
    public var origin: ImportOrigin? {
        get { details.origin }
        set { details.origin = newValue }
    }
    /// `first:` and `seats:`: who went first and the seating order; nil when the file says neither.
    public var seating: Seating? {
        get { details.seating }
        set { details.seating = newValue }
    }

    /// Nil exactly when every detail is: equal games are then equal values.
    private var box: GameDetails?

    private var details: GameDetails.Values {
        get { box?.values ?? GameDetails.Values() }
        set { box = newValue == GameDetails.Values() ? nil : GameDetails(newValue) }
    }

    public init(
        title: String, date: GameDate, notes: String, content: Content, isDraft: Bool = false,
        boardgameName: String? = nil, bggID: Int? = nil, location: String? = nil, durationMinutes: Int? = nil,
        origin: ImportOrigin? = nil, seating: Seating? = nil
    ) {
        self.title = title
        self.date = date
        self.notes = notes
        self.content = content
        self.isDraft = isDraft
        details = GameDetails.Values(
            boardgameName: boardgameName, bggID: bggID, location: location, durationMinutes: durationMinutes,
            origin: origin, seating: seating)
    }

    public var kind: GameKind {
        switch content {
        case .scores: .scores
        case .bowling: .bowling
        case .fifteen: .fifteen
        }
    }

    public var status: GameStatus {
        switch content {
        case .scores(let game): game.status
        case .bowling(let game): game.status
        case .fifteen(let game): game.status
        }
    }

    public var players: [String] {
        switch content {
        case .scores(let game): game.players
        case .bowling(let game): game.players.map(\.name)
        case .fifteen(let game): game.players.map(\.name)
        }
    }

    /// Empty until the game is finished; several names on a tie.
    public var winners: [String] {
        switch content {
        case .scores(let game): game.winners
        case .bowling(let game): game.winners.map(\.name)
        case .fifteen(let game): game.winners
        }
    }

    /// The winners as pages name them: the winning teams where a score-keeper game has teams,
    /// else `winners`.
    public var winnerNames: [String] {
        if case .scores(let game) = content, !game.teams.isEmpty { game.winningSides.map(\.name) } else { winners }
    }

    /// A score-keeper game all players won or lost together.
    public var isCooperative: Bool {
        if case .scores(let game) = content { game.isCooperative } else { false }
    }
}

/// What many game files leave out, in a box of its own (none when all of it is left out): a site
/// keeps every game to the end of its build, and these took half a game's own bytes. Never
/// changed once made: a game changes its details by taking a new box.
final class GameDetails: Sendable, Hashable {
    struct Values: Sendable, Hashable {
        var boardgameName: String?
        var bggID: Int?
        var location: String?
        var durationMinutes: Int?
        var origin: ImportOrigin?
        var seating: Seating?
    }

    let values: Values

    init(_ values: Values) {
        self.values = values
    }

    static func == (a: GameDetails, b: GameDetails) -> Bool { a === b || a.values == b.values }

    func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
