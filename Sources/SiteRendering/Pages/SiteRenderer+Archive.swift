import GameDomain

/// A link to a page of a list's archive, labelled by the dates it covers.
struct ArchiveLink: Encodable {
    var href: String
    var label: String
}

/// What `archive.mustache` shows: one page of a long list, in the list's own form (rows of
/// nights, nights with their games, or a player's games), newest first.
struct ArchiveView: Encodable {
    var page: PageInfo
    var up: ArchiveLink
    var nightRows: [NightsView.Row] = []
    var hasNightRows = false
    var nights: [NightView] = []
    var games: [PlayerView.Row] = []
    var hasGames = false
    var older: ArchiveLink?
    var newer: ArchiveLink?
}

extension SiteRenderer {
    /// A list's name on its pages.
    func title(of list: CatalogList, _ catalog: SiteCatalog) -> String {
        switch list {
        case .nights: texts[.nightsTitle]
        case .kind(let kind): texts.kind(kind)
        case .boardgame(let index):
            catalog.statistics.boardgames.indices.contains(index)
                ? catalog.name(of: catalog.statistics.boardgames[index].boardgame, texts: texts) : ""
        case .player(let index): catalog.players.indices.contains(index) ? catalog.players[index].record.name : ""
        }
    }

    /// `from – to`: the days of the first and last of some games.
    func range(of games: ArraySlice<Int>, _ catalog: SiteCatalog) -> String {
        let from = day(games.first, catalog)
        let to = day(games.last, catalog)
        return from == to ? from : texts.format(.pageRange, ["from": from, "to": to])
    }

    /// The links to every archive page of `list`, newest first; none when its main page shows it whole.
    func archiveLinks(_ list: CatalogList, _ catalog: SiteCatalog) -> [ArchiveLink] {
        let items = catalog.items(of: list)
        let paging = Paging(size: settings.paginate, count: items.count)
        let main = catalog.path(of: list)
        return paging.pages.reversed().map { page in
            ArchiveLink(
                href: Paging.path(page, of: main),
                label: range(of: items.games(in: paging.items(onPage: page)), catalog))
        }
    }

    /// The nights a kind's or a board game's main page shows, newest first.
    func newestNights(_ list: CatalogList, _ catalog: SiteCatalog) -> [NightView] {
        let items = catalog.items(of: list)
        return Paging(size: settings.paginate, count: items.count).newest.reversed().map { night(items[$0], catalog) }
    }

    func archive(_ list: CatalogList, page number: Int, _ catalog: SiteCatalog) throws(Diagnostic) -> SiteFile {
        let items = catalog.items(of: list)
        let paging = Paging(size: settings.paginate, count: items.count)
        let main = catalog.path(of: list)
        let path = Paging.path(number, of: main)
        let shown = paging.items(onPage: number)
        let name = title(of: list, catalog)
        let heading = texts.format(.archiveTitle, ["list": name, "range": range(of: items.games(in: shown), catalog)])
        var view = ArchiveView(
            page: settings.page(path, title: heading, description: heading), up: ArchiveLink(href: main, label: name))
        // Labelled by direction only: a page's dates change as the newest page fills, and the
        // page before it would otherwise be rendered again with each new game.
        func link(_ page: Int, _ label: TextKey) -> ArchiveLink? {
            paging.pages.contains(page) ? ArchiveLink(href: Paging.path(page, of: main), label: texts[label]) : nil
        }
        view.older = link(number - 1, .olderPage)
        view.newer = link(number + 1, .newerPage)
        switch list {
        case .nights:
            view.nightRows = shown.reversed().map { item in
                let games = items[item].map { catalog.games[$0] }
                return NightsView.Row(day: games.first?.game.date.day ?? "", games: games, texts: texts)
            }
            view.hasNightRows = !view.nightRows.isEmpty
        case .kind, .boardgame:
            view.nights = shown.reversed().map { night(items[$0], catalog) }
        case .player(let index):
            guard catalog.players.indices.contains(index) else { break }
            let identity = catalog.players[index].record.identity
            view.games = items.games(in: shown).reversed().compactMap {
                PlayerView.row(catalog.games[$0], identity: identity, texts: texts)
            }
            view.hasGames = !view.games.isEmpty
        }
        return SiteFile(path: path, bytes: try templates.renderBytes(view, with: "archive", page: path, texts: texts))
    }

    /// One item of a list of nights.
    private func night(_ games: ArraySlice<Int>, _ catalog: SiteCatalog) -> NightView {
        let games = games.map { catalog.games[$0] }
        return NightView(day: games.first?.game.date.day ?? "", games: games, texts: texts)
    }

    private func day(_ index: Int?, _ catalog: SiteCatalog) -> String {
        index.map { texts.day(catalog.games[$0].game.date) } ?? ""
    }
}
