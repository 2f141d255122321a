/// A long list of the site: every night, or the nights of a kind or a board game, or a
/// player's games. Its main page (`nights/index.html`, `kinds/scores.html`, …) shows the
/// newest items; when there are more than fit one page, the rest are on archive pages.
public enum CatalogList: Sendable, Hashable {
    case nights
    case kind(GameKind)
    /// By index in `catalog.statistics.boardgames`.
    case boardgame(Int)
    /// By index in `catalog.players`.
    case player(Int)
}

/// Pages of a fixed size counted from the oldest item: page 1 holds the oldest `size` items
/// whatever is added later, so a new game renders again the newest archive page and the list's
/// main page, not every page of the list (Hugo counts from the newest, which moves every item
/// to another page on each addition). An address keeps its contents, too.
public struct Paging: Sendable, Hashable {
    public let size: Int
    public let count: Int

    public init(size: Int, count: Int) {
        self.size = max(1, size)
        self.count = max(0, count)
    }

    /// Archive pages, 1-based, oldest first; none when the main page shows the whole list.
    public var pages: [Int] { count > size ? Array(1...((count + size - 1) / size)) : [] }

    /// The items of archive page `page`, oldest first.
    public func items(onPage page: Int) -> Range<Int> {
        let start = min(count, max(0, page - 1) * size)
        return start..<min(count, start + size)
    }

    /// The items of the main page, oldest first: the newest `size`.
    public var newest: Range<Int> { max(0, count - size)..<count }

    /// Archive page `page` of `list`'s main page `path` (`kinds/scores.html` →
    /// `kinds/scores/page/2.html`; `nights/index.html` → `nights/page/2.html`).
    public static func path(_ page: Int, of path: String) -> String {
        let folder = path.hasSuffix("/index.html") ? String(path.dropLast("/index.html".count)) : String(path.dropLast(".html".count))
        return "\(folder)/page/\(page).html"
    }
}

extension SiteCatalog {
    /// The items of `list`, oldest first, each as the indices into `games` it shows: a night's
    /// games, or one game of a player's.
    public func items(of list: CatalogList) -> [[Int]] {
        switch list {
        case .nights: nights.reversed().map { gameIndices(on: $0) }
        case .kind(let kind): Self.byNight(games.indices.filter { games[$0].game.kind == kind }, in: games)
        case .boardgame(let index):
            statistics.boardgames.indices.contains(index)
                ? Self.byNight(gamesByBoardgame[statistics.boardgames[index].boardgame] ?? [], in: games) : []
        case .player(let index): players.indices.contains(index) ? players[index].games.map { [$0] } : []
        }
    }

    /// Indices of games in the order played, grouped by night, oldest first.
    static func byNight(_ indices: [Int], in games: [SiteGame]) -> [[Int]] {
        var nights: [[Int]] = []
        var last: String?
        for index in indices {
            let day = games[index].game.date.day
            if day != last { nights.append([]) }
            nights[nights.count - 1].append(index)
            last = day
        }
        return nights
    }

    /// The list's paging with this site's page size.
    public func paging(of list: CatalogList, size: Int) -> Paging { Paging(size: size, count: items(of: list).count) }

    /// The main page of a list.
    public func path(of list: CatalogList) -> String {
        switch list {
        case .nights: Self.nightsPath
        case .kind(let kind): Self.path(ofKind: kind)
        case .boardgame(let index): statistics.boardgames.indices.contains(index) ? path(of: statistics.boardgames[index].boardgame) : Self.boardgamesPath
        case .player(let index): players.indices.contains(index) ? Self.path(of: players[index]) : Self.playersPath
        }
    }
}
