public import GameDomain

/// The link-preview cards of scorecards, nights, players and years: the title, the date, the
/// winner and the top of the standings. Nil when the site has no cards (`SiteSettings.cardsShown`).
/// A card draws only on what its page shows, so a page's dependencies (`SiteDependencies`) are
/// its card's too.
extension SiteRenderer {
    /// A game's card: its winners (or how it stands) and its first places.
    public func card(for entry: SiteGame) -> LinkCard? {
        guard settings.cardsShown else { return nil }
        let game = entry.game
        let winners = game.winnerNames
        let headline =
            winners.isEmpty
            ? texts.sharedResult(of: game) ?? texts.status(game.status)
            : labelled(winners.count > 1 ? .winnersTie : .winner, texts.names(winners))
        // Best place first (the results are in the file's order); unplaced last, in that order.
        let ranked = entry.results.enumerated().sorted {
            ($0.element.place ?? .max, $0.offset) < ($1.element.place ?? .max, $1.offset)
        }.map(\.element)
        let rows = ranked.prefix(LinkCard.rowsShown).map { result in
            LinkCard.Row(
                place: result.place.map(texts.ordinal) ?? "–", name: result.player,
                value: result.score.map { String($0) } ?? (result.isWinner ? texts[.winnerMark] : ""))
        }
        return card(
            SiteCatalog.path(of: entry), title: game.title, date: texts.day(game.date), headline: headline, rows: rows)
    }

    /// A night's card: the night's leaderboard by wins.
    func card(forNight day: String, dayLabel: String, games: [SiteGame]) -> LinkCard? {
        guard settings.cardsShown else { return nil }
        let board = PlayerRecord.leaderboard(games).map { (name: $0.name, wins: $0.wins) }
        return card(
            SiteCatalog.path(ofNight: day), title: dayLabel,
            date: texts.count(games.count, .gameCountOne, .gameCountOther), byWins: board)
    }

    /// A player's card: their record and their latest games, newest first, with their place.
    func card(for player: SiteCatalog.Player, _ catalog: SiteCatalog) -> LinkCard? {
        guard settings.cardsShown else { return nil }
        let record = player.record
        let latest =
            player.games.last.flatMap {
                catalog.games.indices.contains($0) ? texts.day(catalog.games[$0].game.date) : nil
            } ?? ""
        let rows = player.games.suffix(LinkCard.rowsShown).reversed().compactMap { index -> LinkCard.Row? in
            guard catalog.games.indices.contains(index) else { return nil }
            let entry = catalog.games[index]
            let result = entry.results.first { catalog.playerSlug(named: $0.player) == player.slug }
            return LinkCard.Row(
                place: result?.place.map(texts.ordinal) ?? "–", name: entry.game.title,
                value: result?.isWinner == true ? texts[.winnerMark] : result?.score.map { String($0) } ?? "")
        }
        let headline =
            texts.count(record.wins, .winCountOne, .winCountOther) + " · "
            + texts.count(record.played, .finishedGameCountOne, .finishedGameCountOther)
        return card(SiteCatalog.path(of: player), title: record.name, date: latest, headline: headline, rows: rows)
    }

    /// A year's card: its players by wins.
    func card(for review: YearInReview, title: String, _ catalog: SiteCatalog) -> LinkCard? {
        guard settings.cardsShown else { return nil }
        let board = review.players.map {
            (name: catalog.statistics.player($0.identity)?.name ?? $0.identity, wins: $0.wins)
        }
        let date =
            texts.count(review.plays, .playCountOne, .playCountOther) + " · "
            + texts.count(review.nights, .nightCountOne, .nightCountOther)
        return card(SiteCatalog.path(ofYear: review.year), title: title, date: date, byWins: board)
    }

    /// The head's view of a card.
    func meta(_ card: LinkCard?) -> CardMeta? {
        guard let card, let baseURL = settings.baseURL else { return nil }
        // The address changes with the picture (its SVG and what draws it): chat apps keep a
        // preview by its image's address, and would show an edited game's old winner for days.
        return CardMeta(
            url: baseURL.absolute(card.path) + "?v=" + Slug.fnv1a(settings.cardVersion + card.svg.render()),
            alt: card.alt)
    }

    /// A card whose standings are wins: most wins first (the order given among equals), ties share a place.
    private func card(_ page: String, title: String, date: String, byWins board: [(name: String, wins: Int)])
        -> LinkCard
    {
        let ranked = board.enumerated().sorted { ($1.element.wins, $0.offset) < ($0.element.wins, $1.offset) }.map(
            \.element)
        let top = ranked.first?.wins ?? 0
        let winners = top > 0 ? ranked.filter { $0.wins == top }.map(\.name) : []
        let rows = ranked.prefix(LinkCard.rowsShown).map { row in
            LinkCard.Row(
                place: texts.ordinal(1 + ranked.count { $0.wins > row.wins }), name: row.name,
                value: texts.count(row.wins, .winCountOne, .winCountOther))
        }
        return card(
            page, title: title, date: date,
            headline: winners.isEmpty ? nil : labelled(winners.count > 1 ? .winnersTie : .winner, texts.names(winners)),
            rows: rows)
    }

    private func card(_ page: String, title: String, date: String, headline: String?, rows: [LinkCard.Row]) -> LinkCard
    {
        LinkCard(
            path: LinkCard.path(of: page), language: settings.language, siteTitle: settings.title ?? texts[.siteTitle],
            title: title, date: date,
            headline: headline, rows: rows)
    }

    /// `Winner: Ann`, `勝者：花子`: a space only after a Latin colon.
    private func labelled(_ key: TextKey, _ names: String) -> String {
        let label = texts[key]
        return label.hasSuffix(":") ? label + " " + names : label + names
    }
}
