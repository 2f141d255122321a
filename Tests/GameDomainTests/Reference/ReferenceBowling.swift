@testable import GameDomain

/// docs/STATISTICS.md's bowling definitions, written out again as plainly as possible: frames cut
/// from the balls by hand, each rule a case of its own. Slow and obvious on purpose, to check
/// `BowlerStatistics` against.
struct ReferenceBowler: Equatable, CustomStringConvertible {
    var games = 0, pins = 0, strikes = 0, strikeChances = 0, spares = 0, spareChances = 0, openFrames = 0
    var splits = 0, splitsConverted = 0, cleanGames = 0, highGame = 0, highSeries = 0, average = 0, handicapPins = 0
    /// (day, games so far, average after the night, handicap of the night).
    var trend: [String] = []

    var description: String {
        "games \(games) pins \(pins) X \(strikes)/\(strikeChances) / \(spares)/\(spareChances) open \(openFrames) "
            + "splits \(splitsConverted)/\(splits) clean \(cleanGames) high \(highGame) series \(highSeries) "
            + "average \(average) handicap \(handicapPins) trend \(trend)"
    }

    init() {}

    /// The same figures read off the implementation.
    init(_ stats: BowlerStatistics) {
        games = stats.games
        pins = stats.pins
        strikes = stats.strikes
        strikeChances = stats.strikeChances
        spares = stats.spares
        spareChances = stats.spareChances
        openFrames = stats.openFrames
        splits = stats.splits
        splitsConverted = stats.splitsConverted
        cleanGames = stats.cleanGames
        highGame = stats.highGame
        highSeries = stats.highSeries
        average = stats.average
        handicapPins = stats.handicapPins
        trend = stats.trend.map { "\($0.day) \($0.games) \($0.average) \($0.handicap)" }
    }

    /// Ball indices of each frame: frames 1 to 9 end after a strike or two balls; the 10th
    /// takes the rest.
    static func frames(_ pins: [Int]) -> [[Int]] {
        var frames: [[Int]] = []
        var index = 0
        while frames.count < 9, index < pins.count {
            if pins[index] == 10 {
                frames.append([index])
                index += 1
            } else {
                frames.append(Array(index..<min(index + 2, pins.count)))
                index += 2
            }
        }
        frames.append(index < pins.count ? Array(index..<pins.count) : [])
        return frames
    }

    /// The score of a complete line, frame by frame as a sheet adds it.
    static func score(_ pins: [Int]) -> Int {
        let frames = frames(pins)
        var total = 0
        for (number, frame) in frames.enumerated() {
            guard let first = frame.first else { continue }
            if number == 9 {
                total += frame.map { pins[$0] }.reduce(0, +)
            } else if pins[first] == 10 {
                total += 10 + pins[first + 1] + pins[first + 2]
            } else if pins[first] + pins[first + 1] == 10 {
                total += 10 + pins[first + 2]
            } else {
                total += pins[first] + pins[first + 1]
            }
        }
        return total
    }

    /// Counts one complete line.
    mutating func add(_ balls: [BowlingBall]) {
        let pins = balls.map(\.pins)
        let total = Self.score(pins)
        games += 1
        self.pins += total
        highGame = max(highGame, total)
        var opens = 0
        for (number, frame) in Self.frames(pins).enumerated() {
            let thrown = frame.map { pins[$0] }
            // Balls thrown at a full rack: every frame's first; in the 10th, a ball after a
            // strike, and the ball after a spare.
            var fullRack = [0]
            if number == 9 {
                if thrown.count >= 2, thrown[0] == 10 { fullRack.append(1) }
                if thrown.count >= 3, thrown[0] == 10, thrown[1] == 10 { fullRack.append(2) }
                if thrown.count >= 3, thrown[0] < 10, thrown[0] + thrown[1] == 10 { fullRack.append(2) }
            }
            for ball in fullRack where ball < thrown.count {
                strikeChances += 1
                if thrown[ball] == 10 { strikes += 1 }
            }
            // The frame's first two balls: a spare chance when the first leaves pins standing.
            if let first = thrown.first, first < 10 {
                spareChances += 1
                if thrown.count >= 2, first + thrown[1] == 10 { spares += 1 } else { opens += 1 }
            }
            // A split is always thrown at a full rack, so "every pin left" is 10 minus its pins;
            // the next ball of the same frame is the one at the same rack.
            for (position, index) in frame.enumerated() where balls[index].isSplit && position + 1 < frame.count {
                splits += 1
                if pins[index] + pins[frame[position + 1]] == 10 { splitsConverted += 1 }
            }
        }
        openFrames += opens
        if opens == 0 { cleanGames += 1 }
        average = self.pins / games
    }

    /// Every bowler's figures over finished games taken in date order, then path.
    static func bowlers(_ games: [FiledGame], handicap: BowlingHandicap?) -> [String: ReferenceBowler] {
        let ordered = games.sorted {
            ($0.game.date.day, $0.game.date.time ?? "", $0.file) < ($1.game.date.day, $1.game.date.time ?? "", $1.file)
        }
        // Each bowler's complete lines with their night, in order.
        var lines: [String: [(day: String, balls: [BowlingBall])]] = [:]
        for entry in ordered where entry.game.status == .finished {
            guard case .bowling(let game) = entry.game.content else { continue }
            for player in game.players where player.line.isComplete {
                lines[PlayerName.identity(of: player.name), default: []].append(
                    (entry.game.date.day, player.line.balls))
            }
        }
        return lines.mapValues { lines in
            var bowler = ReferenceBowler()
            var nights: [String] = []
            for line in lines where !nights.contains(line.day) { nights.append(line.day) }
            var seriesByNight: [Int] = []
            for (index, night) in nights.enumerated() {
                let averageBefore = bowler.games == 0 ? nil : bowler.pins / bowler.games
                // floor(percentage × (basis − average before the night)), never below 0.
                let nightHandicap =
                    index == 0
                    ? 0 : handicap.map { max(0, $0.percentage * ($0.basis - (averageBefore ?? 0)) / 100) } ?? 0
                var series = 0
                for line in lines where line.day == night {
                    bowler.add(line.balls)
                    series += score(line.balls.map(\.pins))
                    bowler.handicapPins += nightHandicap
                }
                seriesByNight.append(series)
                bowler.trend.append("\(night) \(bowler.games) \(bowler.pins / bowler.games) \(nightHandicap)")
            }
            bowler.highSeries = seriesByNight.max() ?? 0
            return bowler
        }
    }
}
