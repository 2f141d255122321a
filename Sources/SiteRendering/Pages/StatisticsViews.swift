import GameDomain

/// `+1.8`, `-0.9`, `0.0`: one decimal, the sign always shown when asked for.
func decimal(_ value: Double, signed: Bool = false) -> String {
    guard value.isFinite else { return "–" }
    let tenths = Int((value * 10).rounded())
    let sign = tenths < 0 ? "-" : signed && tenths > 0 ? "+" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
}

/// One player's rating change in one game, on the scorecard.
public struct RatingChangeView: Encodable, Sendable, Hashable {
    public var player: String
    public var href: String
    public var change: String
    public var up: Bool

    public init(player: String, href: String, change: String, up: Bool) {
        self.player = player
        self.href = href
        self.change = change
        self.up = up
    }

    /// Nil when the game changed no rating.
    static func list(_ entry: SiteGame, catalog: SiteCatalog, texts: SiteTexts) -> [RatingChangeView]? {
        guard let changes = catalog.statistics.ratings.changes[entry.file] else { return nil }
        var seen: Set<String> = []
        let rows = entry.game.players.compactMap { name -> RatingChangeView? in
            let identity = PlayerName.identity(of: name)
            guard let change = changes[identity], seen.insert(identity).inserted else { return nil }
            return RatingChangeView(
                player: name, href: catalog.playerPath(name), change: decimal(change, signed: true), up: change > 0)
        }
        return rows.isEmpty ? nil : rows
    }
}

/// A ratings leaderboard: ordinal, μ, σ and rated games, best first.
struct RatingsView: Encodable {
    struct Row: Encodable {
        var rank: Int
        var player: String
        var href: String
        var ordinal: String
        var mu: String
        var sigma: String
        var games: Int
    }

    var heading: String
    var rows: [Row]
    var minimum: String
    var more: Bool

    /// Nil when nobody is rated (or ratings are off).
    init?(
        _ ratings: [PlayerRating], heading: String, minimumGames: Int, catalog: SiteCatalog, limit: Int = .max,
        texts: SiteTexts
    ) {
        guard catalog.statistics.settings.ratings, !ratings.isEmpty else { return nil }
        self.heading = heading
        rows = ratings.prefix(limit).enumerated().map { index, rating in
            let name = catalog.statistics.player(rating.identity)?.name ?? rating.identity
            return Row(
                rank: index + 1, player: name, href: catalog.playerPath(name), ordinal: decimal(rating.rating.ordinal),
                mu: decimal(rating.rating.mu), sigma: decimal(rating.rating.sigma), games: rating.games)
        }
        minimum = texts.format(.ratingsMinimum, ["games": texts.count(minimumGames, .gameCountOne, .gameCountOther)])
        more = ratings.count > limit
    }
}

/// One row of the games page.
struct BoardgameRowView: Encodable {
    var name: String
    var href: String
    var plays: Int
    var players: Int
    var record: String?
    var recordHref: String?
    var lastPlayed: String
    var lastPlayedLabel: String

    init(_ row: BoardgameStatistics, catalog: SiteCatalog, texts: SiteTexts) {
        name = catalog.name(of: row.boardgame, texts: texts)
        href = catalog.path(of: row.boardgame)
        plays = row.plays
        players = row.players.count
        if let record = row.record {
            let holders = record.holders.map { catalog.statistics.player($0)?.name ?? $0 }
            self.record = texts.format(.recordBy, ["score": "\(record.score)", "name": texts.names(holders)])
            recordHref = catalog.game(file: record.file).map(SiteCatalog.path(of:))
        }
        lastPlayed = row.lastPlayed.text
        lastPlayedLabel = texts.day(row.lastPlayed)
    }
}

/// `boardgames/index.html`: every board game, most played first, and the H-index.
struct BoardgamesView: Encodable {
    var page: PageInfo
    var hIndex: String
    var boardgames: [BoardgameRowView]
}

/// `boardgames/<slug>.html`: one board game's figures, ratings and games.
struct BoardgamePageView: Encodable {
    var page: PageInfo
    var name: String
    var row: BoardgameRowView
    var bgg: String?
    var ratings: RatingsView?
    /// Wins by seat and for the first player; nil without a game that says who went first.
    var seats: SeatsView?
    /// Scores by player count, their histogram and the closest and biggest margins.
    var scores: ScoreDistributionView?
    var nights: [NightView]
    var archive: [ArchiveLink]
    var hasArchive = false
}

extension SiteCatalog {
    /// A board game's name on pages: `boardgame:` (or the title), or its kind's name.
    func name(of boardgame: Boardgame, texts: SiteTexts) -> String {
        switch boardgame {
        case .named(let name): name
        case .kind(let kind): texts.kind(kind)
        }
    }
}
