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
/// | a game's scorecard and images | the game and its file, its players' slugs, its rating changes |
/// | a night | its games, the days of the nights before and after (links), the roster |
/// | a player | the player's games, their ratings (overall and in each board game they played), those board games' paths, the roster |
/// | a kind | its games, the roster |
/// | a board game | its games, its slug, the roster |
/// | a page of a list's archive | its games, whether pages before and after it exist, the roster |
/// | a year in review | its figures (from the games up to the year's end), the titles and paths of the games and board games it links, its players' names, the years before and after, the roster |
/// | index, players, nights, board games, feed, sitemap, calendar | every game, the roster |
/// | the search page | the years with a night and the inputs of their index files (it names each by a hash of its bytes) |
/// | the search index's names | the roster, the named board games and their paths, the kinds |
/// | a year of the search index | the year's games |
/// | 404, stylesheet | nothing more |
///
/// A game is what was parsed from its file, its slug, its path and its puzzle optimum; notes
/// stay in the file, which only the game's own scorecard reads, so an edit of the notes renders
/// one scorecard again. A player's page shows ratings, which draw on other players' games: it
/// depends on the ratings' values, so an edit re-renders only the players whose ratings it
/// moved. The roster is every player's identity, name and slug: the pages that link to players.
struct SiteDependencies: Sendable {
    struct Unit: Sendable {
        /// Stable across builds: the cache finds the previous unit by it.
        var id: String
        var inputs: Fingerprint
        /// A scorecard's inputs but its file's bytes (`ScorecardMemo.context`): the inputs are
        /// this and the bytes.
        var context: Fingerprint? = nil

        /// A scorecard's inputs from its context and its file's bytes.
        static func scorecardInputs(context: Fingerprint, fileFingerprint: Fingerprint) -> Fingerprint {
            var hasher = StableHasher()
            hasher.combine(context)
            hasher.combine(fileFingerprint)
            return hasher.finalize()
        }
    }

    let site: Fingerprint
    /// Items per page of a long list (`Paging`).
    let paginate: Int
    /// By index in `catalog.games`.
    let games: [Fingerprint]
    /// By index in `catalog.games`: the file's bytes.
    let files: [Fingerprint]
    let roster: Fingerprint
    /// The games of each board game and of each kind.
    let gamesOfBoardgame: [Boardgame: Fingerprint]
    let gamesOfKind: [GameKind: Fingerprint]
    let everything: Fingerprint
    /// Each night's place in `catalog.nights`: a search for each would cost nights² comparisons.
    let nightPositions: [String: Int]
    /// The years in review, oldest first, and the figures of each as text.
    let years: [YearInReview]
    let yearFigures: [String]

    /// `files`: the fingerprints of each game's file bytes and parse (`LoadedGame.parse`), by slug.
    /// `describe`: a year's figures as text (`serve` keeps those of unchanged years).
    init(
        _ catalog: SiteCatalog, files: [String: (file: Fingerprint, parse: Fingerprint)], site: Fingerprint,
        paginate: Int = SiteConfiguration.defaultPaginate, years: [YearInReview] = [],
        describe: (YearInReview) -> String = { String(describing: $0) }
    ) {
        self.site = site
        self.years = years
        yearFigures = years.map(describe)
        self.paginate = paginate
        let none = Fingerprint(high: 0, low: 0)
        self.files = catalog.games.map { files[$0.slug]?.file ?? none }
        games = catalog.games.map { entry in
            var hasher = StableHasher()
            // The parse follows from the file's bytes; without them (no build cache), from the game.
            hasher.combine(files[entry.slug]?.parse ?? GameLoader.parseFingerprint(of: entry.game))
            hasher.combine(entry.slug)
            hasher.combine(entry.file)
            if case .fifteen(let puzzle) = entry.game.content {
                // Most boards have their moves, which need no text.
                if case .moves(let moves)? = puzzle.optimum {
                    hasher.combine(moves)
                } else {
                    hasher.combine(String(describing: puzzle.optimum))
                }
            }
            return hasher.finalize()
        }
        var roster = StableHasher()
        for player in catalog.players.sorted(by: { $0.slug < $1.slug }) {
            roster.combine(player.slug)
            roster.combine(player.record.identity)
            roster.combine(player.record.name)
        }
        self.roster = roster.finalize()
        var ofBoardgame: [Boardgame: StableHasher] = [:]
        var ofKind: [GameKind: StableHasher] = [:]
        for (entry, game) in zip(catalog.games, games) {
            ofBoardgame[entry.game.boardgame, default: StableHasher()].combine(game)
            ofKind[entry.game.kind, default: StableHasher()].combine(game)
        }
        gamesOfBoardgame = ofBoardgame.mapValues { $0.finalize() }
        gamesOfKind = ofKind.mapValues { $0.finalize() }
        var everything = StableHasher()
        for game in games { everything.combine(game) }
        everything.combine(self.roster)
        self.everything = everything.finalize()
        nightPositions = Dictionary(
            catalog.nights.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
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
            for name in catalog.games[index].game.players { hasher.combine(catalog.playerSlug(named: name) ?? "") }
            // The rating changes shown on the scorecard follow from every earlier game.
            if let changes = catalog.statistics.ratings.changes[catalog.games[index].file] {
                for changed in changes {
                    hasher.combine(changed.identity)
                    hasher.combine(changed.change.bitPattern)
                }
            }
            hasher.combine(id)
            let context = hasher.finalize()
            return Unit(
                id: id, inputs: Unit.scorecardInputs(context: context, fileFingerprint: files[index]), context: context)
        case .stylesheet:
            id = "style"
        case .page(let page):
            switch page {
            // Ratings, head-to-head, streaks and records draw on other players' games too.
            case .index, .players, .nights, .feed, .sitemap, .calendar, .boardgames:
                id = "\(page)"
                hasher.combine(everything)
            case .notFound:
                id = "404"
            case .search:
                id = "search"
                // It names each shard by its bytes' hash (`SearchIndex.address`): the shards'
                // inputs stand for their bytes.
                for shard in SearchIndex.shards(catalog) {
                    hasher.combine(shard.path)
                    hasher.combine(unit(.page(.searchIndex(shard)), in: catalog).inputs)
                }
            case .searchIndex(let shard):
                id = shard.path
                switch shard {
                case .names:
                    hasher.combine(roster)
                    // In path order, as the file lists them.
                    let named = catalog.statistics.boardgames.map(\.boardgame).filter {
                        catalog.boardgameSlugs[$0] != nil
                    }
                    for (boardgame, path) in named.map({ ($0, catalog.path(of: $0)) }).sorted(by: { $0.1 < $1.1 }) {
                        hasher.combine(String(describing: boardgame))
                        hasher.combine(path)
                    }
                    for kind in catalog.kinds { hasher.combine(kind.rawValue) }
                case .year(let year):
                    gamesOf(SearchIndex.nights(of: year, in: catalog).flatMap(catalog.gameIndices(on:)))
                }
            case .player(let index):
                let player = catalog.players[index]
                id = "player " + player.slug
                gamesOf(player.games)
                hasher.combine(roster)
                // The rest of the page follows from the player's own games, but ratings follow
                // from other players' games too: the page depends on their values as shown.
                let identity = player.record.identity
                func combine(_ rating: PlayerRating?, history: Bool) {
                    guard let rating else { return hasher.combine("unrated") }
                    for point in history ? rating.history : [] {
                        hasher.combine(point.file)
                        hasher.combine(point.date.text)
                        for value in [point.rating.mu, point.rating.sigma, point.change] {
                            hasher.combine(value.bitPattern)
                        }
                    }
                    for value in [rating.rating.mu, rating.rating.sigma, Double(rating.games)] {
                        hasher.combine(value.bitPattern)
                    }
                }
                combine(catalog.statistics.ratings.overall[identity], history: true)
                for plays in catalog.statistics.player(identity)?.boardgames ?? [] {
                    hasher.combine(catalog.path(of: plays.boardgame))
                    combine(catalog.statistics.rating(of: identity, in: plays.boardgame), history: false)
                }
            case .boardgame(let index):
                let boardgame = catalog.statistics.boardgames[index].boardgame
                id = "boardgame \(boardgame)"
                hasher.combine(gamesOfBoardgame[boardgame] ?? Fingerprint(high: 0, low: 0))
                // Its own path; it links to no other board game.
                hasher.combine(catalog.boardgameSlugs[boardgame] ?? "")
                hasher.combine(roster)
            case .night(let day):
                id = "night " + day
                gamesOf(catalog.gameIndices(on: day))
                // The links to the older and newer nights: their days (`SiteTexts.day` reads only the day).
                if let position = nightPositions[day] {
                    for neighbour in [position - 1, position + 1] {
                        hasher.combine(catalog.nights.indices.contains(neighbour) ? catalog.nights[neighbour] : "none")
                    }
                }
                hasher.combine(roster)
            case .archive(let list, let number):
                // The page's games, and whether pages before and after it exist (its links).
                let main = catalog.path(of: list)
                id = "archive \(main) \(number)"
                let items = catalog.items(of: list)
                let paging = Paging(size: paginate, count: items.count)
                gamesOf(items.games(in: paging.items(onPage: number)))
                for neighbour in [number - 1, number + 1] { hasher.combine(paging.pages.contains(neighbour)) }
                // Its name: a board game's (a player's is in the roster, a kind's in the site inputs).
                if case .boardgame(let index) = list, catalog.statistics.boardgames.indices.contains(index) {
                    hasher.combine(String(describing: catalog.statistics.boardgames[index].boardgame))
                }
                hasher.combine(roster)
            case .year(let year):
                id = "year " + year
                // The figures as computed, which draw on every game up to the year's end, rather
                // than those games: an edit that moves no figure (a title) renders no year again.
                if let position = years.firstIndex(where: { $0.year == year }) {
                    let review = years[position]
                    hasher.combine(yearFigures[position])
                    for margin in [review.closestGame, review.biggestWin].compactMap({ $0 }) {
                        hasher.combine(
                            catalog.game(file: margin.file).map { SiteCatalog.path(of: $0) + " " + $0.game.title }
                                ?? margin.file)
                    }
                    for boardgame in review.mostPlayed.map(\.boardgame) + review.newBoardgames
                        + review.players.compactMap(\.favourite?.boardgame)
                    {
                        hasher.combine(catalog.path(of: boardgame))
                    }
                    for player in review.players {
                        hasher.combine(catalog.statistics.player(player.identity)?.name ?? player.identity)
                    }
                    // The links to the years before and after.
                    for neighbour in [position - 1, position + 1] {
                        hasher.combine(years.indices.contains(neighbour) ? years[neighbour].year : "none")
                    }
                }
                hasher.combine(roster)
            case .kind(let kind):
                id = "kind " + kind.rawValue
                hasher.combine(gamesOfKind[kind] ?? Fingerprint(high: 0, low: 0))
                hasher.combine(roster)
            }
        }
        hasher.combine(id)
        return Unit(id: id, inputs: hasher.finalize())
    }
}
