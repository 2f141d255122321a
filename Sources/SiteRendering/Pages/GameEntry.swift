import GameDomain

/// One game in a list of games (index, night, kind pages); templates see its stored
/// properties (through `Encodable`). `href` is relative to the site's root; templates prefix `{{page.root}}`.
struct GameEntry: Encodable {
    var href: String, title: String, kind: GameKind, kindLabel: String, date: String, time: String?
    var finished: Bool, statusLabel: String, winners: String?
    /// A finished cooperative game's shared result.
    var together: String?
    /// A score keeper's board game, unless it is the title: lists show it for the kind.
    var boardgame: String?

    init(_ entry: SiteGame, texts: SiteTexts) {
        let game = entry.game
        href = SiteCatalog.path(of: entry)
        title = game.title
        kind = game.kind
        kindLabel = texts.kind(game.kind)
        date = game.date.text
        time = game.date.time
        finished = game.status == .finished
        statusLabel = texts.status(game.status)
        winners = texts.winners(of: entry)
        together = texts.sharedResult(of: game)
        if case .named(let name) = game.boardgame, name != game.title { boardgame = name }
    }
}
