/// A game kind's standings: wins for score keeping, pins for bowling, solves for the puzzle.
package enum KindStandings: Sendable {
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
    package let standings: [GameKind: KindStandings]
    /// Board games with a page of their own (`Boardgame.named`; a kind's page stands for its
    /// own board game), by slug.
    public let boardgameSlugs: [Boardgame: String]
    package let playerByIdentity: [String: Int]
    package let gamesByNight: [String: [Int]]
    package let gameByFile: [String: Int]
    /// Indices into `games`, oldest first. Not in `Index`, which a changed title does not renew.
    package let gamesByBoardgame: [Boardgame: [Int]]
    /// The items of each long list (`CatalogList`).
    let lists: [CatalogList: ListItems]

    public init(_ games: [SiteGame], statistics settings: StatisticsSettings = StatisticsSettings()) {
        let games = Self.inOrder(games)
        let index = Index(games)
        self.init(
            index, standings: index.standings(),
            statistics: GroupStatistics(games.map { FiledGame($0) }, settings: settings))
    }

    /// The same catalog, its statistics computed on other cores beside the rest (a build's),
    /// resumed from what `memory` kept of the previous build's catalog.
    public static func make(
        _ games: [SiteGame], statistics settings: StatisticsSettings = StatisticsSettings(),
        memory: inout CatalogMemory
    ) async -> SiteCatalog {
        let games = inOrder(games)
        let filed = games.map { FiledGame($0) }
        async let remembered = statistics(filed, settings, memory.statistics)
        let (index, standings) = memory.index(games)
        let statistics: GroupStatistics
        (statistics, memory.statistics) = await remembered
        return SiteCatalog(index, standings: standings, statistics: statistics)
    }

    private static func statistics(
        _ games: [FiledGame], _ settings: StatisticsSettings,
        _ memory: StatisticsMemory
    ) async -> (GroupStatistics, StatisticsMemory) {
        var memory = memory
        return (await memory.statistics(games, settings: settings), memory)
    }

    /// Oldest first; games of the same moment in slug order. Indices are sorted: moving whole
    /// games about costs more than comparing them.
    package static func inOrder(_ games: [SiteGame]) -> [SiteGame] {
        games.indices.sorted { (games[$0].game.date, games[$0].slug) < (games[$1].game.date, games[$1].slug) }.map {
            games[$0]
        }
    }

    /// Everything but the statistics.
    package struct Index: Sendable {
        package var games: [SiteGame]
        package var players: [Player]
        package var playerByIdentity: [String: Int]
        package var gamesByNight: [String: [Int]]
        package var gameByFile: [String: Int]
        package var nights: [String]
        package var kinds: [GameKind]

        package init(_ games: [SiteGame]) {
            self.games = games
            let (records, gamesOf) = PlayerRecord.tally(games)
            let slugs = Slug.assign(records.map(\.identity), fallback: "player")
            var byNight: [String: [Int]] = [:]
            for (index, entry) in games.enumerated() { byNight[entry.game.date.day, default: []].append(index) }
            players = records.map {
                Player(
                    record: $0, slug: slugs[$0.identity] ?? Slug.make(from: $0.identity, fallback: "player"),
                    games: gamesOf[$0.identity] ?? [])
            }
            playerByIdentity = Dictionary(uniqueKeysWithValues: players.enumerated().map { ($1.record.identity, $0) })
            gamesByNight = byNight
            gameByFile = Dictionary(games.enumerated().map { ($1.file, $0) }, uniquingKeysWith: { a, _ in a })
            nights = byNight.keys.sorted(by: >)
            let present = Set(games.map(\.game.kind))
            kinds = GameKind.allCases.filter(present.contains)
        }

        /// Each kind's standings. Bowlers are named with the spelling of their earliest game.
        package func standings() -> [GameKind: KindStandings] {
            var scores: [SiteGame] = []
            var bowling: [BowlingResult] = []
            var puzzles: [PuzzleGame] = []
            for entry in games {
                switch entry.game.content {
                case .scores: scores.append(entry)
                case .bowling(let game):
                    for result in game.results(on: entry.game.date.day) {
                        let name =
                            playerByIdentity[PlayerName.identity(of: result.player)].map { players[$0].record.name }
                            ?? result.player
                        bowling.append(BowlingResult(player: name, date: result.date, total: result.total))
                    }
                case .fifteen(let game): puzzles.append(game)
                }
            }
            var standings: [GameKind: KindStandings] = [:]
            for kind in kinds {
                standings[kind] =
                    switch kind {
                    case .scores: .scores(PlayerRecord.leaderboard(scores))
                    case .bowling: .bowling(BowlingStanding.standings(from: bowling))
                    case .fifteen: .fifteen(PuzzleStanding.standings(puzzles))
                    }
            }
            return standings
        }
    }

    package init(_ index: Index, standings: [GameKind: KindStandings], statistics: GroupStatistics) {
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
        for (position, entry) in index.games.enumerated() {
            byBoardgame[entry.game.boardgame, default: []].append(position)
        }
        gamesByBoardgame = byBoardgame
        var named: [(Boardgame, String)] = []
        for row in statistics.boardgames {
            if case .named(let name) = row.boardgame { named.append((row.boardgame, name)) }
        }
        let boardgameSlugs = Slug.assign(named.map(\.1), fallback: "boardgame")
        self.boardgameSlugs = Dictionary(
            named.map { ($0.0, boardgameSlugs[$0.1] ?? Slug.make(from: $0.1, fallback: "boardgame")) },
            uniquingKeysWith: { a, _ in a })
        lists = ListItems.lists(
            index.games, players: index.players, boardgames: statistics.boardgames.map(\.boardgame),
            gamesByBoardgame: byBoardgame)
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
    package func game(file: String) -> SiteGame? { gameByFile[file].map { games[$0] } }

    public func games(on night: String) -> [SiteGame] { gameIndices(on: night).map { games[$0] } }

    /// Indices into `games`, oldest first.
    public func gameIndices(on night: String) -> [Int] { gamesByNight[night] ?? [] }

    public func games(of player: Player) -> [SiteGame] { player.games.map { games[$0] } }

    public func games(ofKind kind: GameKind) -> [SiteGame] { games.filter { $0.game.kind == kind } }

    // Paths relative to the site's root; they are the URLs, so they must not change between builds.
    public static func path(of game: SiteGame) -> String { "games/\(game.slug).html" }
    public static func path(of player: Player) -> String { path(ofPlayer: player.slug) }
    package static func path(ofPlayer slug: String) -> String { "players/\(slug).html" }
    public static func path(ofNight day: String) -> String { "nights/\(day).html" }
    public static func path(ofKind kind: GameKind) -> String { "kinds/\(kind.rawValue).html" }
    /// A year in review: `years/2025.html`.
    public static func path(ofYear year: String) -> String { "years/\(year).html" }
    public static let boardgamesPath = "boardgames/index.html"
    public static let nightsPath = "nights/index.html"
    public static let playersPath = "players/index.html"

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
    package func playerPath(_ name: String) -> String {
        playerSlug(named: name).map(Self.path(ofPlayer:)) ?? "players/index.html"
    }
}
