public import GameDomain

/// The site's search index: script files that `search.html` loads when it opens, so no other
/// page pays for them, and that a browser loads from the built folder with no server (a
/// `fetch` of a `file:` URL is refused; a `<script>` is not). One file holds the names (players,
/// board games, kinds); each year's file holds its nights and games, so a changed game renders
/// its year's file again and no other.
///
/// A file is one call, `gamenightSearch([row, …])`. A row is `[type, href, title, detail, terms]`:
/// `type` is 0 a player, 1 a board game, 2 a kind, 3 a night, 4 a game; `href` is relative to the
/// site's root. The title and `terms` are matched (a game's date, board game and players; a
/// night's day); `detail` is only shown (a night's game count, a game's winner). Every string is a JSON
/// string escaped for a script (`Escape.scriptJSON`), and the page puts them into the document
/// as text, never as markup.
public enum SearchIndex {
    public enum Shard: Sendable, Hashable {
        case names
        /// A year, `YYYY`: its nights and their games.
        case year(String)

        public var path: String {
            switch self {
            case .names: "search/names.js"
            case .year(let year): "search/\(year).js"
            }
        }
    }

    enum RowType: Int {
        case player = 0
        case boardgame, kind, night, game
    }

    /// Every shard of the catalog: the names, then each year with a night, newest first.
    public static func shards(_ catalog: SiteCatalog) -> [Shard] {
        var years: [String] = []
        for night in catalog.nights {
            let year = year(of: night)
            if years.last != year { years.append(year) }
        }
        return [.names] + years.map(Shard.year)
    }

    /// The shard's address as the search page names it: its path and `?v=` with a hash of its
    /// bytes. A cache (a CDN's, a browser's) keeps a file by its address, so a changed shard gets
    /// a new one and an unchanged shard keeps its own.
    static func address(_ shard: Shard, _ catalog: SiteCatalog, texts: SiteTexts) -> String {
        address(shard, script: script(shard, catalog, texts: texts))
    }

    /// The address of the shard whose file is `script`.
    static func address(_ shard: Shard, script: String) -> String { shard.path + "?v=" + Slug.fnv1a(script) }

    /// `YYYY` of a `YYYY-MM-DD` night.
    static func year(of night: String) -> String { String(night.prefix(4)) }

    /// The nights of `year`, newest first (`catalog.nights`' order). They are one run of that
    /// sorted list, found by bisection: every year's file and unit asks, and a scan each would
    /// cost years × nights.
    public static func nights(of year: String, in catalog: SiteCatalog) -> ArraySlice<String> {
        let nights = catalog.nights
        // Newest first: the nights after `bound` come first.
        func firstBefore(_ bound: String) -> Int {
            var low = nights.startIndex
            var high = nights.endIndex
            while low < high {
                let middle = low + (high - low) / 2
                if nights[middle] < bound { high = middle } else { low = middle + 1 }
            }
            return low
        }
        // `YYYY-MM-DD` of `year` lies between `year` and `year~` ("~" sorts after "-").
        return nights[firstBefore(year + "~")..<firstBefore(year)]
    }

    static func script(_ shard: Shard, _ catalog: SiteCatalog, texts: SiteTexts) -> String {
        var rows: [[String]] = []
        switch shard {
        case .names:
            // In path order, not the leaderboard's or the plays': a game played moves neither.
            for player in catalog.players.sorted(by: { $0.slug < $1.slug }) {
                rows.append(["\(RowType.player.rawValue)", SiteCatalog.path(of: player), player.record.name, "", ""])
            }
            let named = catalog.statistics.boardgames.map(\.boardgame).filter { catalog.boardgameSlugs[$0] != nil }
            for (boardgame, path) in named.map({ ($0, catalog.path(of: $0)) }).sorted(by: { $0.1 < $1.1 }) {
                rows.append(["\(RowType.boardgame.rawValue)", path, catalog.name(of: boardgame, texts: texts), "", ""])
            }
            for kind in catalog.kinds {
                rows.append(["\(RowType.kind.rawValue)", SiteCatalog.path(ofKind: kind), texts.kind(kind), "", ""])
            }
        case .year(let year):
            for night in nights(of: year, in: catalog) {
                let games = catalog.games(on: night)
                let day = games.first.map { texts.day($0.game.date) } ?? night
                rows.append([
                    "\(RowType.night.rawValue)", SiteCatalog.path(ofNight: night), day,
                    texts.count(games.count, .gameCountOne, .gameCountOther), night,
                ])
                // Latest first, as the nights are.
                for entry in games.reversed() {
                    let game = entry.game
                    let what =
                        if case .named(let name) = game.boardgame, name != game.title { Escape.closingBidi(name) } else
                        { texts.kind(game.kind) }
                    let result = texts.winners(of: entry) ?? texts.sharedResult(of: game)
                    let date = String(game.date.text.prefix(10))
                    let detail = [date, what, result].compactMap { $0 }.joined(separator: " · ")
                    rows.append([
                        "\(RowType.game.rawValue)", SiteCatalog.path(of: entry), game.title, detail,
                        ([date, what] + game.players).joined(separator: " "),
                    ])
                }
            }
        }
        var script = "gamenightSearch(["
        for (number, row) in rows.enumerated() {
            script += number == 0 ? "\n[" : ",\n["
            // The type is a number; the rest are strings.
            script +=
                row[0] + "," + row.dropFirst().map { Escape.scriptJSON(Escape.closingBidi($0)) }.joined(separator: ",")
                + "]"
        }
        return script + "\n]);\n"
    }
}
