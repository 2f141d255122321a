import GameDomain

/// The statistics part of a player's page: rating and its chart, head-to-head, streaks,
/// board games, bowling and puzzle figures.
struct PlayerStatisticsView: Encodable {
    struct Fact: Encodable {
        var label: String
        var value: String
        var href: String?
    }
    struct Rating: Encodable {
        var ordinal: String
        var mu: String
        var sigma: String
        var games: Int
    }
    struct Opponent: Encodable {
        var player: String
        var href: String
        var games: Int
        var ahead: Int
        var behind: Int
        var tied: Int
    }
    struct Played: Encodable {
        var name: String
        var href: String
        var plays: Int
        var wins: Int
        var rating: String?
    }
    struct Bowling: Encodable {
        var facts: [Fact]
        var chart: String
        var handicapNote: String?
    }
    struct PuzzleBest: Encodable {
        var size: String
        var fewestMoves: String
        var fastest: String
        var efficiency: String
    }
    struct Race: Encodable {
        var href: String
        var title: String
        var date: String
        var day: String
        var size: String
        var solved: String
        var moves: Int
        var movesPerSecond: String
        var efficiency: String
    }
    struct Puzzle: Encodable {
        var facts: [Fact]
        var races: [Race]
        var racesCaption: String
        var bests: [PuzzleBest]
        var hasBests: Bool
    }

    var rating: Rating?
    var ratingChart: String?
    var facts: [Fact]
    var hasFacts: Bool
    var headToHead: [Opponent]
    var hasHeadToHead: Bool
    var boardgames: [Played]
    var hasBoardgames: Bool
    var bowling: Bowling?
    var puzzle: Puzzle?

    /// `shown`: races listed, the newest (all of them are in the player's list of games).
    init(identity: String, catalog: SiteCatalog, shown: Int = .max, texts: SiteTexts) {
        let statistics = catalog.statistics
        let player = statistics.player(identity)
        let name = player?.name ?? identity
        func display(_ identity: String) -> String { statistics.player(identity)?.name ?? identity }
        if statistics.settings.ratings, let overall = statistics.ratings.overall[identity] {
            rating = Rating(
                ordinal: decimal(overall.rating.ordinal), mu: decimal(overall.rating.mu),
                sigma: decimal(overall.rating.sigma), games: overall.games)
            ratingChart = TrendChart.rating(overall, name: name, texts: texts).render()
        }
        var facts: [Fact] = []
        if let nemesis = player?.nemesis {
            let opponent = display(nemesis.opponent)
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
        if let streak = player?.streak {
            facts.append(
                Fact(label: texts[.currentStreak], value: texts.count(streak.current, .winCountOne, .winCountOther)))
            facts.append(
                Fact(label: texts[.longestStreak], value: texts.count(streak.longest, .winCountOne, .winCountOther)))
        }
        if let favourite = player?.favourite {
            facts.append(
                Fact(
                    label: texts[.favouriteBoardgame],
                    value: catalog.name(of: favourite.boardgame, texts: texts) + " · "
                        + texts.count(favourite.plays, .playCountOne, .playCountOther),
                    href: catalog.path(of: favourite.boardgame)))
        }
        self.facts = facts
        hasFacts = !facts.isEmpty
        headToHead = (player?.headToHead ?? []).map {
            let opponent = display($0.opponent)
            return Opponent(
                player: opponent, href: catalog.playerPath(opponent), games: $0.games, ahead: $0.ahead,
                behind: $0.behind, tied: $0.tied)
        }
        hasHeadToHead = !headToHead.isEmpty
        boardgames = (player?.boardgames ?? []).map { plays in
            Played(
                name: catalog.name(of: plays.boardgame, texts: texts), href: catalog.path(of: plays.boardgame),
                plays: plays.plays, wins: plays.wins,
                rating: statistics.settings.ratings
                    ? statistics.rating(of: identity, in: plays.boardgame).map { decimal($0.rating.ordinal) } : nil)
        }
        hasBoardgames = !boardgames.isEmpty
        if let bowler = player?.bowling {
            func fraction(_ part: Int, _ total: Int) -> String {
                texts.format(
                    .fractionOf,
                    [
                        "value": total == 0 ? "–" : texts.percent(Double(part) / Double(total)), "part": "\(part)",
                        "total": "\(total)",
                    ])
            }
            var facts = [
                Fact(label: texts[.average], value: "\(bowler.average)"),
                Fact(label: texts[.highGame], value: "\(bowler.highGame)"),
                Fact(label: texts[.highSeries], value: "\(bowler.highSeries)"),
                Fact(label: texts[.strikes], value: fraction(bowler.strikes, bowler.strikeChances)),
                Fact(label: texts[.spares], value: fraction(bowler.spares, bowler.spareChances)),
                Fact(label: texts[.openFrames], value: "\(bowler.openFrames)"),
                Fact(label: texts[.splitsConverted], value: fraction(bowler.splitsConverted, bowler.splits)),
                Fact(label: texts[.cleanGames], value: fraction(bowler.cleanGames, bowler.games)),
            ]
            var note: String?
            if let handicap = statistics.settings.handicap {
                facts.insert(Fact(label: texts[.withHandicap], value: "\(bowler.handicapAverage)"), at: 1)
                facts.insert(Fact(label: texts[.handicap], value: "\(handicap.pins(average: bowler.average))"), at: 2)
                note = texts.format(
                    .handicapNote, ["percentage": "\(handicap.percentage)", "basis": "\(handicap.basis)"])
            }
            bowling = Bowling(
                facts: facts, chart: TrendChart.average(bowler, name: name, texts: texts, catalog: catalog).render(),
                handicapNote: note)
        }
        if let racer = player?.puzzle {
            let facts = [
                Fact(label: texts[.races], value: "\(racer.races.count)"),
                Fact(label: texts[.solved], value: "\(racer.solved)"),
            ]
            // Newest first, as the page's list of games.
            let races = racer.races.reversed().prefix(shown).map { race in
                let entry = catalog.game(file: race.file)
                return Race(
                    href: entry.map(SiteCatalog.path(of:)) ?? "", title: entry?.game.title ?? race.file,
                    date: race.date.text,
                    day: texts.day(race.date), size: "\(race.size)×\(race.size)",
                    solved: race.solved ? texts[.yes] : texts[.no],
                    moves: race.moves, movesPerSecond: race.movesPerSecond.map { decimal($0) } ?? "–",
                    efficiency: race.efficiency.map(texts.percent) ?? "–")
            }
            let caption = racer.races.count > shown ? texts.format(.latestRaces, ["count": "\(shown)"]) : texts[.races]
            puzzle = Puzzle(
                facts: facts, races: races, racesCaption: caption,
                bests: racer.bests.map { best in
                    PuzzleBest(
                        size: "\(best.size)×\(best.size)",
                        fewestMoves: best.fewestMoves.map { texts.count($0.value, .moveCountOne, .moveCountOther) }
                            ?? "–",
                        fastest: best.fastest.map { FifteenView.duration($0.value, texts: texts) } ?? "–",
                        efficiency: best.bestEfficiency.map { texts.percent($0.value) } ?? "–")
                }, hasBests: !racer.bests.isEmpty)
        }
    }
}
