import GameDomain
import GameFileParsing
import Testing

/// `first:` and `seats:` in score-keeper game files: read onto the game, and every wrong name
/// reported where it is written.
@Suite("Who went first and the seats")
struct SeatingReaderTests {
    static func read(_ lines: [String]) throws -> Game {
        try GameFileParser.parse(ScoreShapesReaderTests.file(lines), path: "g.md").get()
    }

    @Test("Neither key: no seating")
    func none() throws {
        #expect(try Self.read(["scores: {Ann: 1, Bo: 2}"]).seating == nil)
    }

    @Test("`first` alone, `seats` alone, and both: the turn order goes round the table from the first player")
    func read() throws {
        #expect(try Self.read(["scores: {Ann: 1, Bo: 2}", "first: Bo"]).seating == Seating(first: "Bo"))
        let seats = try Self.read(["players: [Ann, Bo, Cy]", "winners: [Bo]", "seats: [Cy, Ann, Bo]"]).seating
        #expect(seats == Seating(seats: ["Cy", "Ann", "Bo"]))
        #expect(seats?.turnOrder == ["Cy", "Ann", "Bo"])
        let both = try Self.read(["players: [Ann, Bo, Cy]", "winners: [Bo]", "seats: [Cy, Ann, Bo]", "first: Bo"])
            .seating
        #expect(both?.turnOrder == ["Bo", "Cy", "Ann"])
    }

    @Test("Team games seat players; cooperative games may say who went first")
    func teamsAndCooperative() throws {
        let teams = try Self.read([
            "teams: {Red: [Ann, Bo], Blue: [Cy]}", "winners: [Red]", "seats: [Ann, Cy, Bo]", "first: Cy",
        ])
        #expect(teams.seating?.turnOrder == ["Cy", "Bo", "Ann"])
        let cooperative = try Self.read(["cooperative: true", "result: won", "players: [Ann, Bo]", "first: Ann"])
        #expect(cooperative.seating?.firstPlayer == "Ann")
    }

    @Test(
        "Errors name the place and the fix",
        arguments: [
            Labeled(
                "first a stranger",
                (
                    ["scores: {Ann: 1, Bo: 2}", "first: Boo"],
                    "g.md:6:8: error: `first` names `Boo`, who is not in `players` (did you mean `Bo`?); name the players of this game as `players` writes them, or fix the name"
                )),
            Labeled(
                "first empty",
                (
                    ["scores: {Ann: 1, Bo: 2}", "first: \"\""],
                    "g.md:6:8: error: `first` (the player who went first) must not be empty"
                )),
            Labeled(
                "docs/GAME-FILES.md's example",
                (
                    ["players: [Elisha, Andre, Marta]", "winners: [Marta]", "seats: [Andre, Elsha, Marta]"],
                    "g.md:7:16: error: `seats` names `Elsha`, who is not in `players` (did you mean `Elisha`?); name the players of this game as `players` writes them, or fix the name"
                )),
            Labeled(
                "seat a stranger",
                (
                    ["scores: {Ann: 1, Bo: 2}", "seats: [Ann, Cy]"],
                    "g.md:6:14: error: `seats` names `Cy`, who is not in `players`; name the players of this game as `players` writes them, or fix the name"
                )),
            Labeled(
                "a player written another way",
                (
                    ["scores: {Ann: 1, Bo: 2}", "seats: [Bo, ann]"],
                    "g.md:6:13: error: `seats` names `ann`, who is not in `players` (did you mean `Ann`?); name the players of this game as `players` writes them, or fix the name"
                )),
            Labeled(
                "seated twice, same spelling",
                (
                    ["scores: {Ann: 1, Bo: 2}", "seats: [Ann, Bo, Ann]"],
                    "g.md:6:18: error: `Ann` sits twice in `seats` (as `Ann` before); list every player once, in table order"
                )),
            Labeled(
                "a player left out",
                (
                    ["scores: {Ann: 1, Bo: 2, Cy: 3}", "seats: [Ann, Cy]"],
                    "g.md:6:1: error: `seats` leaves out `Bo`; list every player once, in table order from any of them; `first` says who started"
                )),
            Labeled(
                "seats not a list",
                (
                    ["scores: {Ann: 1, Bo: 2}", "seats: Ann"],
                    "g.md:6:8: error: `seats` must be a list (`[a, b]` or lines starting with `- `), found `Ann`"
                )),
            Labeled(
                "a team in seats",
                (
                    ["teams: {Red: [Ann], Blue: [Bo]}", "winners: [Red]", "seats: [Red, Bo]"],
                    "g.md:7:9: error: `seats` names `Red`, who is not in `players`; name the players of this game as `players` writes them, or fix the name"
                )),
        ])
    func errors(_ example: Labeled<([String], String)>) {
        let (lines, expected) = example.value
        guard case .failure(let errors) = GameFileParser.parse(ScoreShapesReaderTests.file(lines), path: "g.md") else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.map(\.description) == [expected])
    }

    @Test("A misspelt `first` does not hide a player left out of `seats`")
    func bothErrors() {
        let lines = ["scores: {Ann: 1, Bo: 2, Cy: 3}", "first: Boo", "seats: [Ann, Cy]"]
        guard case .failure(let errors) = GameFileParser.parse(ScoreShapesReaderTests.file(lines), path: "g.md") else {
            Issue.record("expected an error")
            return
        }
        #expect(
            errors.diagnostics.map(\.description) == [
                "g.md:6:8: error: `first` names `Boo`, who is not in `players` (did you mean `Bo`?); name the players of this game as `players` writes them, or fix the name",
                "g.md:7:1: error: `seats` leaves out `Bo`; list every player once, in table order from any of them; `first` says who started",
            ])
    }

    @Test("Bowling has no seats")
    func bowling() {
        let text = "---\ngame: bowling\ntitle: T\ndate: 2026-11-28\nfirst: Ann\nplayers: []\n---\n"
        guard case .failure(let errors) = GameFileParser.parse(text, path: "b.md") else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.map(\.description).first?.hasPrefix("b.md:5:1: error: unknown key `first`") == true)
    }
}
