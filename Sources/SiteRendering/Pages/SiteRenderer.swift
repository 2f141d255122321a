public import GameDomain

/// A file of the site: a path relative to the site's root, and its contents.
public struct SiteFile: Sendable, Hashable {
    public var path: String
    /// The contents as written: pages are rendered as UTF-8 bytes and stay bytes, since
    /// turning them into a `String` validates every byte again.
    public var bytes: [UInt8]

    public var contents: String {
        get { String(decoding: bytes, as: UTF8.self) }
        set { bytes = Array(newValue.utf8) }
    }

    public init(path: String, contents: String) {
        self.path = path
        bytes = Array(contents.utf8)
    }

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// Renders the site's pages from games. Pure: it returns files and never touches the disk.
public struct SiteRenderer: Sendable {
    public var templates: Templates
    public var markdown: Markdown
    public var settings: SiteSettings
    /// The seat and score figures of the catalog's board games, which their pages show: the
    /// build's derive stage computes them once beside the catalog (none until then).
    public var boardgameFigures = BoardgameFigures()
    /// Each year with a finished game, oldest first: a page each, computed like the figures.
    public var years: [YearInReview] = []
    /// What the last builds made of the catalog pages, to make again only what changed; nil
    /// makes everything.
    public var fragments: (any PageFragments)?
    var texts: SiteTexts { settings.texts }

    public init(templates: Templates, markdown: Markdown = Markdown(), settings: SiteSettings = SiteSettings()) {
        self.templates = templates
        self.markdown = markdown
        self.settings = settings
    }

    /// The index of just these games (tests and previews; builds render from one catalog).
    public func index(_ games: [SiteGame]) throws(Diagnostic) -> SiteFile {
        try index(SiteCatalog(games, statistics: settings.statistics))
    }

    /// `catalog` gives the players' rating changes in this game.
    public func scorecard(_ entry: SiteGame, in catalog: SiteCatalog? = nil) throws(Diagnostic) -> SiteFile {
        try scorecard(entry, ratingChanges: catalog.map { ratingChanges(of: entry, in: $0) } ?? [])
    }

    /// What a scorecard shows from the catalog: each rated player's change in this game.
    public func ratingChanges(of entry: SiteGame, in catalog: SiteCatalog) -> [RatingChangeView] {
        RatingChangeView.list(entry, catalog: catalog, texts: texts) ?? []
    }

    /// A scorecard from its game and what it shows from the catalog (`ratingChanges(of:in:)`).
    public func scorecard(_ entry: SiteGame, ratingChanges changes: [RatingChangeView]) throws(Diagnostic) -> SiteFile {
        let path = SiteCatalog.path(of: entry)
        let view = scorecardView(entry, ratingChanges: changes)
        return SiteFile(path: path, bytes: try templates.renderBytes(view, with: "scorecard", page: path, texts: texts))
    }

    func scorecardView(_ entry: SiteGame, ratingChanges changes: [RatingChangeView]) -> ScorecardView {
        let game = entry.game
        let path = SiteCatalog.path(of: entry)
        let notes = game.notes.allSatisfy(\.isWhitespace) ? nil : markdown.html(game.notes)
        // A team game's header names the winning teams; their players are in the standings.
        let winners = game.winnerNames
        var view = ScorecardView(
            page: settings.page(
                path, title: game.title,
                description: texts.format(
                    .scorecardDescription, ["kind": texts.kind(game.kind), "date": texts.day(game.date)])),
            title: game.title, kind: game.kind, kindLabel: texts.kind(game.kind),
            kindHref: SiteCatalog.path(ofKind: game.kind),
            date: game.date.text, dateLabel: texts.dateTime(game.date), dayLabel: texts.day(game.date),
            nightHref: SiteCatalog.path(ofNight: game.date.day),
            status: game.status.rawValue, statusLabel: texts.status(game.status),
            winners: winners.isEmpty ? nil : texts.names(winners), severalWinners: winners.count > 1,
            together: texts.sharedResult(of: game), boardgame: game.boardgameName,
            boardgameHref: game.bggID.map { "https://boardgamegeek.com/boardgame/\($0)" },
            location: game.location,
            duration: game.durationMinutes.map { texts.format(.durationMinutes, ["minutes": String($0)]) },
            notes: notes, ratingChanges: changes, hasRatingChanges: !changes.isEmpty
        )
        view.page.structuredData = StructuredData.scorecard(game, url: view.page.canonical, settings: settings)
        view.page.card = meta(card(for: entry))
        switch game.content {
        case .scores(let scores): view.scores = ScoresView(scores, title: game.title, texts: texts)
        case .bowling(let bowling): view.bowling = BowlingView(bowling, entry: entry, texts: texts)
        case .fifteen(let puzzle): view.fifteen = FifteenView(puzzle, entry: entry, texts: texts)
        }
        return view
    }

    public var stylesheet: SiteFile { SiteFile(path: "style.css", contents: templates.stylesheet) }

    /// A game's own files: its scorecard, which draws its sheets and boards inline.
    public func files(for entry: SiteGame, in catalog: SiteCatalog? = nil) throws(Diagnostic) -> [SiteFile] {
        try files(for: entry, ratingChanges: catalog.map { ratingChanges(of: entry, in: $0) } ?? [])
    }

    public func files(for entry: SiteGame, ratingChanges: [RatingChangeView]) throws(Diagnostic) -> [SiteFile] {
        [try scorecard(entry, ratingChanges: ratingChanges)]
    }

    /// Every file of the site, in memory (tests; `gamenight build` streams them to disk instead).
    public func site(_ games: [SiteGame]) throws(Diagnostic) -> [SiteFile] {
        let catalog = SiteCatalog(games, statistics: settings.statistics)
        var renderer = self
        renderer.boardgameFigures = BoardgameFigures(catalog)
        renderer.years = YearInReview.byYear(catalog.games.map { FiledGame($0) }, ratings: catalog.statistics.ratings)
        var files = [stylesheet]
        for entry in catalog.games { files += try renderer.files(for: entry, in: catalog) }
        for page in renderer.pages(catalog) { files.append(try renderer.render(page, catalog)) }
        return files
    }
}

struct ScorecardView: Encodable {
    var page: PageInfo
    var title: String
    var kind: GameKind
    var kindLabel: String
    var kindHref: String
    var date: String
    var dateLabel: String
    var dayLabel: String
    var nightHref: String
    var status: String
    var statusLabel: String
    // Optional, not empty: Mustache treats an empty string as true.
    var winners: String?
    var severalWinners: Bool
    /// "Won together" or "Lost together": a finished cooperative game's result.
    var together: String?
    /// The board game, when the file names it, and its BoardGameGeek page.
    var boardgame: String?
    var boardgameHref: String?
    /// `location:` and `duration:` (an imported play's), when the file has them.
    var location: String?
    var duration: String?
    var notes: String?
    /// Each rated player's rating change in this game, in the game's player order.
    var ratingChanges: [RatingChangeView]
    var hasRatingChanges: Bool
    var scores: ScoresView? = nil
    var bowling: BowlingView? = nil
    var fifteen: FifteenView? = nil
}
