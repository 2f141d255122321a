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
/// | a player | the player's games, every game's outcome (ratings, head-to-head, streaks), the roster |
/// | a kind | its games, the roster |
/// | a board game | its games, its slug, the roster |
/// | index, players, nights, board games, feed, sitemap | every game, the roster |
/// | 404, stylesheet | nothing more |
///
/// A game is what was parsed from its file, its slug, its path and its puzzle optimum; notes
/// stay in the file, which only the game's own scorecard reads, so an edit of the notes renders
/// one scorecard again. A game's outcome is the same without the title (but with the board game
/// a title names), place, duration and import line, which only pages listing the game show. The
/// roster is every player's identity, name and slug: the pages that link to players.
struct SiteDependencies: Sendable {
    struct Unit: Sendable {
        /// Stable across builds: the cache finds the previous unit by it.
        var id: String
        var inputs: Fingerprint
    }

    let site: Fingerprint
    /// By index in `catalog.games`.
    let games: [Fingerprint]
    /// By index in `catalog.games`: the file's bytes.
    let files: [Fingerprint]
    let roster: Fingerprint
    /// Every game's outcome and the roster.
    let outcomes: Fingerprint
    /// The games of each board game and of each kind.
    let gamesOfBoardgame: [Boardgame: Fingerprint]
    let gamesOfKind: [GameKind: Fingerprint]
    let everything: Fingerprint

    /// `files`: the fingerprint of each game's file bytes, by slug.
    init(_ catalog: SiteCatalog, files: [String: Fingerprint], site: Fingerprint) {
        self.site = site
        self.files = catalog.games.map { files[$0.slug] ?? Fingerprint(high: 0, low: 0) }
        // A game's outcome is its archive without the fields only lists show; the game adds them.
        var outcomeOfGame: [Fingerprint] = []
        var games: [Fingerprint] = []
        for entry in catalog.games {
            var shown = entry.game
            // A score game without `boardgame:` is the board game its title names.
            if case .named(let name) = entry.game.boardgame { shown.boardgameName = name }
            shown.title = ""
            shown.location = nil
            shown.durationMinutes = nil
            shown.origin = nil
            var hasher = StableHasher()
            var archive = ArchiveWriter()
            archive.game(shown)
            archive.bytes.withUnsafeBytes { hasher.combine($0) }
            hasher.combine(entry.slug)
            hasher.combine(entry.file)
            if case .fifteen(let puzzle) = entry.game.content { hasher.combine(String(describing: puzzle.optimum)) }
            let outcome = hasher.finalize()
            outcomeOfGame.append(outcome)
            var listed = ArchiveWriter()
            listed.string(entry.game.title)
            listed.optional(entry.game.location) { $0.string($1) }
            listed.optional(entry.game.durationMinutes) { $0.int($1) }
            listed.optional(entry.game.origin) { $0.origin($1) }
            var game = StableHasher()
            game.combine(outcome)
            listed.bytes.withUnsafeBytes { game.combine($0) }
            games.append(game.finalize())
        }
        self.games = games
        var roster = StableHasher()
        for player in catalog.players.sorted(by: { $0.slug < $1.slug }) {
            roster.combine(player.slug)
            roster.combine(player.record.identity)
            roster.combine(player.record.name)
        }
        self.roster = roster.finalize()
        var outcomes = StableHasher()
        for outcome in outcomeOfGame { outcomes.combine(outcome) }
        outcomes.combine(self.roster)
        self.outcomes = outcomes.finalize()
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
            hasher.combine(files[index])
            for name in catalog.games[index].game.players { hasher.combine(catalog.player(named: name)?.slug ?? "") }
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
                gamesOf(catalog.players[index].games)
                hasher.combine(outcomes)
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
                if let position = catalog.nights.firstIndex(of: day) {
                    for neighbour in [position - 1, position + 1] {
                        hasher.combine(catalog.nights.indices.contains(neighbour) ? catalog.nights[neighbour] : "none")
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
