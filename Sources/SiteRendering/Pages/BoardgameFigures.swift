public import GameDomain

/// Each board game's seat statistics and score distribution, computed once for the whole
/// catalog (a build's derive stage; `SiteRenderer.site` for tests) and read by the board game's
/// page. A board game without a counted game has neither.
public struct BoardgameFigures: Sendable {
    public var seats: [Boardgame: SeatStatistics]
    public var scores: [Boardgame: ScoreDistribution]

    /// No figures: board-game pages show neither section.
    public init() {
        seats = [:]
        scores = [:]
    }

    /// `games` in any order (drafts left out as the catalog leaves them out).
    public init(_ games: [FiledGame]) {
        seats = Dictionary(SeatStatistics.byBoardgame(games).map { ($0.boardgame, $0) }, uniquingKeysWith: { first, _ in first })
        scores = Dictionary(ScoreDistribution.byBoardgame(games).map { ($0.boardgame, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The figures of the catalog's games.
    public init(_ catalog: SiteCatalog) {
        self.init(catalog.games.map { FiledGame(file: $0.file, game: $0.game) })
    }
}
