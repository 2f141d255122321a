public import GameDomain

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
    let playerByIdentity: [String: Int]
    let gamesByNight: [String: [Int]]

    public init(_ games: [SiteGame]) {
        let games = games.sorted { ($0.game.date, $0.slug) < ($1.game.date, $1.slug) }
        self.games = games
        let records = PlayerRecord.leaderboard(games.map(\.game))
        let slugs = Slug.assign(records.map(\.identity), fallback: "player")
        var gamesOf: [String: [Int]] = [:]
        var byNight: [String: [Int]] = [:]
        for (index, entry) in games.enumerated() {
            byNight[entry.game.date.day, default: []].append(index)
            for identity in Set(entry.game.players.map(PlayerName.identity(of:))) {
                gamesOf[identity, default: []].append(index)
            }
        }
        players = records.map { Player(record: $0, slug: slugs[$0.identity] ?? Slug.make(from: $0.identity, fallback: "player"), games: gamesOf[$0.identity] ?? []) }
        playerByIdentity = Dictionary(uniqueKeysWithValues: players.enumerated().map { ($1.record.identity, $0) })
        gamesByNight = byNight
        nights = byNight.keys.sorted(by: >)
        let present = Set(games.map(\.game.kind))
        kinds = GameKind.allCases.filter(present.contains)
    }

    public func player(named name: String) -> Player? {
        playerByIdentity[PlayerName.identity(of: name)].map { players[$0] }
    }

    public func games(on night: String) -> [SiteGame] { gameIndices(on: night).map { games[$0] } }

    /// Indices into `games`, oldest first.
    public func gameIndices(on night: String) -> [Int] { gamesByNight[night] ?? [] }

    public func games(of player: Player) -> [SiteGame] { player.games.map { games[$0] } }

    public func games(ofKind kind: GameKind) -> [SiteGame] { games.filter { $0.game.kind == kind } }

    // Paths relative to the site's root; they are the URLs, so they must not change between builds.
    public static func path(of game: SiteGame) -> String { "games/\(game.slug).html" }
    public static func path(of player: Player) -> String { "players/\(player.slug).html" }
    public static func path(ofNight day: String) -> String { "nights/\(day).html" }
    public static func path(ofKind kind: GameKind) -> String { "kinds/\(kind.rawValue).html" }

    /// The player's page, for a name as written in any game. Every name of the catalog's games has
    /// one; the players page stands in for any other, since Mustache would look up a nil link
    /// in the enclosing context instead.
    func playerPath(_ name: String) -> String { player(named: name).map(Self.path(of:)) ?? "players/index.html" }
}
