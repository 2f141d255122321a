import GameDomain

/// `feed.xml`: an Atom feed of the latest games, with absolute links (needs `--base-url`).
/// Deterministic: its `updated` is the newest game's date, never the build time.
enum Feed {
    static let entries = 50

    static func xml(_ catalog: SiteCatalog, baseURL: BaseURL, settings: SiteSettings = SiteSettings()) -> String {
        let texts = settings.texts
        func timestamp(_ date: GameDate) -> String { date.timestamp(offset: settings.utcOffset?(date) ?? "Z") }
        let latest = catalog.games.suffix(entries).reversed()
        let home = Escape.markup(baseURL.absolute(""))
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom">
            <title>\(Escape.markup(settings.title ?? settings.texts[.indexTitle]))</title>
            <subtitle>\(Escape.markup(settings.description ?? texts.format(.indexDescription, ["games": texts.count(catalog.games.count, .gameCountOne, .gameCountOther)])))</subtitle>
            <link rel="alternate" type="text/html" href="\(home)"/>
            <link rel="self" type="application/atom+xml" href="\(Escape.markup(baseURL.absolute("feed.xml")))"/>
            <id>\(home)</id>
            <updated>\(latest.first.map { timestamp($0.game.date) } ?? "1970-01-01T00:00:00Z")</updated>
            <author><name>GameNight</name></author>
            <generator>GameNight</generator>

            """
        for entry in latest {
            let game = entry.game
            let url = Escape.markup(baseURL.absolute(SiteCatalog.path(of: entry)))
            let summary =
                texts.format(
                    .feedSummary,
                    [
                        "kind": texts.kind(game.kind), "date": texts.dateTime(game.date),
                        "status": texts.status(game.status),
                    ])
                + texts.result(of: entry)
            xml += """
                <entry>
                <title>\(Escape.markup(game.title))</title>
                <link rel="alternate" type="text/html" href="\(url)"/>
                <id>\(url)</id>
                <updated>\(timestamp(game.date))</updated>
                <summary>\(Escape.markup(summary))</summary>
                </entry>

                """
        }
        return xml + "</feed>\n"
    }
}
