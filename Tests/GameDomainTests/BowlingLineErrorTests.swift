import GameDomain
import Testing

@Suite struct BowlingLineErrorTests {
    @Test(
        arguments: [
            ("negative pins", balls([-1]), 0, BowlingRuleViolation.negativePins(-1)),
            ("more than ten in one ball", balls([11]), 0, .moreThanTenPins(11)),
            ("more than ten, second ball", balls([5, 11]), 1, .moreThanTenPins(11)),
            ("frame over ten", balls([7, 5]), 1, .moreThanStanding(frame: 1, standing: 3, pins: 5)),
            ("frame 2 over ten", balls([3, 4, 8, 3]), 3, .moreThanStanding(frame: 2, standing: 2, pins: 3)),
            ("10th X99", balls(strikes9 + [10, 9, 9]), 11, .moreThanStanding(frame: 10, standing: 1, pins: 9)),
            ("10th 5 6", balls(strikes9 + [5, 6]), 10, .moreThanStanding(frame: 10, standing: 5, pins: 6)),
            ("ball after 12 strikes", balls(Array(repeating: 10, count: 12) + [0]), 12, .ballAfterGameOver),
            (
                "fill ball after an open 10th",
                balls(Array(repeating: 9, count: 1) + Array(repeating: 0, count: 19) + [5]),
                20, .ballAfterGameOver
            ),
            ("foul after game over", balls(Array(repeating: 0, count: 20)) + [.foul], 20, .ballAfterGameOver),
            ("split on a second ball", [.pins(3), .split(5)], 1, .splitNotOnFullRack(5)),
            ("split after a foul", [.foul, .split(5)], 1, .splitNotOnFullRack(5)),
            ("split of 9", [.split(9)], 0, .impossibleSplit(9)),
            ("split of 0", [.split(0)], 0, .impossibleSplit(0)),
        ] as [(String, [BowlingBall], Int, BowlingRuleViolation)])
    func badBallIsReportedWithItsIndex(name: String, balls: [BowlingBall], index: Int, violation: BowlingRuleViolation)
    {
        #expect(throws: BowlingLineError(ballIndex: index, violation: violation), "\(name)") {
            try BowlingLine(balls: balls)
        }
    }

    @Test(arguments: [
        strikes9 + [10, 9, 1],  // X9/: the pins are reset after the strike
        strikes9 + [10, 10, 10],
        strikes9 + [3, 7, 10],
        [0, 10] + Array(repeating: 0, count: 18),
    ])
    func fillBallsAfterAResetAreLegal(pins: [Int]) throws {
        #expect(try BowlingLine(pinCounts: pins).isComplete)
    }

    @Test(arguments: [
        (BowlingRuleViolation.negativePins(-2), "-2 pins: a ball knocks down 0 to 10 pins"),
        (.moreThanTenPins(12), "12 pins: a ball knocks down at most 10 pins (10 is a strike, X)"),
        (
            .moreThanStanding(frame: 10, standing: 1, pins: 9),
            "frame 10: 9 pins, but only 1 is standing after 9; this ball knocks down 0 to 1 (all 1 is a spare, /)"
        ),
        (
            .ballAfterGameOver,
            "ball after the game is over: the 10th frame is complete "
                + "(it takes a third ball only after a strike or a spare); remove this ball"
        ),
    ])
    func messagesSayWhatIsWrongAndWhatIsExpected(violation: BowlingRuleViolation, message: String) {
        #expect(violation.message == message)
    }

    @Test func descriptionNamesTheBall() {
        let error = BowlingLineError(ballIndex: 11, violation: .ballAfterGameOver)
        #expect(error.description.hasPrefix("ball 12: ball after the game is over"))
    }
}
