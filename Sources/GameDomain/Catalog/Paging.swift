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
        let folder =
            path.hasSuffix("/index.html")
            ? String(path.dropLast("/index.html".count)) : String(path.dropLast(".html".count))
        return "\(folder)/page/\(page).html"
    }
}

/// A list's items, oldest first, each a run of indices into `SiteCatalog.games`: a night's
/// games, or one game of a player's. Two flat arrays, not an array per item: a big site's
/// players alone have tens of thousands of items.
public struct ListItems: Sendable {
    /// Every item's games, one item after another.
    public let games: [Int]
    /// Where each item starts in `games`, and where the last one ends.
    private let starts: [Int]

    public var count: Int { starts.count - 1 }

    public subscript(item: Int) -> ArraySlice<Int> { games[starts[item]..<starts[item + 1]] }

    /// The games of a run of items.
    public func games(in items: Range<Int>) -> ArraySlice<Int> {
        games[starts[items.lowerBound]..<starts[items.upperBound]]
    }

    /// One item per game.
    init(each games: [Int]) {
        self.games = games
        starts = Array(0...games.count)
    }

    /// One item per night, of games in the order played.
    init(byNight games: [Int], in all: [SiteGame]) {
        self.games = games
        var starts = [0]
        for position in games.indices.dropFirst()
        where all[games[position]].game.date.day != all[games[position - 1]].game.date.day {
            starts.append(position)
        }
        if !games.isEmpty { starts.append(games.count) }
        self.starts = starts
    }

    /// Each list of the catalog's games.
    static func lists(
        _ games: [SiteGame], players: [SiteCatalog.Player], boardgames: [Boardgame],
        gamesByBoardgame: [Boardgame: [Int]]
    ) -> [CatalogList: ListItems] {
        var lists: [CatalogList: ListItems] = [.nights: ListItems(byNight: Array(games.indices), in: games)]
        var ofKind: [GameKind: [Int]] = [:]
        for (index, entry) in games.enumerated() { ofKind[entry.game.kind, default: []].append(index) }
        for (kind, indices) in ofKind { lists[.kind(kind)] = ListItems(byNight: indices, in: games) }
        for (index, boardgame) in boardgames.enumerated() {
            lists[.boardgame(index)] = ListItems(byNight: gamesByBoardgame[boardgame] ?? [], in: games)
        }
        for (index, player) in players.enumerated() { lists[.player(index)] = ListItems(each: player.games) }
        return lists
    }
}

extension SiteCatalog {
    /// The items of `list`, oldest first.
    public func items(of list: CatalogList) -> ListItems { lists[list] ?? ListItems(each: []) }

    /// The list's paging with this site's page size.
    public func paging(of list: CatalogList, size: Int) -> Paging { Paging(size: size, count: items(of: list).count) }

    /// The main page of a list.
    public func path(of list: CatalogList) -> String {
        switch list {
        case .nights: Self.nightsPath
        case .kind(let kind): Self.path(ofKind: kind)
        case .boardgame(let index):
            statistics.boardgames.indices.contains(index)
                ? path(of: statistics.boardgames[index].boardgame) : Self.boardgamesPath
        case .player(let index): players.indices.contains(index) ? Self.path(of: players[index]) : Self.playersPath
        }
    }
}
