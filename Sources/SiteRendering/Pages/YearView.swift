import GameDomain

/// What `year.mustache` shows: one year in review, every figure computed beforehand
/// (`YearInReview`). A section without data is empty and left out, never shown as zero.
struct YearView: Encodable {
    struct Link: Encodable {
        var name: String
        var href: String
        var separator: String
    }
    /// `href` links the whole value; `links` follow it, a list of names.
    /// `value` (a link when `href` is there), then `links`, then `after`.
    struct Fact: Encodable {
        var label: String
        var value: String
        var href: String?
        var links: [Link] = []
        var after = ""
    }
    struct Played: Encodable {
        var name: String
        var href: String
        var plays: String
    }
    struct Card: Encodable {
        var name: String
        var playerHref: String
        var facts: [Fact]
    }

    var page: PageInfo
    var title: String
    var nights: Int
    var plays: Int
    var hours: String?
    var mostPlayed: [Played]
    var hasMostPlayed: Bool
    var highlights: [Fact]
    var hasHighlights: Bool
    var players: [Card]
    var hasPlayers: Bool
    var bowling: [Fact]
    var hasBowling: Bool
    var puzzle: [Fact]
    var hasPuzzle: Bool
    var note: String
    var older: YearLink?
    var newer: YearLink?

    init(_ review: YearInReview, page: PageInfo, catalog: SiteCatalog, older: String?, newer: String?, texts: SiteTexts)
    {
        self.page = page
        title = texts.format(.yearTitle, ["year": review.year])
        nights = review.nights
        plays = review.plays
        if review.timedPlays > 0 {
            hours = texts.format(
                .hoursValue,
                [
                    "hours": decimal(Double(review.minutes) / 60), "timed": "\(review.timedPlays)",
                    "plays": "\(review.plays)",
                ])
        }
        func name(_ identity: String) -> String { catalog.statistics.player(identity)?.name ?? identity }
        func names(_ identities: [String]) -> String { texts.names(identities.map(name)) }
        /// "A, B and C", each name a link.
        func links(_ items: [(name: String, href: String)]) -> [Link] {
            items.enumerated().map { index, item in
                Link(
                    name: item.name, href: item.href,
                    separator: index == 0 ? "" : index == items.count - 1 ? texts[.listLast] : texts[.listSeparator])
            }
        }
        /// "300: Marta and Bo", each holder a link to their page.
        func held(_ value: String, by holders: [String], _ label: String) -> Fact {
            guard let (before, after) = texts.format(.heldBy, around: "names", ["value": value]) else {
                return Fact(label: label, value: texts.format(.heldBy, ["value": value, "names": names(holders)]))
            }
            return Fact(
                label: label, value: before, links: links(holders.map { (name($0), catalog.playerPath(name($0))) }),
                after: after)
        }
        func held<Value>(_ best: YearInReview.Best<Value>?, _ label: String, _ value: (Value) -> String) -> Fact? {
            best.map { held(value($0.value), by: $0.players, label) }
        }
        mostPlayed = review.mostPlayed.map {
            Played(
                name: catalog.name(of: $0.boardgame, texts: texts), href: catalog.path(of: $0.boardgame),
                plays: texts.count($0.plays, .playCountOne, .playCountOther))
        }
        hasMostPlayed = !mostPlayed.isEmpty
        func game(_ margin: ScoreDistribution.Margin?, _ label: TextKey) -> Fact? {
            guard let margin else { return nil }
            let entry = catalog.game(file: margin.file)
            let result = texts.format(
                margin.margin == 0 ? .marginTie : .marginText,
                ["best": "\(margin.best)", "second": "\(margin.runnerUp)", "margin": "\(margin.margin)"])
            return Fact(
                label: texts[label], value: (entry?.game.title ?? margin.file) + " · " + result,
                href: entry.map(SiteCatalog.path(of:)))
        }
        var highlights: [Fact?] = []
        if !review.newPlayers.isEmpty {
            highlights.append(
                Fact(
                    label: texts[.newPlayers], value: "",
                    links: links(review.newPlayers.map { (name($0), catalog.playerPath(name($0))) })))
        }
        if !review.newBoardgames.isEmpty {
            highlights.append(
                Fact(
                    label: texts[.newBoardgames], value: "",
                    links: links(
                        review.newBoardgames.map { (catalog.name(of: $0, texts: texts), catalog.path(of: $0)) })))
        }
        highlights += [
            game(review.closestGame, .closestGame), game(review.biggestWin, .biggestWin),
            held(review.longestStreak, texts[.longestStreak]) { texts.count($0, .winCountOne, .winCountOther) },
            catalog.statistics.settings.ratings
                ? held(review.ratingClimb, texts[.ratingClimb]) { decimal($0, signed: true) } : nil,
        ]
        self.highlights = highlights.compactMap { $0 }
        hasHighlights = !self.highlights.isEmpty
        players = review.players.map { year in
            let player = name(year.identity)
            var facts = [
                Fact(label: texts[.plays], value: "\(year.plays)"),
                Fact(
                    label: texts[.wins],
                    value: texts.format(.winsOfGames, ["wins": "\(year.wins)", "games": "\(year.plays)"])),
            ]
            if let nemesis = year.nemesis {
                let opponent = name(nemesis.opponent)
                facts.append(
                    Fact(
                        label: texts[.nemesis],
                        value: texts.format(
                            .nemesisText,
                            [
                                "name": opponent, "behind": "\(nemesis.behind)",
                                "games": texts.count(nemesis.games, .gameCountOne, .gameCountOther),
                            ]), href: catalog.playerPath(opponent)))
            }
            if let favourite = year.favourite {
                facts.append(
                    Fact(
                        label: texts[.favouriteBoardgame],
                        value: catalog.name(of: favourite.boardgame, texts: texts) + " · "
                            + texts.count(favourite.plays, .playCountOne, .playCountOther),
                        href: catalog.path(of: favourite.boardgame)))
            }
            return Card(name: player, playerHref: catalog.playerPath(player), facts: facts)
        }
        hasPlayers = !players.isEmpty
        var bowling = [
            held(review.bestGame, texts[.highGame]) { "\($0)" },
            held(review.bestSeries, texts[.highSeries]) { "\($0)" },
        ]
        if let first = review.mostImproved.first {
            bowling.append(
                held(
                    texts.format(
                        .improvementText,
                        ["before": "\(first.before)", "after": "\(first.after)", "gain": "\(first.gain)"]),
                    by: review.mostImproved.map(\.player), texts[.mostImproved]))
        }
        self.bowling = bowling.compactMap { $0 }
        hasBowling = !self.bowling.isEmpty
        puzzle = review.puzzle.flatMap { bests -> [Fact?] in
            let size = "\(bests.size)×\(bests.size)"
            return [
                held(bests.fastest, texts.format(.fastestSolve, ["size": size])) {
                    FifteenView.duration($0, texts: texts)
                },
                held(bests.bestEfficiency, texts.format(.bestEfficiencyOf, ["size": size])) { texts.percent($0) },
            ]
        }.compactMap { $0 }
        hasPuzzle = !puzzle.isEmpty
        note = texts.format(.yearNote, ["year": review.year])
        self.older = older.map {
            YearLink(href: SiteCatalog.path(ofYear: $0), label: texts.format(.yearTitle, ["year": $0]))
        }
        self.newer = newer.map {
            YearLink(href: SiteCatalog.path(ofYear: $0), label: texts.format(.yearTitle, ["year": $0]))
        }
    }
}
