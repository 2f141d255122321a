import GameDomain
import Testing

@Suite struct BowlingLineScoringTests {
    @Test(arguments: [
        ("perfect game, 12 strikes", Array(repeating: 10, count: 12), 300),
        ("all spares with a 5 fill", Array(repeating: 5, count: 21), 150),
        ("all 9-", Array(repeating: [9, 0], count: 10).flatMap { $0 }, 90),
        ("gutter game", Array(repeating: 0, count: 20), 0),
        ("11 strikes then 3", Array(repeating: 10, count: 11) + [3], 293),
        ("10 strikes then 3, 3", Array(repeating: 10, count: 10) + [3, 3], 279),
        ("9 strikes then 4/5", strikes9 + [4, 6, 5], 269),
        ("9 strikes then X9/", strikes9 + [10, 9, 1], 289),
        // X 7/ 9- X -8 8/ F6 X X X81: 20 39 48 66 74 84 90 120 148 167
        ("mixed", [10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1], 167),
        ("all 1s", Array(repeating: 1, count: 20), 20),
        ("spare in the 10th, 9/X", Array(repeating: 0, count: 18) + [9, 1, 10], 20),
    ])
    func finishedLineTotal(name: String, pins: [Int], total: Int) throws {
        let line = try BowlingLine(pinCounts: pins)
        #expect(line.isComplete, "\(name)")
        #expect(line.total == total, "\(name)")
        #expect(line.runningTotals.last == total, "\(name)")
    }

    @Test func mixedGameRunningTotals() throws {
        let line = try BowlingLine(balls: [
            .pins(10), .pins(7), .pins(3), .pins(9), .pins(0), .pins(10), .pins(0), .pins(8), .pins(8), .pins(2),
            .foul, .pins(6), .pins(10), .pins(10), .pins(10), .pins(8), .pins(1),
        ])
        #expect(line.runningTotals == sheet("20 39 48 66 74 84 90 120 148 167"))
    }

    @Test(arguments: [
        ("empty", [Int]()),
        ("one strike", [10]),
        ("open frame then half a frame", [3, 4, 5]),
        ("10th frame strike waits for fills", strikes9 + [10, 10]),
        ("10th frame spare waits for its fill", strikes9 + [5, 5]),
    ])
    func unfinishedLineHasNoTotal(name: String, pins: [Int]) throws {
        let line = try BowlingLine(pinCounts: pins)
        #expect(!line.isComplete, "\(name)")
        #expect(line.total == nil, "\(name)")
    }

    // The recorded stream: timeline[k] is the sheet after k balls, as in seed 004.
    @Test(arguments: [
        (
            "12 strikes: 9th known at the 11th ball, 10th at the 12th",
            Array(repeating: 10, count: 12),
            [
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "30 - - - - - - - - -",
                "30 60 - - - - - - - -",
                "30 60 90 - - - - - - -",
                "30 60 90 120 - - - - - -",
                "30 60 90 120 150 - - - - -",
                "30 60 90 120 150 180 - - - -",
                "30 60 90 120 150 180 210 - - -",
                "30 60 90 120 150 180 210 240 - -",
                "30 60 90 120 150 180 210 240 270 -",
                "30 60 90 120 150 180 210 240 270 300",
            ]
        ),
        (
            "11 strikes then 3",
            Array(repeating: 10, count: 11) + [3],
            [
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "30 - - - - - - - - -",
                "30 60 - - - - - - - -",
                "30 60 90 - - - - - - -",
                "30 60 90 120 - - - - - -",
                "30 60 90 120 150 - - - - -",
                "30 60 90 120 150 180 - - - -",
                "30 60 90 120 150 180 210 - - -",
                "30 60 90 120 150 180 210 240 - -",
                "30 60 90 120 150 180 210 240 270 -",
                "30 60 90 120 150 180 210 240 270 293",
            ]
        ),
        (
            "10 strikes then 3, 3",
            Array(repeating: 10, count: 10) + [3, 3],
            [
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "30 - - - - - - - - -",
                "30 60 - - - - - - - -",
                "30 60 90 - - - - - - -",
                "30 60 90 120 - - - - - -",
                "30 60 90 120 150 - - - - -",
                "30 60 90 120 150 180 - - - -",
                "30 60 90 120 150 180 210 - - -",
                "30 60 90 120 150 180 210 240 - -",
                "30 60 90 120 150 180 210 240 263 -",
                "30 60 90 120 150 180 210 240 263 279",
            ]
        ),
        (
            "9 strikes then 4/5",
            strikes9 + [4, 6, 5],
            [
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "30 - - - - - - - - -",
                "30 60 - - - - - - - -",
                "30 60 90 - - - - - - -",
                "30 60 90 120 - - - - - -",
                "30 60 90 120 150 - - - - -",
                "30 60 90 120 150 180 - - - -",
                "30 60 90 120 150 180 210 - - -",
                "30 60 90 120 150 180 210 234 - -",
                "30 60 90 120 150 180 210 234 254 -",
                "30 60 90 120 150 180 210 234 254 269",
            ]
        ),
        (
            // Seed 001: an open frame shows "-" until its second ball; a spare until the next ball.
            "1 5 7/ X 2, unfinished",
            [1, 5, 7, 3, 10, 2],
            [
                "- - - - - - - - - -",
                "- - - - - - - - - -",
                "6 - - - - - - - - -",
                "6 - - - - - - - - -",
                "6 - - - - - - - - -",
                "6 26 - - - - - - - -",
                "6 26 - - - - - - - -",
            ]
        ),
        (
            "open 10th frame is known at its second ball",
            Array(repeating: 0, count: 18) + [8, 1],
            Array(repeating: "- - - - - - - - - -", count: 2)
                + ["0 - - - - - - - - -", "0 - - - - - - - - -"]
                + ["0 0 - - - - - - - -", "0 0 - - - - - - - -"]
                + ["0 0 0 - - - - - - -", "0 0 0 - - - - - - -"]
                + ["0 0 0 0 - - - - - -", "0 0 0 0 - - - - - -"]
                + ["0 0 0 0 0 - - - - -", "0 0 0 0 0 - - - - -"]
                + ["0 0 0 0 0 0 - - - -", "0 0 0 0 0 0 - - - -"]
                + ["0 0 0 0 0 0 0 - - -", "0 0 0 0 0 0 0 - - -"]
                + ["0 0 0 0 0 0 0 0 - -", "0 0 0 0 0 0 0 0 - -"]
                + ["0 0 0 0 0 0 0 0 0 -", "0 0 0 0 0 0 0 0 0 -"]
                + ["0 0 0 0 0 0 0 0 0 9"]
        ),
    ])
    func timelineShowsWhenEachFrameBecomesKnown(name: String, pins: [Int], rows: [String]) throws {
        let line = try BowlingLine(pinCounts: pins)
        #expect(line.timeline == rows.map(sheet), "\(name)")
        #expect(line.timeline.count == pins.count + 1)
    }

    @Test func runningTotalsAfterBallsClampsOutOfRangeCounts() throws {
        let line = try BowlingLine(pinCounts: [3, 4])
        #expect(line.runningTotals(afterBalls: -1) == sheet("- - - - - - - - - -"))
        #expect(line.runningTotals(afterBalls: 99) == sheet("7 - - - - - - - - -"))
    }
}

@Suite struct BowlingLineStorageTests {
    /// A line keeps its balls a byte each: every kind of ball, at every place a rule allows it,
    /// comes back as it went in.
    @Test func everyLegalBallComesBackAsItWentIn() throws {
        var random = SplitMix64(seed: 41)
        var seen = Set<BowlingBall>()
        for _ in 0..<2_000 {
            var progress = BowlingProgress()
            var thrown: [BowlingBall] = []
            while !progress.isGameOver, random.next() % 20 != 0 {
                let pins = Int(random.next() % UInt64(progress.standing + 1))
                let candidates: [BowlingBall] = [.pins(pins), .split(pins), .foul]
                let ball = candidates[Int(random.next() % 3)]
                guard (try? progress.roll(ball)) != nil else { continue }
                thrown.append(ball)
            }
            seen.formUnion(thrown)
            let line = try BowlingLine(balls: thrown)
            #expect(line.balls == thrown)
            #expect(line == (try BowlingLine(balls: thrown)))
        }
        // Pins 0 to 10, splits of 1 to 8 and the foul: the 20 balls a line can hold.
        #expect(seen.count == 20)
    }
}
