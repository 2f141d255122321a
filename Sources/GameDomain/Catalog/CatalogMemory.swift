/// What a long-running build (`gamenight serve`) keeps of the previous build's catalog: the
/// statistics' tallies, and the index and standings, which a save that changes only text they
/// never read (a title, the notes) leaves as they were.
public struct CatalogMemory: Sendable {
    /// What the index and standings read of a game.
    struct Indexed: Sendable, Equatable {
        var date: GameDate
        var content: Game.Content
        /// The file, the slug and the names, compared byte for byte (`Game.spellings`).
        var spellings: [String]

        init(_ game: SiteGame) {
            date = game.game.date
            content = game.game.content
            spellings = [game.file, game.slug] + game.game.spellings
        }

        static func == (a: Indexed, b: Indexed) -> Bool {
            a.date == b.date && a.content == b.content && Game.sameSpellings(a.spellings, b.spellings)
        }
    }

    private let remembers: Bool
    package var statistics: StatisticsMemory
    package var figures: BoardgameFigures.Memory
    package var years: YearInReview.Memory
    /// The index without its games, which the next build's replace, and the games it was made of.
    private var kept: (games: [SiteGame], index: SiteCatalog.Index, standings: [GameKind: KindStandings])?

    /// `remembering: false` keeps nothing: one build's catalog.
    public init(remembering: Bool = true) {
        remembers = remembering
        statistics = StatisticsMemory(checkpoints: remembering)
        figures = BoardgameFigures.Memory(remembering: remembering)
        years = YearInReview.Memory(remembering: remembering)
    }

    /// The last catalog's games by file: the next build's unchanged games keep their rankings
    /// (`SiteGame(game:slug:file:reusing:)`).
    public private(set) var games: [String: SiteGame] = [:]

    /// Builds that reused the last index, for tests.
    public private(set) var reusedIndexes = 0

    /// The index and standings of `games` (in catalog order).
    package mutating func index(_ games: [SiteGame]) -> (SiteCatalog.Index, [GameKind: KindStandings]) {
        if remembers { self.games = Dictionary(games.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first }) }
        // A game in its last box is the same; any other is compared by what the index reads.
        if let kept, kept.games.count == games.count,
            zip(kept.games, games).allSatisfy({ SiteGame.sameBox($0, $1) || Indexed($0) == Indexed($1) })
        {
            var index = kept.index
            index.games = games
            self.kept?.games = games
            reusedIndexes += 1
            return (index, kept.standings)
        }
        let index = SiteCatalog.Index(games)
        let standings = index.standings()
        if remembers {
            var bare = index
            bare.games = []
            kept = (games, bare, standings)
        }
        return (index, standings)
    }
}
