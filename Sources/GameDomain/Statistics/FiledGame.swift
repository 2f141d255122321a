/// A game with the path of its file: statistics take games in date order, the path breaking ties.
public struct FiledGame: Sendable, Hashable {
    /// The game file's path (as `score --json` shows it): the tie-break, and the name of the
    /// game in rating histories.
    public var file: String
    /// Boxed with its results (`RankedGame`): each statistic reads them.
    var box: RankedGame
    public var game: Game {
        _read { yield box.game }
        set { box = RankedGame(newValue) }
    }

    public init(file: String, game: Game) {
        self.file = file
        box = RankedGame(game)
    }

    /// The catalog's game, not ranked again.
    public init(_ game: SiteGame) {
        file = game.file
        box = game.box
    }

    /// The same box and file, in the same bytes (`SiteGame.sameBox`).
    static func sameBox(_ a: FiledGame, _ b: FiledGame) -> Bool {
        a.box === b.box && a.file.utf8.elementsEqual(b.file.utf8)
    }

    public static func == (a: FiledGame, b: FiledGame) -> Bool {
        a.file == b.file && (a.box === b.box || a.game == b.game)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(game)
    }

    /// `games` in date order, then path order. The keys are made once and indices sorted:
    /// comparing dates, and moving whole games about, was most of the statistics' time.
    static func inPlayOrder(_ games: [FiledGame]) -> [FiledGame] {
        let keys = games.map { ($0.game.date.day, $0.game.date.time ?? "", $0.file) }
        return games.indices.sorted { keys[$0] < keys[$1] }.map { games[$0] }
    }
}

/// What the statistics read of a game: when, which board game, who played and how it ended.
/// Tests make these by hand, with outcomes of any shape.
struct Play: Sendable, Hashable {
    var file: String
    var date: GameDate
    var boardgame: Boardgame
    var players: [String]
    /// Nil unless finished.
    var outcome: GameOutcome?
    /// Players' scores (points, pins, moves), for board-game records.
    var results: [PlayerResult] = []
    /// Which end of the scores is best: the win rule, most pins, fewest moves.
    var scoreRule = WinRule.highest
    var bggID: Int?
    /// Who went first and where everyone sat, for seat statistics.
    var seating: Seating?
    /// `duration:`, for the hours of a year in review.
    var minutes: Int?

    init(
        file: String, date: GameDate, boardgame: Boardgame, players: [String], outcome: GameOutcome?,
        results: [PlayerResult] = [], scoreRule: WinRule = .highest, bggID: Int? = nil, seating: Seating? = nil,
        minutes: Int? = nil
    ) {
        self.file = file
        self.date = date
        self.boardgame = boardgame
        self.players = players
        self.outcome = outcome
        self.results = results
        self.scoreRule = scoreRule
        self.bggID = bggID
        self.seating = seating
        self.minutes = minutes
    }

    init(_ entry: FiledGame) {
        let game = entry.game
        let rule: WinRule =
            switch game.content {
            case .scores(let scores): scores.win
            case .bowling: .highest
            case .fifteen: .lowest
            }
        let finished = game.status == .finished
        self.init(
            file: entry.file, date: game.date, boardgame: game.boardgame, players: game.players,
            outcome: entry.box.outcome,
            results: finished ? entry.box.results : [], scoreRule: rule, bggID: game.bggID, seating: game.seating,
            minutes: game.durationMinutes)
    }
}

extension FiledGame: CustomReflectable {
    /// The game, not its box, in `print` and test failures.
    public var customMirror: Mirror { Mirror(self, children: ["file": file, "game": game], displayStyle: .struct) }
}
