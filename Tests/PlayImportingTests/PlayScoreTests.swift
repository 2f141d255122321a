import Testing

@testable import PlayImporting

@Suite("Scores written as text")
struct PlayScoreTests {
    @Test(
        "Read by fixed rules",
        arguments: [
            ("86", PlayScore.points(86)), ("-3", .points(-3)), ("+5", .points(5)), (" 42 ", .points(42)),
            ("", .none), ("   ", .none),
            ("10+10+15", .points(35)), ("-10+7+22", .points(19)), ("5 - 3", .points(2)),
            ("12.0", .points(12)), ("12,00", .points(12)),
            ("12.5", .unreadable("it is not a whole number")), ("49-46ish", .unreadable("it is not a number")),
            ("36, 42", .unreadable("it is not a number")), ("36 42", .unreadable("it is not a number")),
            ("1e5", .unreadable("it is not a number")), ("0x10", .unreadable("it is not a number")),
            ("nan", .unreadable("it is not a number")),
            ("5+", .unreadable("it is not a number")), ("--5", .unreadable("it is not a number")),
            ("2000000000", .unreadable("it is beyond ±1000000000")),
            ("99999999999", .unreadable("it is beyond ±1000000000")),
        ])
    func rules(text: String, score: PlayScore) {
        #expect(PlayScore.read(text) == score)
    }

    @Test func absentIsNone() {
        #expect(PlayScore.read(nil) == .none)
    }
}
