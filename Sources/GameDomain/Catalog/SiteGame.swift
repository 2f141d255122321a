/// A game with the name of its page, as the site publishes it.
public struct SiteGame: Sendable, Hashable {
    /// Boxed, with its results: `RankedGame`.
    var box: RankedGame
    public var game: Game {
        _read { yield box.game }
        set { box = RankedGame(newValue) }
    }

    /// `game.results`, worked out once.
    public var results: [PlayerResult] { box.results }

    /// `game.winners`, worked out once.
    public var winners: [String] { box.winners }

    /// `game.winnerNames`, worked out once.
    public var winnerNames: [String] { box.winnerNames }

    /// The game with these notes: notes change no result, so they are not worked out again.
    public mutating func setNotes(_ notes: String) {
        var game = box.game
        game.notes = notes
        box = RankedGame(game, as: box)
    }
    /// The page's file name without `.html`: safe, unique in the site, stable across builds.
    public var slug: String
    /// The game file's path in the source folder: statistics take games of the same date in
    /// path order. The slug stands in when there is no file.
    public var file: String

    public init(game: Game, slug: String, file: String? = nil) {
        box = RankedGame(game)
        self.slug = slug
        self.file = file ?? slug
    }

    /// `game`, with `previous`'s results when they are the same game's: `serve` keeps the last
    /// build's games, and most are unchanged. Results read the content alone, and the names in
    /// them must be the same bytes (`==` takes canonically equivalent spellings for equal).
    public init(game: Game, slug: String, file: String, reusing previous: SiteGame?) {
        box =
            if let previous, previous.game.content == game.content,
                Game.sameSpellings(previous.game.spellings, game.spellings)
            {
                RankedGame(game, as: previous.box)
            } else {
                RankedGame(game)
            }
        self.slug = slug
        self.file = file
    }

    /// The same box, file and slug, in the same bytes: an unchanged game keeps its box between
    /// `serve`'s builds, so the catalog's memories know it without comparing its content.
    package static func sameBox(_ a: SiteGame, _ b: SiteGame) -> Bool {
        a.box === b.box && a.file.utf8.elementsEqual(b.file.utf8) && a.slug.utf8.elementsEqual(b.slug.utf8)
    }

    public static func == (a: SiteGame, b: SiteGame) -> Bool {
        a.slug == b.slug && a.file == b.file && (a.box === b.box || a.game == b.game)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(game)
        hasher.combine(slug)
        hasher.combine(file)
    }
}

extension SiteGame: CustomReflectable {
    /// The game, not its box, in `print` and test failures.
    public var customMirror: Mirror {
        Mirror(self, children: ["game": game, "slug": slug, "file": file], displayStyle: .struct)
    }
}
