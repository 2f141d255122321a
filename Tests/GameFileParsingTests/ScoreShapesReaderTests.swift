import GameDomain
import GameFileParsing
import Testing

/// The score keeper's shapes as game files: each one read into its domain value, and each
/// impossible combination reported where it is written.
@Suite("Score keeper shapes in game files")
struct ScoreShapesReaderTests {
    /// A game file from front-matter lines after `game`, `title` and `date` (so they start at line 5).
    static func file(_ lines: [String]) -> String {
        "---\ngame: scores\ntitle: T\ndate: 2026-11-28\n" + lines.joined(separator: "\n") + "\n---\n"
    }

    static func read(_ lines: [String]) throws -> (Game, ScoreGame) {
        let game = try GameFileParser.parse(file(lines), path: "g.md").get()
        guard case .scores(let scores) = game.content else { throw GameFileErrors(diagnostics: []) }
        return (game, scores)
    }

    @Test("Final scores only; `scores` alone names the players")
    func finalScores() throws {
        let (game, scores) = try Self.read(["scores: {Ann: 42, Bo: 37}"])
        #expect(scores.lineup == .players(["Ann", "Bo"]))
        #expect(
            scores.decision
                == .points(.init(.final([.init(player: "Ann", points: 42), .init(player: "Bo", points: 37)]))))
        #expect(game.winners == ["Ann"])
        let (_, listed) = try Self.read(["win: lowest", "players: [Ann, Bo]", "scores: {Bo: 37, Ann: 42}"])
        #expect(listed.players == ["Ann", "Bo"])
        #expect(listed.winners == ["Bo"])
    }

    @Test("Ranks only, ties allowed; `ranks` alone names the players")
    func ranksOnly() throws {
        let (game, scores) = try Self.read(["ranks: {Ann: 1, Bo: 2, Cy: 2}"])
        #expect(scores.decision == .ranks(["Ann": 1, "Bo": 2, "Cy": 2], points: nil))
        #expect(scores.players == ["Ann", "Bo", "Cy"])
        #expect(
            game.outcome
                == .ranked([
                    .init(players: ["Ann"], place: 1), .init(players: ["Bo"], place: 2),
                    .init(players: ["Cy"], place: 2),
                ]))
    }

    @Test func winnersOnly() throws {
        let (game, scores) = try Self.read(["players: [Ann, Bo, Cy]", "winners: [Bo]"])
        #expect(scores.decision == .winners(["Bo"], points: nil))
        #expect(game.winners == ["Bo"])
        #expect(scores.standings.map(\.place) == [1, 2, 2])
    }

    @Test("Ranks with points break the tie")
    func tiebreak() throws {
        let (game, scores) = try Self.read([
            "players: [Ann, Bo]", "rounds:", "  - {Ann: 5, Bo: 5}", "ranks: {Ann: 2, Bo: 1}",
        ])
        #expect(
            scores.decision
                == .ranks(
                    ["Ann": 2, "Bo": 1],
                    points: .init(
                        .rounds(start: 0, [[.init(player: "Ann", points: 5), .init(player: "Bo", points: 5)]]))))
        #expect(game.winners == ["Bo"])
    }

    @Test(arguments: [("won", true), ("lost", false)])
    func cooperative(result: String, won: Bool) throws {
        let (game, scores) = try Self.read(["cooperative: true", "result: \(result)", "players: [Ann, Bo]"])
        #expect(scores.decision == .cooperative(won: won))
        #expect(game.outcome == .cooperative(players: ["Ann", "Bo"], won: won))
        #expect(game.winners.isEmpty)
    }

    @Test("A cooperative game still being played needs no result")
    func cooperativeInPlay() throws {
        let (game, scores) = try Self.read(["status: playing", "cooperative: true", "players: [Ann, Bo]"])
        #expect(scores.decision == .cooperative(won: nil))
        #expect(game.outcome == nil)
        // `cooperative: false` is an ordinary game.
        #expect(
            try Self.read(["cooperative: false", "scores: {Ann: 1}"]).1.decision
                == .points(.init(.final([.init(player: "Ann", points: 1)]))))
    }

    @Test("Teams: without `players` the teams name them; points by player add up")
    func teams() throws {
        let (game, scores) = try Self.read([
            "teams: {Red: [Ann, Bo], Blue: [Cy, Di]}", "scores: {Ann: 3, Bo: 4, Cy: 5, Di: 1}",
        ])
        #expect(
            scores.lineup
                == .teams([.init(name: "Red", players: ["Ann", "Bo"]), .init(name: "Blue", players: ["Cy", "Di"])]))
        #expect(game.players == ["Ann", "Bo", "Cy", "Di"])
        #expect(game.winners == ["Ann", "Bo"])
        #expect(scores.standings.map(\.total) == [7, 6])
    }

    @Test(
        "Teams: scores, ranks and winners may name the teams",
        arguments: [
            "scores: {Red: 310, Blue: 450}", "ranks: {Red: 2, Blue: 1}", "winners: [Blue]",
        ])
    func teamsNamed(line: String) throws {
        let (game, _) = try Self.read([
            "players: [Ann, Bo, Cy, Di]", "teams:", "  Red: [Ann, Bo]", "  Blue: [Cy, Di]", line,
        ])
        #expect(game.winners == ["Cy", "Di"])
        #expect(
            game.outcome
                == .ranked([
                    .init(team: "Blue", players: ["Cy", "Di"], place: 1),
                    .init(team: "Red", players: ["Ann", "Bo"], place: 2),
                ]))
    }

    @Test func boardgameAndBGG() throws {
        let (game, _) = try Self.read(["boardgame: Catan", "bgg: 13", "scores: {Ann: 10}"])
        #expect(game.boardgameName == "Catan")
        #expect(game.bggID == 13)
        #expect(game.boardgame == .named("Catan"))
    }

    /// Each case: front-matter lines from line 5, and the one diagnostic expected, as printed.
    @Test(
        "Impossible combinations are reported where they are written",
        arguments: [
            Labeled(
                "rounds and scores",
                (
                    ["players: [Ann]", "rounds:", "  - {Ann: 1}", "scores: {Ann: 3}"],
                    "g.md:8:1: error: a game keeps either `rounds` or final `scores`, not both; keep `rounds` to show the game round by round, or `scores` for the final points alone"
                )),
            Labeled(
                "start and scores",
                (
                    ["start: 10", "scores: {Ann: 3}"],
                    "g.md:5:1: error: `start` is added to round points, and this game has final `scores`; add the starting points into the scores and remove `start`"
                )),
            Labeled(
                "scores missing a player",
                (
                    ["players: [Ann, Bo, Cy]", "scores: {Ann: 3}"],
                    "g.md:6:1: error: `scores` gives no score to `Bo` and `Cy`; give every player their final points (0 counts)"
                )),
            Labeled(
                "scores naming a stranger",
                (
                    ["players: [Ann, Bo]", "scores: {Ann: 3, Boo: 2}"],
                    "g.md:6:18: error: `scores` names `Boo`, who is not in `players` (did you mean `Bo`?); add them to `players` or fix the name"
                )),
            Labeled(
                "scores not a mapping",
                (
                    ["players: [Ann]", "scores: [3]"],
                    "g.md:6:9: error: `scores` must map each player to their final points, e.g. `scores: {Ann: 42, Bo: 37}`, found a list"
                )),
            Labeled(
                "ranks naming a stranger",
                (
                    ["players: [Marta, Elisha]", "ranks: {Marta: 1, Elsha: 2}"],
                    "g.md:6:19: error: `ranks` names `Elsha`, who is not in `players` (did you mean `Elisha`?); name the players of this game, or fix the name"
                )),
            Labeled(
                "ranks missing a player",
                (
                    ["players: [Ann, Bo, Cy]", "ranks: {Ann: 1, Cy: 2}"],
                    "g.md:6:1: error: `ranks` gives no rank to `Bo`; rank every player; equal ranks share a place"
                )),
            Labeled(
                "rank out of range",
                (
                    ["players: [Ann, Bo]", "ranks: {Ann: 1, Bo: 3}"],
                    "g.md:6:21: error: Bo's rank must be a whole number from 1 to 2 (the number of players), found `3`; 1 is first; equal ranks share a place"
                )),
            Labeled(
                "nobody first",
                (
                    ["ranks: {Ann: 2, Bo: 2}"],
                    "g.md:5:1: error: nobody has rank 1 in `ranks`; 1 is first place; equal ranks share a place"
                )),
            Labeled(
                "ranks and winners",
                (
                    ["players: [Ann, Bo]", "ranks: {Ann: 1, Bo: 2}", "winners: [Ann]"],
                    "g.md:7:1: error: `ranks` and `winners` both say who won; give one of them; keep `ranks` for the whole order, or `winners` when only the winners count"
                )),
            Labeled(
                "empty winners",
                (
                    ["players: [Ann, Bo]", "winners: []"],
                    "g.md:6:1: error: `winners` is empty; name who won, e.g. `winners: [Ann]`"
                )),
            Labeled(
                "winner twice",
                (
                    ["players: [Ann, Bo]", "winners: [Ann, Ann]"],
                    "g.md:6:16: error: `Ann` is named twice in `winners`; name every winner once"
                )),
            Labeled(
                "winner a stranger",
                (
                    ["players: [Ann, Bo]", "winners: [Cy]"],
                    "g.md:6:11: error: `winners` names `Cy`, who is not in `players`; name the players of this game, or fix the name"
                )),
            Labeled(
                "win without points",
                (
                    ["win: lowest", "players: [Ann, Bo]", "winners: [Ann]"],
                    "g.md:5:1: error: `win` says which end of the points wins, and this game keeps no points; remove `win`: `winners` says who won"
                )),
            Labeled(
                "cooperative with ranks",
                (
                    ["cooperative: true", "result: won", "players: [Ann, Bo]", "ranks: {Ann: 1, Bo: 2}"],
                    "g.md:8:1: error: `ranks` has no place in a cooperative game: all players win or lose together; remove `ranks`, or `cooperative: true` if the players played against each other"
                )),
            Labeled(
                "cooperative with rounds",
                (
                    ["cooperative: true", "result: lost", "players: [Ann]", "rounds:", "  - {Ann: 1}"],
                    "g.md:8:1: error: `rounds` has no place in a cooperative game: all players win or lose together; remove `rounds`, or `cooperative: true` if the players played against each other"
                )),
            Labeled(
                "cooperative with teams",
                (
                    ["cooperative: true", "result: won", "teams: {Red: [Ann], Blue: [Bo]}"],
                    "g.md:7:1: error: `teams` has no place in a cooperative game: all players win or lose together; remove `teams`, or `cooperative: true` if the players played against each other"
                )),
            Labeled(
                "cooperative without result",
                (
                    ["cooperative: true", "players: [Ann, Bo]"],
                    "g.md:5:1: error: a finished cooperative game needs its result; add `result: won` or `result: lost`, or set `status: playing`"
                )),
            Labeled(
                "result without cooperative",
                (
                    ["players: [Ann, Bo]", "result: won"],
                    "g.md:6:1: error: `result` is for cooperative games, which all players win or lose together; add `cooperative: true`, or say who won with points, `ranks` or `winners`"
                )),
            Labeled(
                "result misspelt",
                (
                    ["cooperative: true", "result: win", "players: [Ann]"],
                    "g.md:6:9: error: `result` must be one of won, lost, found `win` (did you mean `won`?)"
                )),
            Labeled(
                "cooperative not a flag",
                (
                    ["cooperative: yes", "players: [Ann]"],
                    "g.md:5:14: error: `cooperative` must be true or false, found `yes`"
                )),
            Labeled(
                "player in two teams",
                (
                    ["teams: {Red: [Ann, Bo], Blue: [Cy, Ann]}"],
                    "g.md:5:36: error: `Ann` plays for team `Red` and team `Blue`; a player plays for one team; list them once"
                )),
            Labeled(
                "player twice in a team",
                (
                    ["teams: {Red: [Ann, Ann]}"],
                    "g.md:5:20: error: `Ann` is listed twice in team `Red`; a player plays for one team; list them once"
                )),
            Labeled(
                "team member not a player",
                (
                    ["players: [Ann, Bo]", "teams: {Red: [Ann], Blue: [Boo]}"],
                    "g.md:6:28: error: team `Blue` names `Boo`, who is not in `players` (did you mean `Bo`?); add them to `players` or fix the name"
                )),
            Labeled(
                "player in no team",
                (
                    ["players: [Ann, Bo, Cy]", "teams: {Red: [Ann], Blue: [Bo]}"],
                    "g.md:5:20: error: `Cy` is in `players` but in no team; add them to a team in `teams`; a player on their own is a team of one"
                )),
            Labeled(
                "team named like a player",
                (
                    ["teams: {Ann: [Ann, Bo], Blue: [Cy]}"],
                    "g.md:5:9: error: team `Ann` has the name of a player; give the team another name: `scores` and `ranks` could not tell them apart"
                )),
            Labeled(
                "empty team",
                (
                    ["teams: {Red: [Ann], Blue: []}"],
                    "g.md:5:21: error: team `Blue` has no players; list them, e.g. `Blue: [Ann, Bo]`"
                )),
            Labeled(
                "teams not a mapping",
                (
                    ["teams: [Ann, Bo]"],
                    "g.md:5:8: error: `teams` must map each team to its players, e.g. `teams: {Red: [Ann, Bo], Blue: [Cy, Di]}`, found a list"
                )),
            Labeled(
                "ranks naming a team's player",
                (
                    ["teams: {Red: [Ann, Bo], Blue: [Cy]}", "ranks: {Ann: 1, Blue: 2}"],
                    "g.md:6:9: error: `ranks` names `Ann`, a player of team `Red`; in a team game it names teams; write `Red` instead"
                )),
            Labeled(
                "winners naming a team's player",
                (
                    ["teams: {Red: [Ann, Bo], Blue: [Cy]}", "winners: [Cy]"],
                    "g.md:6:11: error: `winners` names `Cy`, a player of team `Blue`; in a team game it names teams; write `Blue` instead"
                )),
            Labeled(
                "points to players and teams",
                (
                    ["teams: {Red: [Ann, Bo], Blue: [Cy]}", "scores: {Red: 3, Cy: 2}"],
                    "g.md:6:18: error: `Cy` is a player, but `Red` before is a team; give points either to players (a team's total adds them up) or to teams, not both"
                )),
            Labeled(
                "rounds naming a stranger with teams",
                (
                    ["teams: {Red: [Ann], Blue: [Cy]}", "rounds:", "  - {Ann: 1, Green: 2}"],
                    "g.md:7:14: error: round 1 names `Green`, who is neither in `players` nor a team; add them to `players` or fix the name"
                )),
            Labeled(
                "bgg not a number",
                (
                    ["bgg: catan", "scores: {Ann: 1}"],
                    "g.md:5:6: error: `bgg` must be the board game's BoardGameGeek id, a whole number from 1 up, found `catan`; take it from the game's address: boardgamegeek.com/boardgame/13/catan is `bgg: 13`"
                )),
            Labeled(
                "bgg zero",
                (
                    ["bgg: 0", "scores: {Ann: 1}"],
                    "g.md:5:6: error: `bgg` must be the board game's BoardGameGeek id, a whole number from 1 up, found `0`; take it from the game's address: boardgamegeek.com/boardgame/13/catan is `bgg: 13`"
                )),
            Labeled(
                "empty boardgame",
                (
                    ["boardgame: \"\"", "scores: {Ann: 1}"],
                    "g.md:5:12: error: `boardgame` (the board game's name) must not be empty"
                )),
        ])
    func errors(_ example: Labeled<([String], String)>) {
        let (lines, expected) = example.value
        guard case .failure(let errors) = GameFileParser.parse(Self.file(lines), path: "g.md") else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.map(\.description) == [expected])
    }

    @Test("`boardgame` belongs to score-keeper games; bowling is its own")
    func boardgameOnBowling() {
        let text = "---\ngame: bowling\ntitle: T\ndate: 2026-11-28\nboardgame: Bowling\nplayers: []\n---\n"
        guard case .failure(let errors) = GameFileParser.parse(text, path: "b.md") else {
            Issue.record("expected an error")
            return
        }
        #expect(
            errors.diagnostics.map(\.description).first?.hasPrefix("b.md:5:1: error: unknown key `boardgame`") == true)
    }
}
