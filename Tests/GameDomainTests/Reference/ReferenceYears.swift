@testable import GameDomain

/// docs/STATISTICS.md's year in review, written out again plainly: each figure one filter over
/// the year's finished plays, built on the other references (players, the games table, bowling,
/// races, ratings) rather than on the tallies.
enum ReferenceYears {
    static func year(_ date: GameDate) -> String { String(date.text.prefix(4)) }

    /// Everything but bowling, the puzzle and the rating climb, by year.
    static func reviews(_ plays: [Play]) -> [String: YearInReview] {
        let finished = plays.filter { $0.outcome != nil }
        var reviews: [String: YearInReview] = [:]
        for year in Set(finished.map { self.year($0.date) }) {
            let these = finished.filter { self.year($0.date) == year }
            let earlier = finished.filter { self.year($0.date) < year }
            var review = YearInReview(year: year)
            review.plays = these.count
            review.nights = Set(these.map(\.date.day)).count
            review.minutes = these.compactMap(\.minutes).reduce(0, +)
            review.timedPlays = these.count { $0.minutes != nil }
            review.mostPlayed = Array(ReferencePlays.table(these).prefix(3))
            let before = Set(earlier.flatMap(ReferencePlays.participants))
            for identity in these.flatMap(ReferencePlays.participants)
            where !before.contains(identity) && !review.newPlayers.contains(identity) {
                review.newPlayers.append(identity)
            }
            let boardgamesBefore = Set(earlier.map(\.boardgame))
            for boardgame in these.map(\.boardgame)
            where !boardgamesBefore.contains(boardgame) && !review.newBoardgames.contains(boardgame) {
                review.newBoardgames.append(boardgame)
            }
            let margins = these.compactMap(margin)
            let widest = margins.map(\.margin).max() ?? 0
            review.biggestWin = widest > 0 ? margins.first { $0.margin == widest } : nil
            let others = margins.filter { $0 != review.biggestWin }
            review.closestGame = others.first { $0.margin == others.map(\.margin).min() }
            let players = ReferencePlays.players(these)
            let longest = players.values.map(\.streak.longest).max() ?? 0
            if longest >= 2 {
                review.longestStreak = YearInReview.Best(
                    value: longest,
                    players: players.values.filter { $0.streak.longest == longest }.map(\.identity).sorted())
            }
            review.players = players.values.compactMap { player in
                let plays = player.boardgames.map(\.plays).reduce(0, +)
                return plays == 0
                    ? nil
                    : YearInReview.PlayerYear(
                        identity: player.identity, plays: plays, wins: player.boardgames.map(\.wins).reduce(0, +),
                        nemesis: player.nemesis, favourite: player.favourite)
            }.sorted { a, b in
                a.plays != b.plays ? a.plays > b.plays : a.wins != b.wins ? a.wins > b.wins : a.identity < b.identity
            }
            reviews[year] = review
        }
        return reviews
    }

    /// A score-keeper game where everyone played alone: best placed score less the next best.
    static func margin(_ play: Play) -> ScoreDistribution.Margin? {
        guard case .named = play.boardgame, case .ranked(let sides) = play.outcome,
            !sides.contains(where: { $0.players.count != 1 })
        else { return nil }
        let scores = play.results.filter { $0.place != nil }.compactMap(\.score)
        let ordered = play.scoreRule == .highest ? scores.sorted(by: >) : scores.sorted()
        guard ordered.count >= 2 else { return nil }
        return ScoreDistribution.Margin(file: play.file, date: play.date, best: ordered[0], runnerUp: ordered[1])
    }

    /// By year: who rose most from their ordinal before the year (the initial one if unrated)
    /// to after their last rated game in it.
    static func climbs(_ plays: [Play]) -> [String: YearInReview.Best<Double>] {
        let ratings = ReferenceRatings.ratings(plays)
        var rises: [String: [String: Double]] = [:]
        for (identity, rating) in ratings.overall {
            for year in Set(rating.history.map { self.year($0.date) }) {
                let start =
                    rating.history.last { self.year($0.date) < year }?.rating.ordinal ?? OpenSkill().initial.ordinal
                guard let end = rating.history.last(where: { self.year($0.date) == year })?.rating.ordinal else {
                    continue
                }
                rises[year, default: [:]][identity] = end - start
            }
        }
        return rises.compactMapValues { rises in
            guard let top = rises.values.max(), top > 0 else { return nil }
            return YearInReview.Best(value: top, players: rises.filter { $0.value == top }.keys.sorted())
        }
    }

    /// Bowling and the puzzle by year: the best line and series, the most improved average on
    /// the year before, and each board size's fastest solve and best efficiency.
    static func kinds(_ games: [FiledGame]) -> [String: YearInReview] {
        var reviews: [String: YearInReview] = [:]
        let years = Set(games.filter { $0.game.status == .finished }.map { year($0.game.date) })
        for year in years {
            let these = games.filter { self.year($0.game.date) == year }
            var review = YearInReview(year: year)
            let bowlers = ReferenceBowler.bowlers(these, handicap: nil)
            func best(_ value: (ReferenceBowler) -> Int) -> YearInReview.Best<Int>? {
                guard let top = bowlers.values.map(value).max() else { return nil }
                return YearInReview.Best(value: top, players: bowlers.filter { value($0.value) == top }.keys.sorted())
            }
            review.bestGame = best(\.highGame)
            review.bestSeries = best(\.highSeries)
            let before = ReferenceBowler.bowlers(
                games.filter { Int(self.year($0.game.date)).map { $0 + 1 } == Int(year) }, handicap: nil)
            let gains = bowlers.compactMap { identity, now in
                before[identity].map { (identity, $0.average, now.average) }
            }.filter { $0.2 > $0.1 }
            let top = gains.map { $0.2 - $0.1 }.max()
            review.mostImproved = gains.filter { $0.2 - $0.1 == top }.sorted { $0.0 < $1.0 }.map {
                YearInReview.Improvement(player: $0.0, before: $0.1, after: $0.2)
            }
            let races = ReferenceRaces.races(these).flatMap { identity, races in
                races.filter(\.solved).map { (identity, $0) }
            }
            review.puzzle = Set(races.map(\.1.size)).sorted().map { size in
                let sized = races.filter { $0.1.size == size }
                func best(_ value: (ReferenceRaces.Race) -> Double?, lowest: Bool) -> YearInReview.Best<Double>? {
                    let values = sized.compactMap { race in value(race.1).map { (race.0, $0) } }
                    guard let top = lowest ? values.map(\.1).min() : values.map(\.1).max() else { return nil }
                    return YearInReview.Best(value: top, players: Set(values.filter { $0.1 == top }.map(\.0)).sorted())
                }
                return YearInReview.PuzzleBests(
                    size: size, fastest: best({ $0.seconds }, lowest: true),
                    bestEfficiency: best({ $0.efficiency }, lowest: false))
            }
            reviews[year] = review
        }
        return reviews
    }
}
