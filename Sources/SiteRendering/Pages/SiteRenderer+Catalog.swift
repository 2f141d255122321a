public import GameDomain

/// A page or file made from the catalog rather than from one game.
public enum CatalogPage: Sendable, Hashable {
    case index, players
    case player(Int)
    case nights
    case night(String)
    case kind(GameKind)
    case boardgames
    case boardgame(Int)
    case notFound, feed, sitemap
    /// A year in review, `YYYY`.
    case year(String)
    /// `nights.ics`, the calendar of nights.
    case calendar
    /// A page of a long list's archive (`Paging`), 1-based.
    case archive(CatalogList, Int)
    /// `search.html`, and a file of its index (`SearchIndex`).
    case search
    case searchIndex(SearchIndex.Shard)

    /// A page a reader opens, not a feed, a sitemap or the calendar.
    public var isHTML: Bool { template != nil }

    /// The template that renders the page (without `.mustache`); nil for the feed, the sitemap and the calendar.
    public var template: String? {
        switch self {
        case .index: "index"
        case .players: "players"
        case .player: "player"
        case .nights: "nights"
        case .night: "night"
        case .kind: "kind"
        case .boardgames: "boardgames"
        case .boardgame: "boardgame"
        case .notFound: "404"
        case .archive: "archive"
        case .year: "year"
        case .search: "search"
        case .feed, .sitemap, .calendar, .searchIndex: nil
        }
    }
}

extension SiteRenderer {
    /// How many nights and leaderboard rows the index shows; the full lists have their own pages.
    static let indexNights = 10, indexRows = 10

    /// Every catalog page of the site, in a stable order; the calendar only with a night, the feed and sitemap only with a base URL.
    public func pages(_ catalog: SiteCatalog) -> [CatalogPage] {
        var pages: [CatalogPage] = [.index, .players, .nights, .boardgames, .notFound]
        pages +=
            catalog.players.indices.map(CatalogPage.player) + catalog.nights.map(CatalogPage.night)
            + catalog.kinds.map(CatalogPage.kind)
        // Named board games only: bowling and the puzzle have their kind's page.
        pages += catalog.statistics.boardgames.indices.filter {
            catalog.boardgameSlugs[catalog.statistics.boardgames[$0].boardgame] != nil
        }.map(CatalogPage.boardgame)
        pages += lists(catalog).flatMap { list in
            catalog.paging(of: list, size: settings.paginate).pages.map { CatalogPage.archive(list, $0) }
        }
        pages += years.map { CatalogPage.year($0.year) }
        if !catalog.nights.isEmpty { pages.append(.calendar) }
        pages += [.search] + SearchIndex.shards(catalog).map(CatalogPage.searchIndex)
        if settings.baseURL != nil { pages += [.feed, .sitemap] }
        return pages
    }

    /// Every long list of the site: the nights, each kind's and named board game's, each player's.
    func lists(_ catalog: SiteCatalog) -> [CatalogList] {
        [.nights] + catalog.kinds.map(CatalogList.kind)
            + catalog.statistics.boardgames.indices.filter {
                catalog.boardgameSlugs[catalog.statistics.boardgames[$0].boardgame] != nil
            }.map(CatalogList.boardgame)
            + catalog.players.indices.map(CatalogList.player)
    }

    public func render(_ page: CatalogPage, _ catalog: SiteCatalog) throws(Diagnostic) -> SiteFile {
        switch page {
        case .archive(let list, let number): return try archive(list, page: number, catalog)
        case .index: return try index(catalog)
        case .players:
            let path = SiteCatalog.playersPath
            let view = PlayersView(
                page: settings.page(path, title: texts[.playersTitle], description: texts[.playersDescription]),
                leaderboard: LeaderboardView(
                    catalog.players.map(\.record), caption: texts[.everyPlayer], catalog: catalog, texts: texts))
            return SiteFile(
                path: path, bytes: try templates.renderBytes(view, with: "players", page: path, texts: texts))
        case .player(let index):
            let player = catalog.players[index]
            let path = SiteCatalog.path(of: player)
            let record = player.record
            var info = settings.page(
                path, title: record.name,
                description: texts.format(
                    .playerDescription,
                    [
                        "name": record.name, "wins": texts.count(record.wins, .winCountOne, .winCountOther),
                        "games": texts.count(record.played, .finishedGameCountOne, .finishedGameCountOther),
                    ]))
            // Years of the player's own finished games: their page follows from those alone.
            info.card = meta(card(for: player, catalog))
            let played = years.reversed().filter { $0.players.contains { $0.identity == record.identity } }
            let view = PlayerView(
                player, catalog: catalog, page: info, shown: settings.paginate,
                archive: archiveLinks(.player(index), catalog),
                years: yearLinks(played), texts: texts)
            return SiteFile(
                path: path, bytes: try templates.renderBytes(view, with: "player", page: path, texts: texts))
        case .nights:
            let path = SiteCatalog.nightsPath
            let shown = catalog.nights.prefix(settings.paginate)
            let view = NightsView(
                page: settings.page(path, title: texts[.nightsTitle], description: texts[.nightsDescription]),
                nights: shown.map { NightsView.Row(day: $0, games: catalog.games(on: $0), texts: texts) },
                archive: archiveLinks(.nights, catalog), hasArchive: catalog.nights.count > settings.paginate)
            return SiteFile(
                path: path, bytes: try templates.renderBytes(view, with: "nights", page: path, texts: texts))
        case .night(let day):
            let path = SiteCatalog.path(ofNight: day)
            let games = catalog.games(on: day)
            let night = NightView(day: day, games: games, texts: texts)
            let position = catalog.nights.firstIndex(of: day)
            func link(_ offset: Int) -> NightPageView.Link? {
                guard let position, catalog.nights.indices.contains(position + offset) else { return nil }
                let other = catalog.nights[position + offset]
                return NightPageView.Link(
                    href: SiteCatalog.path(ofNight: other),
                    label: catalog.games(on: other).first.map { texts.day($0.game.date) } ?? other)
            }
            var view = NightPageView(
                page: settings.page(
                    path, title: night.dayLabel,
                    description: texts.format(
                        .nightDescription,
                        ["games": texts.count(games.count, .gameCountOne, .gameCountOther), "date": night.dayLabel])),
                night: night,
                leaderboard: LeaderboardView(
                    PlayerRecord.leaderboard(games), caption: texts[.nightLeaderboard], catalog: catalog, texts: texts),
                older: link(1), newer: link(-1)
            )
            view.page.card = meta(card(forNight: day, dayLabel: night.dayLabel, games: games))
            return SiteFile(path: path, bytes: try templates.renderBytes(view, with: "night", page: path, texts: texts))
        case .kind(let kind):
            let path = SiteCatalog.path(ofKind: kind)
            let games = catalog.games(ofKind: kind)
            let label = texts.kind(kind)
            var view = KindView(
                page: settings.page(
                    path, title: label,
                    description: texts.format(
                        .kindDescription,
                        ["kind": label, "games": texts.count(games.count, .gameCountOne, .gameCountOther)])),
                standings: KindStandingsView(kind: kind, catalog: catalog, texts: texts),
                ratings: kind == .scores ? nil : boardgameRatings(.kind(kind), catalog),
                nights: newestNights(.kind(kind), catalog), archive: archiveLinks(.kind(kind), catalog))
            view.hasArchive = !view.archive.isEmpty
            return SiteFile(path: path, bytes: try templates.renderBytes(view, with: "kind", page: path, texts: texts))
        case .boardgames:
            let path = SiteCatalog.boardgamesPath
            let view = BoardgamesView(
                page: settings.page(path, title: texts[.boardgamesTitle], description: texts[.boardgamesDescription]),
                hIndex: texts.format(.hIndex, ["n": "\(catalog.statistics.hIndex)"]),
                boardgames: catalog.statistics.boardgames.map { BoardgameRowView($0, catalog: catalog, texts: texts) })
            return SiteFile(
                path: path, bytes: try templates.renderBytes(view, with: "boardgames", page: path, texts: texts))
        case .boardgame(let index):
            let row = catalog.statistics.boardgames[index]
            let boardgame = row.boardgame
            let path = catalog.path(of: boardgame)
            let name = catalog.name(of: boardgame, texts: texts)
            var view = BoardgamePageView(
                page: settings.page(
                    path, title: name,
                    description: texts.format(
                        .boardgameDescription,
                        ["name": name, "plays": texts.count(row.plays, .playCountOne, .playCountOther)])),
                name: name, row: BoardgameRowView(row, catalog: catalog, texts: texts),
                bgg: row.bggID.map { "https://boardgamegeek.com/boardgame/\($0)" },
                ratings: boardgameRatings(boardgame, catalog),
                seats: SeatsView(boardgameFigures.seats[boardgame], texts: texts),
                scores: ScoreDistributionView(
                    boardgameFigures.scores[boardgame], name: name, catalog: catalog, texts: texts),
                nights: newestNights(.boardgame(index), catalog),
                archive: archiveLinks(.boardgame(index), catalog))
            view.hasArchive = !view.archive.isEmpty
            return SiteFile(
                path: path, bytes: try templates.renderBytes(view, with: "boardgame", page: path, texts: texts))
        case .year(let year):
            let path = SiteCatalog.path(ofYear: year)
            guard let position = years.firstIndex(where: { $0.year == year }) else {
                throw Diagnostic(
                    path: path, location: nil, message: "no finished game was played in \(year)",
                    hint: "build the site again")
            }
            let review = years[position]
            var info = settings.page(
                path, title: texts.format(.yearTitle, ["year": year]),
                description: texts.format(
                    .yearDescription,
                    [
                        "year": year, "plays": texts.count(review.plays, .playCountOne, .playCountOther),
                        "nights": texts.count(review.nights, .nightCountOne, .nightCountOther),
                    ]))
            info.card = meta(card(for: review, title: info.title, catalog))
            let view = YearView(
                review, page: info, catalog: catalog, older: position > 0 ? years[position - 1].year : nil,
                newer: position + 1 < years.count ? years[position + 1].year : nil, texts: texts)
            return SiteFile(path: path, bytes: try templates.renderBytes(view, with: "year", page: path, texts: texts))
        case .notFound:
            // Served at any depth, so links start from the site's root path.
            var info = settings.page("404.html", title: texts[.notFoundTitle], description: texts[.notFoundDescription])
            info.root = settings.baseURL?.path ?? "/"
            info.canonical = nil
            return SiteFile(
                path: "404.html",
                bytes: try templates.renderBytes(NotFoundView(page: info), with: "404", page: "404.html", texts: texts))
        case .feed:
            guard let baseURL = settings.baseURL else { return SiteFile(path: "feed.xml", contents: "") }
            return SiteFile(path: "feed.xml", contents: Feed.xml(catalog, baseURL: baseURL, settings: settings))
        case .sitemap:
            guard let baseURL = settings.baseURL else { return SiteFile(path: "sitemap.xml", contents: "") }
            let named = catalog.statistics.boardgames.map(\.boardgame).filter { catalog.boardgameSlugs[$0] != nil }
            let archives = lists(catalog).flatMap { list in
                catalog.paging(of: list, size: settings.paginate).pages.map {
                    Paging.path($0, of: catalog.path(of: list))
                }
            }
            let paths =
                ["index.html", SiteCatalog.playersPath, SiteCatalog.nightsPath, SiteCatalog.boardgamesPath]
                + catalog.games.map(SiteCatalog.path(of:))
                + named.map(catalog.path(of:))
                + catalog.players.map(SiteCatalog.path(of:)) + catalog.nights.map(SiteCatalog.path(ofNight:))
                + catalog.kinds.map(SiteCatalog.path(ofKind:))
                + archives
            let yearPaths = years.map { SiteCatalog.path(ofYear: $0.year) }
            return SiteFile(path: "sitemap.xml", contents: Sitemap.xml(paths + yearPaths, baseURL: baseURL))
        case .calendar:
            return SiteFile(
                path: NightCalendar.path,
                contents: NightCalendar.text(catalog, settings: settings) { night, make in
                    fragment(of: .night(night), "calendar event", make: make)
                })
        case .search:
            let path = SearchView.path
            var info = settings.page(path, title: texts[.searchTitle], description: texts[.searchDescription])
            info.searchBox = false
            let view = SearchView(
                page: info,
                shards: SearchIndex.shards(catalog).map { shard in
                    fragment(of: .searchIndex(shard), "address") { SearchIndex.address(shard, catalog, texts: texts) }
                }.joined(separator: " "))
            return SiteFile(
                path: path, bytes: try templates.renderBytes(view, with: "search", page: path, texts: texts))
        case .searchIndex(let shard):
            let script = SearchIndex.script(shard, catalog, texts: texts)
            // The search page names the shard by this address: it need not make the script again.
            _ = fragment(of: page, "address") { SearchIndex.address(shard, script: script) }
            return SiteFile(path: shard.path, contents: script)
        }
    }

    /// A catalog page's link-preview card: nights, players and years have one (with cards on).
    public func card(for page: CatalogPage, _ catalog: SiteCatalog) -> LinkCard? {
        guard settings.cardsShown else { return nil }
        switch page {
        case .night(let day):
            let games = catalog.games(on: day)
            return card(forNight: day, dayLabel: games.first.map { texts.day($0.game.date) } ?? day, games: games)
        case .player(let index):
            return catalog.players.indices.contains(index) ? card(for: catalog.players[index], catalog) : nil
        case .year(let year):
            return years.first { $0.year == year }.flatMap {
                card(for: $0, title: texts.format(.yearTitle, ["year": year]), catalog)
            }
        case .index, .players, .nights, .kind, .boardgames, .boardgame, .notFound, .feed, .sitemap, .calendar, .archive,
            .search, .searchIndex:
            return nil
        }
    }

    /// The index: the latest nights, the overall leaderboard and each kind's standings.
    public func index(_ catalog: SiteCatalog) throws(Diagnostic) -> SiteFile {
        let count = catalog.games.count
        var page = settings.page(
            "index.html", title: texts[.indexTitle],
            description: settings.description
                ?? texts.format(.indexDescription, ["games": texts.count(count, .gameCountOne, .gameCountOther)]))
        // The calendar exists once there is a night (`pages(_:)`).
        page.calendar = !catalog.nights.isEmpty
        let view = IndexView(
            page: page,
            hasGames: count > 0,
            nights: catalog.nights.prefix(Self.indexNights).map {
                NightView(day: $0, games: catalog.games(on: $0), texts: texts)
            },
            moreNights: catalog.nights.count > Self.indexNights,
            overall: LeaderboardView(
                catalog.players.map(\.record), caption: texts[.playersByWins], catalog: catalog, limit: Self.indexRows,
                texts: texts),
            kinds: catalog.kinds.map {
                KindStandingsView(kind: $0, catalog: catalog, limit: Self.indexRows, texts: texts)
            },
            ratings: RatingsView(
                catalog.statistics.leaderboard, heading: texts[.ratings],
                minimumGames: catalog.statistics.settings.minimumGames,
                catalog: catalog, limit: Self.indexRows, texts: texts),
            hIndex: catalog.statistics.boardgames.isEmpty
                ? nil : texts.format(.hIndex, ["n": "\(catalog.statistics.hIndex)"]),
            years: yearLinks(years.reversed()), hasYears: !years.isEmpty
        )
        return SiteFile(
            path: "index.html", bytes: try templates.renderBytes(view, with: "index", page: "index.html", texts: texts))
    }

    /// Links to years in review, in the order given.
    func yearLinks(_ years: some Sequence<YearInReview>) -> [YearLink] {
        years.map { YearLink(href: SiteCatalog.path(ofYear: $0.year), label: $0.year) }
    }

    /// A board game's ratings leaderboard, for its page or its kind's.
    func boardgameRatings(_ boardgame: Boardgame, _ catalog: SiteCatalog) -> RatingsView? {
        RatingsView(
            catalog.statistics.leaderboard(of: boardgame),
            heading: texts.format(.ratingsOf, ["name": catalog.name(of: boardgame, texts: texts)]),
            minimumGames: catalog.statistics.settings.perBoardgameMinimum, catalog: catalog, texts: texts)
    }
}

/// What `search.mustache` shows: the search form, and the index files its script loads.
struct SearchView: Encodable {
    static let path = "search.html"
    var page: PageInfo
    /// The index files' paths from the site's root, separated by spaces.
    var shards: String
}

struct IndexView: Encodable {
    var page: PageInfo
    var hasGames: Bool
    var nights: [NightView]
    var moreNights: Bool
    /// Not `leaderboard`: a nil standings leaderboard inside `kinds` would find this one instead.
    var overall: LeaderboardView?
    var kinds: [KindStandingsView]
    var ratings: RatingsView?
    var hIndex: String?
    /// Newest first.
    var years: [YearLink]
    var hasYears: Bool
}

struct YearLink: Encodable {
    var href: String
    var label: String
}

struct PlayersView: Encodable {
    var page: PageInfo
    var leaderboard: LeaderboardView?
}

struct NightsView: Encodable {
    struct Row: Encodable {
        var href: String, day: String, dayLabel: String, count: String, kinds: String

        init(day: String, games: [SiteGame], texts: SiteTexts) {
            self.day = day
            href = SiteCatalog.path(ofNight: day)
            dayLabel = games.first.map { texts.day($0.game.date) } ?? day
            count = texts.count(games.count, .gameCountOne, .gameCountOther)
            var kinds: [String] = []
            for kind in games.map({ texts.kind($0.game.kind) }) where !kinds.contains(kind) { kinds.append(kind) }
            self.kinds = kinds.joined(separator: texts[.listSeparator])
        }
    }

    var page: PageInfo
    var nights: [Row]
    var archive: [ArchiveLink]
    var hasArchive: Bool
}

struct NightPageView: Encodable {
    struct Link: Encodable {
        var href: String
        var label: String
    }

    var page: PageInfo
    var night: NightView
    var leaderboard: LeaderboardView?
    var older: Link?
    var newer: Link?
}

struct KindView: Encodable {
    var page: PageInfo
    var standings: KindStandingsView
    var ratings: RatingsView?
    var nights: [NightView]
    var archive: [ArchiveLink]
    var hasArchive = false
}

struct NotFoundView: Encodable {
    var page: PageInfo
}
