import GameDomain
import Testing

@Suite struct BowlingStandingTests {
    @Test func averageHighGameAndHighSeries() {
        let results = [
            BowlingResult(player: "Bob", date: "2025-01-01", total: 100),
            BowlingResult(player: "Ann", date: "2025-01-01", total: 150),
            BowlingResult(player: "Ann", date: "2025-01-01", total: 200),
            BowlingResult(player: "Bob", date: "2025-01-01", total: 101),
            BowlingResult(player: "Ann", date: "2025-01-08", total: 300),
            BowlingResult(player: "Bob", date: "2025-01-08", total: 90),
        ]
        // Ann: 650 pins / 3 = 216.67 -> 216; series 350 (Jan 1) and 300. Bob: 291 / 3 = 97; series 201 and 90.
        #expect(
            BowlingStanding.standings(from: results) == [
                BowlingStanding(player: "Ann", games: 3, pins: 650, average: 216, highGame: 300, highSeries: 350),
                BowlingStanding(player: "Bob", games: 3, pins: 291, average: 97, highGame: 101, highSeries: 201),
            ])
    }

    @Test func tiesAreOrderedByHighGameThenName() {
        let results = [
            BowlingResult(player: "Dan", date: "d1", total: 200),
            BowlingResult(player: "Cat", date: "d1", total: 200),
            BowlingResult(player: "Eve", date: "d1", total: 150),
            BowlingResult(player: "Eve", date: "d2", total: 251),
        ]
        #expect(BowlingStanding.standings(from: results).map(\.player) == ["Eve", "Cat", "Dan"])
    }

    @Test func noResultsNoStandings() {
        #expect(BowlingStanding.standings(from: []).isEmpty)
    }
}
