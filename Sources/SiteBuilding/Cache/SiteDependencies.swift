import GameDomain
import SiteRendering

/// Which inputs each unit of the site is made from: the one place that says what a page
/// depends on. A rebuild renders a unit again only when the fingerprint of its inputs changed;
/// otherwise the previous build's files are linked. A new kind of page adds a case to
/// `WorkItem` or `CatalogPage`, and the compiler sends it here.
///
/// Every unit depends on `site` (templates, `gamenight.yaml`, options, the program). Beyond it:
///
/// | unit | depends on |
/// | --- | --- |
/// | a game's scorecard and images | the game, its players' rating changes |
/// | a night | its games, the days of the nights before and after (links), the roster |
/// | index, players, a player, nights, a kind, board games, a board game, feed, sitemap | every game, the roster |
/// | 404, stylesheet | nothing more |
///
/// A game is its file's bytes, its slug and its puzzle optimum. The roster is every player's
/// identity, name and slug: the pages that link to players.
struct SiteDependencies: Sendable {
    struct Unit: Sendable {
        /// Stable across builds: the cache finds the previous unit by it.
        var id: String
        var inputs: Fingerprint
    }

    let site: Fingerprint
    /// By index in `catalog.games`.
    let games: [Fingerprint]
    let roster: Fingerprint
    let everything: Fingerprint

    /// `files`: the fingerprint of each game's file bytes, by slug.
    init(_ catalog: SiteCatalog, files: [String: Fingerprint], site: Fingerprint) {
        self.site = site
        games = catalog.games.map { entry in
            var hasher = StableHasher()
            hasher.combine(files[entry.slug] ?? Fingerprint(high: 0, low: 0))
            hasher.combine(entry.slug)
            if case .fifteen(let puzzle) = entry.game.content { hasher.combine(String(describing: puzzle.optimum)) }
            return hasher.finalize()
        }
        var roster = StableHasher()
        for player in catalog.players.sorted(by: { $0.slug < $1.slug }) {
            roster.combine(player.slug)
            roster.combine(player.record.identity)
            roster.combine(player.record.name)
        }
        self.roster = roster.finalize()
        var everything = StableHasher()
        for game in games { everything.combine(game) }
        everything.combine(self.roster)
        self.everything = everything.finalize()
    }

    func unit(_ item: WorkItem, in catalog: SiteCatalog) -> Unit {
        var hasher = StableHasher()
        hasher.combine(site)
        func gamesOf(_ indices: some Sequence<Int>) {
            for index in indices { hasher.combine(games[index]) }
        }
        let id: String
        switch item {
        case .game(let index):
            id = "game " + catalog.games[index].slug
            hasher.combine(games[index])
            // The rating changes shown on the scorecard follow from every earlier game.
            for (player, change) in (catalog.statistics.ratings.changes[catalog.games[index].file] ?? [:]).sorted(by: { $0.key < $1.key }) {
                hasher.combine(player)
                hasher.combine(change.bitPattern)
            }
        case .stylesheet:
            id = "style"
        case .page(let page):
            switch page {
            // Ratings, head-to-head, streaks and records draw on other players' games too.
            case .index, .players, .nights, .feed, .sitemap, .boardgames:
                id = "\(page)"
                hasher.combine(everything)
            case .notFound:
                id = "404"
            case .player(let index):
                id = "player " + catalog.players[index].slug
                hasher.combine(everything)
            case .boardgame(let index):
                id = "boardgame \(catalog.statistics.boardgames[index].boardgame)"
                hasher.combine(everything)
            case .night(let day):
                id = "night " + day
                gamesOf(catalog.gameIndices(on: day))
                // The links to the older and newer nights: their days (`SiteTexts.day` reads only the day).
                if let position = catalog.nights.firstIndex(of: day) {
                    for neighbour in [position - 1, position + 1] {
                        hasher.combine(catalog.nights.indices.contains(neighbour) ? catalog.nights[neighbour] : "none")
                    }
                }
                hasher.combine(roster)
            case .kind(let kind):
                id = "kind " + kind.rawValue
                hasher.combine(everything)
            }
        }
        hasher.combine(id)
        return Unit(id: id, inputs: hasher.finalize())
    }
}
