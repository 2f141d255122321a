import GameDomain
import Testing

@Suite struct BowlingLineMarksTests {
    @Test(
        arguments: [
            (
                "perfect game",
                balls(Array(repeating: 10, count: 12)),
                [["X"], ["X"], ["X"], ["X"], ["X"], ["X"], ["X"], ["X"], ["X"], ["X", "X", "X"]]
            ),
            (
                "mixed, with a foul",
                [
                    .pins(10), .pins(7), .pins(3), .pins(9), .pins(0), .pins(10), .pins(0), .pins(8), .pins(8),
                    .pins(2),
                    .foul, .pins(6), .pins(10), .pins(10), .pins(10), .pins(8), .pins(1),
                ],
                [
                    ["X"], ["7", "/"], ["9", "-"], ["X"], ["-", "8"], ["8", "/"], ["F", "6"], ["X"], ["X"],
                    ["X", "8", "1"],
                ]
            ),
            (
                "foul then all ten is a spare, split circled",
                [.foul, .pins(10), .split(8), .pins(1), .pins(0), .foul],
                [["F", "/"], ["(8)", "1"], ["-", "F"], [], [], [], [], [], [], []]
            ),
            ("unstarted", [], [[], [], [], [], [], [], [], [], [], []]),
        ] as [(String, [BowlingBall], [[String]])])
    func framesAreMarkedAsOnPaper(name: String, balls: [BowlingBall], marks: [[String]]) throws {
        let line = try BowlingLine(balls: balls)
        #expect(line.frames.map(\.marks) == marks, "\(name)")
        #expect(line.frames.map(\.number) == Array(1...10))
    }

    @Test(arguments: [
        ([10, 10, 10], ["X", "X", "X"]),
        ([10, 7, 3], ["X", "7", "/"]),
        ([9, 1, 10], ["9", "/", "X"]),
        ([8, 0], ["8", "-"]),
        ([10, 10, 9], ["X", "X", "9"]),
        ([10, 9, 0], ["X", "9", "-"]),
        ([10, 0, 10], ["X", "-", "/"]),
        ([5, 5, 5], ["5", "/", "5"]),
        ([0, 10, 10], ["-", "/", "X"]),
        ([10], ["X"]),
    ])
    func tenthFrameMarks(tenth: [Int], marks: [String]) throws {
        let line = try BowlingLine(pinCounts: strikes9 + tenth)
        #expect(line.frames[9].marks == marks)
        #expect(line.frames[9].balls.count == tenth.count)
    }

    @Test func foulFrameIsASpareNotAStrike() throws {
        let frame = try BowlingLine(balls: [.foul, .pins(10)]).frames[0]
        #expect(frame.isSpare)
        #expect(!frame.isStrike)
        #expect(frame.balls.map(\.isFoul) == [true, false])
        #expect(frame.balls.map(\.pins) == [0, 10])
    }

    @Test func splitCountsItsPinsAndIsFlagged() throws {
        let line = try BowlingLine(balls: [.split(8), .pins(1)] + balls(Array(repeating: 0, count: 18)))
        #expect(line.frames[0].balls.map(\.isSplit) == [true, false])
        #expect(line.total == 9)
    }

    @Test func framesKnowWhereTheyStartAndWhetherTheyAreComplete() throws {
        let line = try BowlingLine(pinCounts: [10, 7, 3, 4])
        #expect(line.frames.prefix(4).map(\.firstBallIndex) == [0, 1, 3, 4])
        #expect(line.frames.prefix(4).map(\.isComplete) == [true, true, false, false])
        #expect(line.frames[0].isStrike && line.frames[1].isSpare)
    }
}
