public import GameDomain

/// A game with the name of its page, as the site publishes it.
public struct SiteGame: Sendable, Hashable {
    public var game: Game
    /// The page's file name without `.html`: safe, unique in the site, stable across builds.
    public var slug: String

    public init(game: Game, slug: String) {
        self.game = game
        self.slug = slug
    }
}

/// A file of the site: a path relative to the site's root, and its contents.
public struct SiteFile: Sendable, Hashable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// Renders the site's pages from games. Pure: it returns files and never touches the disk.
public struct SiteRenderer: Sendable {
    public var templates: Templates
    public var markdown: Markdown

    public init(templates: Templates, markdown: Markdown = Markdown()) {
        self.templates = templates
        self.markdown = markdown
    }

    public static func scorecardPath(for game: SiteGame) -> String { "games/\(game.slug).html" }

    /// The index: games grouped by night, newest night first, newest game first within a night.
    public func index(_ games: [SiteGame]) -> SiteFile {
        let nights = Dictionary(grouping: games) { $0.game.date.day }
            .sorted { $0.key > $1.key }
            .map { day, games in
                IndexView.Night(
                    day: day,
                    dayLabel: games.first.map { Labels.day($0.game.date) } ?? day,
                    games: games.sorted { ($0.game.date, $1.slug) > ($1.game.date, $0.slug) }.map(IndexView.Entry.init)
                )
            }
        let view = IndexView(
            root: "", pageTitle: "Game nights",
            description: "Scores, winners and notes from \(games.count) game\(games.count == 1 ? "" : "s").",
            nights: nights, bowling: BowlingStandingsView(games)
        )
        return SiteFile(path: "index.html", contents: templates.render(view, with: "index"))
    }

    public func scorecard(_ entry: SiteGame) -> SiteFile {
        let game = entry.game
        let notes = game.notes.allSatisfy(\.isWhitespace) ? nil : markdown.html(game.notes)
        var view = ScorecardView(
            root: "../", pageTitle: game.title, description: "\(Labels.kind(game.kind)) on \(Labels.day(game.date))",
            title: game.title, kind: game.kind, kindLabel: Labels.kind(game.kind), date: game.date.text,
            dateLabel: Labels.dateTime(game.date), status: game.status.rawValue, statusLabel: Labels.status(game.status),
            winners: game.winners.isEmpty ? nil : Labels.names(game.winners), severalWinners: game.winners.count > 1, notes: notes
        )
        switch game.content {
        case .scores(let scores): view.scores = ScoresView(scores, title: game.title)
        case .bowling(let bowling): view.bowling = BowlingView(bowling, entry: entry)
        case .fifteen(let puzzle): view.fifteen = FifteenView(puzzle, entry: entry)
        }
        return SiteFile(path: Self.scorecardPath(for: entry), contents: templates.render(view, with: "scorecard"))
    }

    public var stylesheet: SiteFile { SiteFile(path: "style.css", contents: templates.stylesheet) }

    /// Every file of the site.
    public func site(_ games: [SiteGame]) -> [SiteFile] {
        [index(games), stylesheet] + games.flatMap { [scorecard($0)] + bowlingSheets($0) + puzzleFiles($0) }
    }
}

struct IndexView {
    struct Entry {
        var href: String, title: String, kind: String, kindLabel: String, date: String, time: String?
        var finished: Bool, statusLabel: String, winners: String?

        init(_ entry: SiteGame) {
            let game = entry.game
            href = SiteRenderer.scorecardPath(for: entry)
            title = game.title
            kind = game.kind
            kindLabel = Labels.kind(game.kind)
            date = game.date.text
            time = game.date.time
            finished = game.status == .finished
            statusLabel = Labels.status(game.status)
            winners = game.winners.isEmpty ? nil : Labels.names(game.winners)
        }
    }

    struct Night { var day: String; var dayLabel: String; var games: [Entry] }

    var root: String
    var pageTitle: String
    var description: String
    var nights: [Night]
    var bowling: BowlingStandingsView?
}

struct ScorecardView {
    var root: String
    var pageTitle: String
    var description: String
    var title: String
    var kind: String
    var kindLabel: String
    var date: String
    var dateLabel: String
    var status: String
    var statusLabel: String
    // Optional, not empty: Mustache treats an empty string as true.
    var winners: String?
    var severalWinners: Bool
    var notes: String?
    var scores: ScoresView? = nil
    var bowling: BowlingView? = nil
    var fifteen: FifteenView? = nil
}
