import Foundation
public import GameDomain
import SiteRendering

/// `gamenight stats`: the statistics of a folder of games, as text or as one JSON document
/// (README, *`gamenight stats`*, is its schema).
public enum StatsReport {
    struct Document: Encodable {
        var ratings: Bool
        var hIndex: Int
        var players: [Player]
        var boardgames: [BoardgameRow]
        /// Oldest first.
        var years: [Year]
    }

    struct Rating: Encodable {
        var mu: Double, sigma: Double, ordinal: Double, games: Int

        init(_ rating: PlayerRating) {
            (mu, sigma, ordinal, games) = (rating.rating.mu, rating.rating.sigma, rating.rating.ordinal, rating.games)
        }
    }

    struct Point: Encodable {
        var file: String, date: String, mu: Double, sigma: Double, ordinal: Double
    }

    struct Player: Encodable {
        struct Opponent: Encodable { var opponent: String, games: Int, ahead: Int, behind: Int, tied: Int }
        struct Streaks: Encodable { var current: Int, longest: Int }
        struct Plays: Encodable {
            var boardgame: String, kind: GameKind, plays: Int, wins: Int
            @ExplicitNull var rating: Rating?
        }

        var name: String
        @ExplicitNull var rating: Rating?
        var history: [Point]
        var boardgames: [Plays]
        var headToHead: [Opponent]
        @ExplicitNull var nemesis: String?
        var streaks: Streaks
        @ExplicitNull var favouriteBoardgame: String?
        var bowling: Bowling?
        var puzzle: Puzzle?
    }

    struct Bowling: Encodable {
        struct Night: Encodable { var day: String, games: Int, average: Int, handicap: Int }
        var games: Int, pins: Int, average: Int, highGame: Int, highSeries: Int
        var strikes: Int, strikeChances: Int, spares: Int, spareChances: Int, openFrames: Int
        var splits: Int, splitsConverted: Int, cleanGames: Int
        /// Only with a handicap setting.
        var handicapPins: Int?, handicapAverage: Int?
        var trend: [Night]
    }

    struct Puzzle: Encodable {
        struct Race: Encodable {
            var file: String, date: String, size: Int, solved: Bool, moves: Int
            @ExplicitNull var seconds: Double?
            @ExplicitNull var movesPerSecond: Double?
            @ExplicitNull var efficiency: Double?
        }
        struct Best<Value: Encodable>: Encodable { var value: Value, file: String, date: String }
        struct Bests: Encodable {
            var size: Int
            @ExplicitNull var fewestMoves: Best<Int>?
            @ExplicitNull var fastest: Best<Double>?
            @ExplicitNull var bestEfficiency: Best<Double>?
        }
        var races: [Race]
        var bests: [Bests]
    }

    struct BoardgameRow: Encodable {
        /// `holder` is the first of `holders`, who all scored the record in the game that set it.
        struct Record: Encodable {
            var score: Int, holder: String, holders: [String], file: String, date: String, best: WinRule
        }
        var name: String, kind: GameKind
        @ExplicitNull var bgg: Int?
        var plays: Int
        var players: [String]
        @ExplicitNull var record: Record?
        var lastPlayed: String
        /// The board game's ratings leaderboard (players with enough rated games of it).
        var ratings: [Ranked]
        /// Wins by seat and for the first player; null without a game that says who went first.
        @ExplicitNull var seats: Seats?
        /// Its scores; null without a counted game.
        @ExplicitNull var scoreDistributions: Scores?
    }

    struct Interval: Encodable { var low: Double, high: Double }

    struct Seats: Encodable {
        struct Rate: Encodable {
            var wins: Int, games: Int
            @ExplicitNull var rate: Double?
            @ExplicitNull var chance: Double?
            @ExplicitNull var interval: Interval?
            var enoughPlays: Bool
            @ExplicitNull var differsFromChance: Bool?

            init(_ rate: SeatStatistics.Rate) {
                (wins, games, self.rate, chance) = (
                    rate.wins.successes, rate.wins.trials, rate.wins.rate, rate.expected
                )
                interval = rate.wins.interval.map { Interval(low: $0.lowerBound, high: $0.upperBound) }
                enoughPlays = rate.hasEnoughPlays
                differsFromChance = rate.differsFromChance
            }
        }
        struct Seat: Encodable {
            var seat: Int
            var rate: Rate
        }
        var games: Int, minimumGames: Int
        @ExplicitNull var firstPlayer: Rate?
        var bySeat: [Seat]

        init(_ statistics: SeatStatistics) {
            games = statistics.games
            minimumGames = SeatStatistics.minimumGames
            firstPlayer = statistics.firstPlayer.wins.trials > 0 ? Rate(statistics.firstPlayer) : nil
            bySeat = statistics.seats.enumerated().map { Seat(seat: $0.offset + 1, rate: Rate($0.element)) }
        }
    }

    struct Scores: Encodable {
        struct Count: Encodable {
            var players: Int, games: Int
            @ExplicitNull var averageWinningScore: Double?
            @ExplicitNull var averageScore: Double?
        }
        struct Margin: Encodable { var file: String, date: String, best: Int, runnerUp: Int, margin: Int }
        var games: Int
        var scores: [Int]
        var byPlayerCount: [Count]
        var closest: [Margin]
        var biggest: [Margin]

        init(_ distribution: ScoreDistribution) {
            func margin(_ margin: ScoreDistribution.Margin) -> Margin {
                Margin(
                    file: margin.file, date: margin.date.text, best: margin.best, runnerUp: margin.runnerUp,
                    margin: margin.margin)
            }
            games = distribution.games
            scores = distribution.scores
            byPlayerCount = distribution.byPlayerCount.map {
                Count(
                    players: $0.players, games: $0.games, averageWinningScore: $0.winningScore.value,
                    averageScore: $0.score.value)
            }
            closest = distribution.closest.map(margin)
            biggest = distribution.biggest.map(margin)
        }
    }

    /// One year in review (docs/STATISTICS.md, *Year in review*).
    struct Year: Encodable {
        struct Played: Encodable { var name: String, kind: GameKind, plays: Int }
        struct Best<Value: Encodable>: Encodable { var value: Value, players: [String] }
        struct PlayerYear: Encodable {
            var name: String, plays: Int, wins: Int
            @ExplicitNull var nemesis: String?
            @ExplicitNull var favouriteBoardgame: String?
        }
        struct Improvement: Encodable { var name: String, before: Int, after: Int, gain: Int }
        struct Bowling: Encodable {
            @ExplicitNull var bestGame: Best<Int>?
            @ExplicitNull var bestSeries: Best<Int>?
            var mostImproved: [Improvement]
        }
        struct PuzzleBests: Encodable {
            var size: Int
            @ExplicitNull var fastest: Best<Double>?
            @ExplicitNull var bestEfficiency: Best<Double>?
        }
        var year: String, nights: Int, plays: Int
        /// Null when no play gives a duration; `timedPlays` say how many do.
        @ExplicitNull var minutes: Int?
        var timedPlays: Int
        var mostPlayed: [Played]
        var newPlayers: [String]
        var newBoardgames: [String]
        @ExplicitNull var closestGame: Scores.Margin?
        @ExplicitNull var biggestWin: Scores.Margin?
        @ExplicitNull var longestStreak: Best<Int>?
        @ExplicitNull var ratingClimb: Best<Double>?
        var players: [PlayerYear]
        @ExplicitNull var bowling: Bowling?
        var puzzle: [PuzzleBests]

        init(_ review: YearInReview, display: (String) -> String) {
            func best<Value>(_ best: YearInReview.Best<Value>?) -> Best<Value>? {
                best.map { Best(value: $0.value, players: $0.players.map(display)) }
            }
            func margin(_ margin: ScoreDistribution.Margin?) -> Scores.Margin? {
                margin.map {
                    Scores.Margin(
                        file: $0.file, date: $0.date.text, best: $0.best, runnerUp: $0.runnerUp, margin: $0.margin)
                }
            }
            (year, nights, plays, timedPlays) = (review.year, review.nights, review.plays, review.timedPlays)
            minutes = review.timedPlays > 0 ? review.minutes : nil
            mostPlayed = review.mostPlayed.map {
                let (name, kind) = StatsReport.name($0.boardgame)
                return Played(name: name, kind: kind, plays: $0.plays)
            }
            newPlayers = review.newPlayers.map(display)
            newBoardgames = review.newBoardgames.map { StatsReport.name($0).name }
            (closestGame, biggestWin) = (margin(review.closestGame), margin(review.biggestWin))
            (longestStreak, ratingClimb) = (best(review.longestStreak), best(review.ratingClimb))
            players = review.players.map {
                PlayerYear(
                    name: display($0.identity), plays: $0.plays, wins: $0.wins,
                    nemesis: $0.nemesis.map { display($0.opponent) },
                    favouriteBoardgame: $0.favourite.map { StatsReport.name($0.boardgame).name })
            }
            let improved = review.mostImproved.map {
                Improvement(name: display($0.player), before: $0.before, after: $0.after, gain: $0.gain)
            }
            bowling =
                review.bestGame == nil
                ? nil
                : Bowling(bestGame: best(review.bestGame), bestSeries: best(review.bestSeries), mostImproved: improved)
            puzzle = review.puzzle.map {
                PuzzleBests(size: $0.size, fastest: best($0.fastest), bestEfficiency: best($0.bestEfficiency))
            }
        }
    }

    struct Ranked: Encodable {
        var name: String, mu: Double, sigma: Double, ordinal: Double, games: Int
    }

    /// The board game's name as shown: `boardgame:` (or the title), or the kind's name.
    static func name(_ boardgame: Boardgame) -> (name: String, kind: GameKind) {
        switch boardgame {
        case .named(let name): (name, .scores)
        case .kind(let kind): (kind.rawValue, kind)
        }
    }

    /// `figures`: the board games' seats and score distributions (`BoardgameFigures` of the same games).
    /// `years`: the years in review of the same games.
    static func document(_ statistics: GroupStatistics, figures: BoardgameFigures, years: [YearInReview] = [])
        -> Document
    {
        func display(_ identity: String) -> String { statistics.player(identity)?.name ?? identity }
        let useHandicap = statistics.settings.handicap != nil
        let players = statistics.players.values.sorted {
            ($0.name.lowercased(), $0.identity) < ($1.name.lowercased(), $1.identity)
        }.map { player in
            let overall = statistics.ratings.overall[player.identity]
            return Player(
                name: player.name,
                rating: overall.map(Rating.init),
                history: overall?.history.map {
                    Point(
                        file: $0.file, date: $0.date.text, mu: $0.rating.mu, sigma: $0.rating.sigma,
                        ordinal: $0.rating.ordinal)
                } ?? [],
                boardgames: player.boardgames.map { plays in
                    let (name, kind) = Self.name(plays.boardgame)
                    return Player.Plays(
                        boardgame: name, kind: kind, plays: plays.plays, wins: plays.wins,
                        rating: statistics.rating(of: player.identity, in: plays.boardgame).map(Rating.init))
                },
                headToHead: player.headToHead.map {
                    Player.Opponent(
                        opponent: display($0.opponent), games: $0.games, ahead: $0.ahead, behind: $0.behind,
                        tied: $0.tied)
                },
                nemesis: player.nemesis.map { display($0.opponent) },
                streaks: Player.Streaks(current: player.streak.current, longest: player.streak.longest),
                favouriteBoardgame: player.favourite.map { Self.name($0.boardgame).name },
                bowling: player.bowling.map { bowler in
                    Bowling(
                        games: bowler.games, pins: bowler.pins, average: bowler.average, highGame: bowler.highGame,
                        highSeries: bowler.highSeries,
                        strikes: bowler.strikes, strikeChances: bowler.strikeChances, spares: bowler.spares,
                        spareChances: bowler.spareChances,
                        openFrames: bowler.openFrames, splits: bowler.splits, splitsConverted: bowler.splitsConverted,
                        cleanGames: bowler.cleanGames,
                        handicapPins: useHandicap ? bowler.handicapPins : nil,
                        handicapAverage: useHandicap ? bowler.handicapAverage : nil,
                        trend: bowler.trend.map {
                            Bowling.Night(day: $0.day, games: $0.games, average: $0.average, handicap: $0.handicap)
                        })
                },
                puzzle: player.puzzle.map { racer in
                    Puzzle(
                        races: racer.races.map {
                            Puzzle.Race(
                                file: $0.file, date: $0.date.text, size: $0.size, solved: $0.solved, moves: $0.moves,
                                seconds: $0.seconds, movesPerSecond: $0.movesPerSecond, efficiency: $0.efficiency)
                        },
                        bests: racer.bests.map { bests in
                            Puzzle.Bests(
                                size: bests.size,
                                fewestMoves: bests.fewestMoves.map {
                                    Puzzle.Best(value: $0.value, file: $0.file, date: $0.date.text)
                                },
                                fastest: bests.fastest.map {
                                    Puzzle.Best(value: $0.value, file: $0.file, date: $0.date.text)
                                },
                                bestEfficiency: bests.bestEfficiency.map {
                                    Puzzle.Best(value: $0.value, file: $0.file, date: $0.date.text)
                                })
                        })
                }
            )
        }
        let boardgames = statistics.boardgames.map { row in
            let (name, kind) = Self.name(row.boardgame)
            return BoardgameRow(
                name: name, kind: kind, bgg: row.bggID, plays: row.plays, players: row.players.map(display),
                record: row.record.map { record in
                    let holders = record.holders.map(display)
                    return BoardgameRow.Record(
                        score: record.score, holder: holders.first ?? "", holders: holders, file: record.file,
                        date: record.date.text, best: record.rule)
                },
                lastPlayed: row.lastPlayed.text,
                ratings: statistics.leaderboard(of: row.boardgame).map {
                    Ranked(
                        name: display($0.identity), mu: $0.rating.mu, sigma: $0.rating.sigma,
                        ordinal: $0.rating.ordinal, games: $0.games)
                },
                seats: figures.seats[row.boardgame].map(Seats.init),
                scoreDistributions: figures.scores[row.boardgame].map(Scores.init)
            )
        }
        return Document(
            ratings: statistics.settings.ratings, hIndex: statistics.hIndex, players: players, boardgames: boardgames,
            years: years.map { Year($0, display: display) })
    }

    /// `games`: the games `statistics` was computed from, for the board games' seats and scores.
    public static func json(_ statistics: GroupStatistics, games: [FiledGame]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let years = YearInReview.byYear(games, ratings: statistics.ratings)
        guard let data = try? encoder.encode(document(statistics, figures: BoardgameFigures(games), years: years))
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The ratings leaderboard, the board games and the H-index, for a terminal.
    public static func text(_ statistics: GroupStatistics) -> String {
        func display(_ identity: String) -> String { statistics.player(identity)?.name ?? identity }
        var lines: [String] = []
        let leaderboard = statistics.leaderboard
        if statistics.settings.ratings {
            lines.append(
                "Ratings (ordinal = μ − 3σ; at least \(counted(statistics.settings.minimumGames, "rated game")))")
            let width = leaderboard.map { TerminalColumns.count(display($0.identity)) }.max() ?? 0
            for (index, row) in leaderboard.enumerated() {
                lines.append(
                    "  \(index + 1). \(TerminalColumns.padded(display(row.identity), to: width))  \(format(row.rating.ordinal))  (μ \(format(row.rating.mu)), σ \(format(row.rating.sigma)), \(counted(row.games, "game")))"
                )
            }
            if leaderboard.isEmpty { lines.append("  nobody yet") }
        }
        lines.append("Board games (H-index \(statistics.hIndex))")
        // A kind played without `boardgame:` reads as the site names it ("Bowling", "15-puzzle");
        // `--json` keeps the kind's own name.
        let texts = SiteTexts()
        func shown(_ boardgame: Boardgame) -> String {
            if case .kind(let kind) = boardgame { texts.kind(kind) } else { name(boardgame).name }
        }
        let width = statistics.boardgames.map { TerminalColumns.count(shown($0.boardgame)) }.max() ?? 0
        for row in statistics.boardgames {
            let record = row.record.map { ", record \($0.score) by \(texts.names($0.holders.map(display)))" } ?? ""
            lines.append(
                "  \(TerminalColumns.padded(shown(row.boardgame), to: width))  \(counted(row.plays, "play")), \(counted(row.players.count, "player"))\(record), last \(row.lastPlayed.day)"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// One decimal, as on the site.
    static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
