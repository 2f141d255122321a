public import GameDomain

/// A game kind's standings: wins for score keeping, pins for bowling, solves for the puzzle.
enum KindStandings: Sendable {
    case scores([PlayerRecord])
    case bowling([BowlingStanding])
    case fifteen([PuzzleStanding])
}

/// The site's index data: every game in the order it was played, and the players, nights and
/// game kinds that get pages. Everything but the scorecards is rendered from this alone.
public struct SiteCatalog: Sendable {
    public struct Player: Sendable {
        public var record: PlayerRecord
        /// The page's file name without `.html`, made from the identity so it outlives spelling changes.
        public var slug: String
        /// Indices into `games`, oldest first.
        public var games: [Int]
    }

    /// Oldest first; games of the same moment in slug order.
    public let games: [SiteGame]
    /// Leaderboard order.
    public let players: [Player]
    /// `YYYY-MM-DD` days with games, newest first.
    public let nights: [String]
    /// Game kinds with games, in `GameFileParser`'s order of kinds.
    public let kinds: [GameKind]
    /// Ratings, head-to-head records, board games and the rest, computed once for every page.
    public let statistics: GroupStatistics
    /// Each kind's standings, computed once: the index and the kind's page both show them.
    let standings: [GameKind: KindStandings]
    /// Board games with a page of their own (`Boardgame.named`; a kind's page stands for its
    /// own board game), by slug.
    public let boardgameSlugs: [Boardgame: String]
    let playerByIdentity: [String: Int]
    let gamesByNight: [String: [Int]]
    let gameByFile: [String: Int]
    /// Indices into `games`, oldest first. Not in `Index`, which a changed title does not renew.
    let gamesByBoardgame: [Boardgame: [Int]]

    public init(_ games: [SiteGame], statistics settings: StatisticsSettings = StatisticsSettings()) {
        let games = Self.inOrder(games)
        let index = Index(games)
        self.init(index, standings: index.standings(), statistics: GroupStatistics(games.map { FiledGame(file: $0.file, game: $0.game) }, settings: settings))
    }

    /// The same catalog, its statistics computed on other cores beside the rest (a build's),
    /// resumed from what `memory` kept of the previous build's catalog.
    public static func make(_ games: [SiteGame], statistics settings: StatisticsSettings = StatisticsSettings(),
                            memory: inout CatalogMemory) async -> SiteCatalog {
        let games = inOrder(games)
        let filed = games.map { FiledGame(file: $0.file, game: $0.game) }
        async let remembered = statistics(filed, settings, memory.statistics)
        let (index, standings) = memory.index(games)
        let statistics: GroupStatistics
        (statistics, memory.statistics) = await remembered
        return SiteCatalog(index, standings: standings, statistics: statistics)
    }

    private static func statistics(_ games: [FiledGame], _ settings: StatisticsSettings,
                                   _ memory: StatisticsMemory) async -> (GroupStatistics, StatisticsMemory) {
        var memory = memory
        return (await memory.statistics(games, settings: settings), memory)
    }

    /// Oldest first; games of the same moment in slug order. Indices are sorted: moving whole
    /// games about costs more than comparing them.
    static func inOrder(_ games: [SiteGame]) -> [SiteGame] {
        games.indices.sorted { (games[$0].game.date, games[$0].slug) < (games[$1].game.date, games[$1].slug) }.map { games[$0] }
    }

    /// Everything but the statistics.
    struct Index: Sendable {
        var games: [SiteGame]
        var players: [Player]
        var playerByIdentity: [String: Int]
        var gamesByNight: [String: [Int]]
        var gameByFile: [String: Int]
        var nights: [String]
        var kinds: [GameKind]

        init(_ games: [SiteGame]) {
            self.games = games
            let (records, gamesOf) = PlayerRecord.tally(games.lazy.map(\.game))
            let slugs = Slug.assign(records.map(\.identity), fallback: "player")
            var byNight: [String: [Int]] = [:]
            for (index, entry) in games.enumerated() { byNight[entry.game.date.day, default: []].append(index) }
            players = records.map { Player(record: $0, slug: slugs[$0.identity] ?? Slug.make(from: $0.identity, fallback: "player"), games: gamesOf[$0.identity] ?? []) }
            playerByIdentity = Dictionary(uniqueKeysWithValues: players.enumerated().map { ($1.record.identity, $0) })
            gamesByNight = byNight
            gameByFile = Dictionary(games.enumerated().map { ($1.file, $0) }, uniquingKeysWith: { a, _ in a })
            nights = byNight.keys.sorted(by: >)
            let present = Set(games.map(\.game.kind))
            kinds = GameKind.allCases.filter(present.contains)
        }

        /// Each kind's standings. Bowlers are named with the spelling of their earliest game.
        func standings() -> [GameKind: KindStandings] {
            var scores: [Game] = [], bowling: [BowlingResult] = [], puzzles: [PuzzleGame] = []
            for entry in games {
                switch entry.game.content {
                case .scores: scores.append(entry.game)
                case .bowling(let game):
                    for result in game.results(on: entry.game.date.day) {
                        let name = playerByIdentity[PlayerName.identity(of: result.player)].map { players[$0].record.name } ?? result.player
                        bowling.append(BowlingResult(player: name, date: result.date, total: result.total))
                    }
                case .fifteen(let game): puzzles.append(game)
                }
            }
            var standings: [GameKind: KindStandings] = [:]
            for kind in kinds {
                standings[kind] = switch kind {
                case .scores: .scores(PlayerRecord.leaderboard(scores))
                case .bowling: .bowling(BowlingStanding.standings(from: bowling))
                case .fifteen: .fifteen(PuzzleStanding.standings(puzzles))
                }
            }
            return standings
        }
    }

    init(_ index: Index, standings: [GameKind: KindStandings], statistics: GroupStatistics) {
        self.standings = standings
        games = index.games
        players = index.players
        playerByIdentity = index.playerByIdentity
        gamesByNight = index.gamesByNight
        gameByFile = index.gameByFile
        nights = index.nights
        kinds = index.kinds
        self.statistics = statistics
        var byBoardgame: [Boardgame: [Int]] = [:]
        for (position, entry) in index.games.enumerated() { byBoardgame[entry.game.boardgame, default: []].append(position) }
        gamesByBoardgame = byBoardgame
        var named: [(Boardgame, String)] = []
        for row in statistics.boardgames { if case .named(let name) = row.boardgame { named.append((row.boardgame, name)) } }
        let boardgameSlugs = Slug.assign(named.map(\.1), fallback: "boardgame")
        self.boardgameSlugs = Dictionary(named.map { ($0.0, boardgameSlugs[$0.1] ?? Slug.make(from: $0.1, fallback: "boardgame")) }, uniquingKeysWith: { a, _ in a })
    }

    public func player(named name: String) -> Player? {
        playerByIdentity[PlayerName.identity(of: name)].map { players[$0] }
    }

    /// The slug of the player's page, for a name as written in any game; without copying the
    /// player's record, as builds ask for every name of every game.
    public func playerSlug(named name: String) -> String? {
        playerByIdentity[PlayerName.identity(of: name)].map { players[$0].slug }
    }

    /// The game of a file, as statistics name games.
    func game(file: String) -> SiteGame? { gameByFile[file].map { games[$0] } }

    public func games(on night: String) -> [SiteGame] { gameIndices(on: night).map { games[$0] } }

    /// Indices into `games`, oldest first.
    public func gameIndices(on night: String) -> [Int] { gamesByNight[night] ?? [] }

    public func games(of player: Player) -> [SiteGame] { player.games.map { games[$0] } }

    public func games(ofKind kind: GameKind) -> [SiteGame] { games.filter { $0.game.kind == kind } }

    // Paths relative to the site's root; they are the URLs, so they must not change between builds.
    public static func path(of game: SiteGame) -> String { "games/\(game.slug).html" }
    public static func path(of player: Player) -> String { path(ofPlayer: player.slug) }
    static func path(ofPlayer slug: String) -> String { "players/\(slug).html" }
    public static func path(ofNight day: String) -> String { "nights/\(day).html" }
    public static func path(ofKind kind: GameKind) -> String { "kinds/\(kind.rawValue).html" }
    public static let boardgamesPath = "boardgames/index.html"

    /// A board game's page: its own, or its kind's for bowling and the puzzle.
    public func path(of boardgame: Boardgame) -> String {
        switch boardgame {
        case .kind(let kind): Self.path(ofKind: kind)
        case .named: boardgameSlugs[boardgame].map { "boardgames/\($0).html" } ?? Self.boardgamesPath
        }
    }

    /// Games of a board game, oldest first.
    public func games(of boardgame: Boardgame) -> [SiteGame] { (gamesByBoardgame[boardgame] ?? []).map { games[$0] } }

    /// The player's page, for a name as written in any game. Every name of the catalog's games has
    /// one; the players page stands in for any other, since Mustache would look up a nil link
    /// in the enclosing context instead.
    func playerPath(_ name: String) -> String { playerSlug(named: name).map(Self.path(ofPlayer:)) ?? "players/index.html" }
}

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
    var statistics: StatisticsMemory
    /// The index without its games, which the next build's replace.
    private var kept: (games: [Indexed], index: SiteCatalog.Index, standings: [GameKind: KindStandings])?

    /// `remembering: false` keeps nothing: one build's catalog.
    public init(remembering: Bool = true) {
        remembers = remembering
        statistics = StatisticsMemory(checkpoints: remembering)
    }

    /// Builds that reused the last index, for tests.
    public private(set) var reusedIndexes = 0

    /// The index and standings of `games` (in catalog order).
    mutating func index(_ games: [SiteGame]) -> (SiteCatalog.Index, [GameKind: KindStandings]) {
        let indexed = remembers ? games.map(Indexed.init) : []
        if let kept, kept.games == indexed {
            var index = kept.index
            index.games = games
            reusedIndexes += 1
            return (index, kept.standings)
        }
        let index = SiteCatalog.Index(games)
        let standings = index.standings()
        if remembers {
            var bare = index
            bare.games = []
            kept = (indexed, bare, standings)
        }
        return (index, standings)
    }
}
