/// A game with the name of its page, as the site publishes it.
public struct SiteGame: Sendable, Hashable {
    /// Boxed: pages and builds copy games about by the thousand, and a `Game` holds a score of
    /// references, each retained on a copy, from every core at once; the box is one.
    private final class Box: Sendable {
        let game: Game
        let results: [PlayerResult]
        init(_ game: Game, results: [PlayerResult]? = nil) {
            self.game = game
            self.results = results ?? game.results
        }
    }

    private var box: Box
    public var game: Game {
        _read { yield box.game }
        set { box = Box(newValue) }
    }

    /// `game.results`, worked out once: every page that lists the game asks for them (each of
    /// its players' pages, rows of lists), and ranking a game again for each was 3 % of a build.
    public var results: [PlayerResult] { box.results }

    /// The game with these notes: notes change no result, so they are not worked out again.
    public mutating func setNotes(_ notes: String) {
        var game = box.game
        game.notes = notes
        box = Box(game, results: box.results)
    }
    /// The page's file name without `.html`: safe, unique in the site, stable across builds.
    public var slug: String
    /// The game file's path in the source folder: statistics take games of the same date in
    /// path order. The slug stands in when there is no file.
    public var file: String

    public init(game: Game, slug: String, file: String? = nil) {
        box = Box(game)
        self.slug = slug
        self.file = file ?? slug
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
    public var customMirror: Mirror { Mirror(self, children: ["game": game, "slug": slug, "file": file], displayStyle: .struct) }
}
