/// A game with the name of its page, as the site publishes it.
public struct SiteGame: Sendable, Hashable {
    /// Boxed: pages and builds copy games about by the thousand, and a `Game` holds a score of
    /// references, each retained on a copy, from every core at once; the box is one.
    private final class Box: Sendable {
        let game: Game
        init(_ game: Game) { self.game = game }
    }

    private var box: Box
    public var game: Game {
        _read { yield box.game }
        set { box = Box(newValue) }
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
