/// One bowler's figures over their complete lines in finished games (docs/STATISTICS.md,
/// *Bowling*, defines each one).
public struct BowlerStatistics: Sendable, Hashable {
    /// The bowler's league average after a night (a date), for the trend chart.
    public struct AveragePoint: Sendable, Hashable {
        public var day: String
        /// Games up to and including this night.
        public var games: Int
        /// floor(pins ÷ games) over those games.
        public var average: Int
        /// The handicap bowled with this night, from the average before it.
        public var handicap: Int
    }

    public var games = 0
    public var pins = 0
    /// Balls thrown at a full rack of ten pins, the 10th frame's fill balls included.
    public var strikeChances = 0
    public var strikes = 0
    /// Frames whose first ball left pins standing; the 10th frame counts its first two balls only.
    public var spareChances = 0
    public var spares = 0
    /// Frames with neither a strike nor a spare (spare chances not converted).
    public var openFrames: Int { spareChances - spares }
    /// Balls marked as a split `(n)` with another ball after them at the same rack.
    public var splits = 0
    public var splitsConverted = 0
    /// Lines without an open frame.
    public var cleanGames = 0
    public var highGame = 0
    /// The best sum of one night's games.
    public var highSeries = 0
    /// Handicap pins added over all games (0 without a handicap setting).
    public var handicapPins = 0
    /// Oldest night first.
    public var trend: [AveragePoint] = []

    /// floor(pins ÷ games), as leagues count.
    public var average: Int { games == 0 ? 0 : pins / games }
    /// floor((pins + handicap pins) ÷ games).
    public var handicapAverage: Int { games == 0 ? 0 : (pins + handicapPins) / games }

    public init() {}

    /// Per bowler identity, over `games` in the order played.
    static func bowlers(_ games: [FiledGame], handicap: BowlingHandicap?) -> [String: BowlerStatistics] {
        var tally = BowlerTally(handicap: handicap)
        for entry in games where entry.game.status == .finished {
            if case .bowling(let bowling) = entry.game.content { tally.add(bowling, on: entry.game.date.day) }
        }
        return tally.bowlers
    }

    /// Counts one complete line.
    mutating func add(_ line: BowlingLine, total: Int) {
        games += 1
        pins += total
        highGame = max(highGame, total)
        var open = false
        // The line is replayed through the rules' own account of the rack (`BowlingProgress`):
        // a strike chance is a ball at freshly set pins, which after a gutter ball ten standing
        // pins are not. A count of its own got that wrong once.
        var progress = BowlingProgress()
        for frame in line.frames {
            let balls = frame.balls
            for (index, ball) in balls.enumerated() {
                if progress.isFullRack {
                    strikeChances += 1
                    if ball.pins == 10 { strikes += 1 }
                }
                if ball.isSplit, index + 1 < balls.count {
                    splits += 1
                    if ball.pins + balls[index + 1].pins == progress.standing { splitsConverted += 1 }
                }
                // A `BowlingLine`'s balls passed these rules when it was made.
                try? progress.roll(ball)
            }
            if let first = balls.first, first.pins < 10 {
                spareChances += 1
                if frame.isSpare { spares += 1 } else { open = true }
            }
        }
        if !open { cleanGames += 1 }
    }
}

/// Bowler statistics over finished bowling games in the order played.
struct BowlerTally: Sendable {
    let handicap: BowlingHandicap?
    /// By identity.
    var bowlers: [String: BowlerStatistics] = [:]
    /// Each bowler's latest night and its pins so far, for the high series.
    private var night: [String: (day: String, pins: Int)] = [:]

    init(handicap: BowlingHandicap?) {
        self.handicap = handicap
    }

    mutating func add(_ game: BowlingGame, on day: String) {
        for player in game.players {
            guard let total = player.line.total else { continue }
            let identity = PlayerName.identity(of: player.name)
            var stats = bowlers[identity] ?? BowlerStatistics()
            if stats.trend.last?.day != day {
                // A new night: its handicap comes from the average before it.
                let before = stats.games == 0 ? nil : stats.average
                stats.trend.append(
                    BowlerStatistics.AveragePoint(
                        day: day, games: stats.games, average: stats.average,
                        handicap: handicap?.pins(average: before) ?? 0))
                night[identity] = (day, 0)
            }
            stats.add(player.line, total: total)
            stats.handicapPins += stats.trend.last?.handicap ?? 0
            let series = (night[identity]?.pins ?? 0) + total
            night[identity] = (day, series)
            stats.highSeries = max(stats.highSeries, series)
            if var point = stats.trend.popLast() {
                point.games = stats.games
                point.average = stats.average
                stats.trend.append(point)
            }
            bowlers[identity] = stats
        }
    }
}
