import GameDomain

/// A board game's "Scores": winning and average scores by player count, a histogram of every
/// score, and its closest games and biggest margins, each linked to its scorecard.
struct ScoreDistributionView: Encodable {
    struct Count: Encodable {
        var players: Int
        var games: Int
        var winning: String
        var average: String
    }
    struct Margin: Encodable {
        var title: String
        var href: String?
        var date: String
        var day: String
        var result: String
    }

    var byPlayerCount: [Count]
    var histogram: String
    var closest: [Margin]
    /// "Closest games", or "Margins" when every game with a margin is in it.
    var closestHeading: String
    /// Empty when it would list the closest games again, the other way round.
    var biggest: [Margin]
    var hasMargins: Bool
    var hasBiggest: Bool
    var note: String

    /// Nil when no game of the board game counts (team games only, or no scores).
    init?(_ distribution: ScoreDistribution?, name: String, catalog: SiteCatalog, texts: SiteTexts) {
        guard let distribution, distribution.games > 0, !distribution.scores.isEmpty else { return nil }
        byPlayerCount = distribution.byPlayerCount.map { group in
            Count(
                players: group.players, games: group.games,
                winning: group.winningScore.value.map { decimal($0) } ?? "–",
                average: group.score.value.map { decimal($0) } ?? "–")
        }
        histogram = ScoreHistogram.svg(distribution.scores, name: name, texts: texts).render()
        func margin(_ margin: ScoreDistribution.Margin) -> Margin {
            let game = catalog.game(file: margin.file)
            let numbers: KeyValuePairs<String, String> = [
                "best": "\(margin.best)", "second": "\(margin.runnerUp)", "margin": "\(margin.margin)",
            ]
            return Margin(
                title: game?.game.title ?? margin.file, href: game.map(SiteCatalog.path(of:)), date: margin.date.text,
                day: texts.day(margin.date),
                result: texts.format(margin.margin == 0 ? .marginTie : .marginText, numbers))
        }
        closest = distribution.closest.map(margin)
        // With `shown` games or fewer, both lists hold every game: one list says it all.
        let everyGame = Set(distribution.closest.map(\.file)) == Set(distribution.biggest.map(\.file))
        closestHeading = texts[everyGame ? .margins : .closestGames]
        biggest = everyGame ? [] : distribution.biggest.map(margin)
        hasMargins = !closest.isEmpty
        hasBiggest = !biggest.isEmpty
        note = texts.format(.scoresNote, ["games": texts.count(distribution.games, .gameCountOne, .gameCountOther)])
    }
}
