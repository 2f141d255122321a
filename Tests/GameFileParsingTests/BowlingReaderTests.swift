import GameDomain
import GameFileParsing
import Testing

@Suite("Bowling game files")
struct BowlingReaderTests {
    /// A game file whose front matter is the common keys, then `players:` and `lines` (so the
    /// first of `lines` stands on line 7 of the file).
    static func file(_ lines: [String], status: String = "finished") -> String {
        (["---", "game: bowling", "title: League night", "date: 2026-11-21", "status: \(status)", "players:"] + lines
            + ["---", "Notes.", ""])
            .joined(separator: "\n")
    }

    static func bowling(_ text: String) throws -> BowlingGame {
        let game = try GameFileParser.parse(text, path: "bowl.md").get()
        guard case .bowling(let bowling) = game.content else { throw NotBowling() }
        return bowling
    }

    struct NotBowling: Error {}

    @Test func readsNotationAndPinCounts() throws {
        let game = try Self.bowling(
            Self.file([
                "  - {name: Ann, rolls: X X X X X X X X X XXX}",
                "  - name: Bo",
                "    rolls: \"9-|9-|9-|9-|9-|9-|9-|9-|9-|9-\"",
                "  - name: Cy",
                "    rolls: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]",
            ]))
        #expect(game.players.map(\.name) == ["Ann", "Bo", "Cy"])
        #expect(game.players.map(\.line.total) == [300, 90, 150])
        #expect(game.winners.map(\.name) == ["Ann"])
    }

    @Test func unfinishedLinesWhilePlaying() throws {
        let game = try Self.bowling(
            Self.file(
                [
                    "  - {name: Ann, rolls: X X 7}",
                    "  - {name: Bo, rolls: []}",
                    "  - {name: Cy}",
                    "  - {name: Di, rolls: ~}",
                ], status: "playing"))
        #expect(game.players.map(\.line.total) == [nil, nil, nil, nil])
        #expect(game.players[0].line.runningTotals.prefix(3) == [27, nil, nil])
        #expect(game.players.map(\.line.balls.count) == [3, 0, 0, 0])
        #expect(game.winners.isEmpty)
    }

    /// Each case: the lines after `players:` (the first on line 7), the status, and the one
    /// diagnostic expected as `line:column` and part of its message.
    @Test(
        "Errors point at the offending character or list element",
        arguments: [
            // Plain scalar in a flow mapping: the notation starts at column 24.
            (["  - {name: Ann, rolls: X 7/ 9- 7 5}"], "playing", "7:34", "frame 4: 5 pins, but only 3 are standing"),
            (["  - {name: Ann, rolls: 7X}"], "playing", "7:25", "X is a strike, only on a ball at a full rack"),
            (["  - {name: Ann, rolls: X X X X X X X X X X X X X}"], "finished", "7:48", "ball after the game is over"),
            (["  - {name: Ann, rolls: X (9)}"], "playing", "7:26", "(9) cannot be a split"),
            // Quoted scalars: the quote itself is one column.
            (["  - {name: Ann, rolls: \"X X x\"}"], "playing", "7:29", "unknown character 'x': write a strike as X"),
            (["  - name: Ann", "    rolls: '/ X'"], "playing", "8:13", "/ is a spare"),
            (
                ["  - name: Ann", "    rolls: \"X X 9 9 9\""], "playing", "8:19",
                "frame 3: 9 pins, but only 1 is standing"
            ),
            // Plain scalar in a block mapping.
            (
                ["  - name: Ann", "    rolls: X X X X X X X X X X9 9"], "playing", "8:33",
                "frame 10: 9 pins, but only 1 is standing"
            ),
            (["  - name: Ann", "    rolls: X (8"], "playing", "8:14", "( is not closed"),
            // Lists of pin counts: the offending element.
            (
                ["  - name: Ann", "    rolls: [10, 7, 5]"], "playing", "8:20",
                "frame 2: 5 pins, but only 3 are standing"
            ),
            (["  - name: Ann", "    rolls: [10, -1]"], "playing", "8:17", "-1 pins: a ball knocks down 0 to 10 pins"),
            (["  - name: Ann", "    rolls: [10, x]"], "playing", "8:17", "a ball's pins must be a whole number"),
            (
                ["  - name: Ann", "    rolls:", "      - 10", "      - 11"], "playing", "10:9",
                "11 pins: a ball knocks down at most 10"
            ),
            // A finished game needs finished lines.
            (
                ["  - {name: Ann, rolls: X X}"], "finished", "7:24",
                "`status: finished`, but Ann's line is not: frames 3–10 are still to bowl"
            ),
            (
                ["  - {name: Ann, rolls: X X X X X X X X X X}"], "finished", "7:24",
                "the 10th frame's second ball is missing"
            ),
            (
                ["  - {name: Ann, rolls: X X X X X X X X X 9/}"], "finished", "7:24",
                "the 10th frame's third ball is missing"
            ),
            (["  - {name: Ann, rolls: X 7}"], "finished", "7:24", "frame 2 needs its second ball, and frames 3–10"),
            (["  - {name: Ann}"], "finished", "7:5", "Ann's line is not: it has no balls yet"),
            (["  - {name: Ann, rolls: \"\"}"], "finished", "7:24", "it has no balls yet"),
            // Players.
            (
                ["  - {name: Ann, rolls: X}", "  - {name: \" ANN \", rolls: X}"], "playing", "8:12",
                "player `ANN` is listed twice (as `Ann` before)"
            ),
            (["  - {rolls: X}"], "playing", "7:5", "missing key `name`"),
            (["  - {name: Ann, roll: X}"], "playing", "7:17", "unknown key `roll` in a player (did you mean `rolls`?)"),
            (["  - Ann"], "playing", "7:5", "each player must be a mapping with `name` and `rolls`"),
            (["  - {name: Ann, rolls: {X: 1}}"], "playing", "7:24", "`rolls` must be score-sheet notation"),
        ])
    func errors(lines: [String], status: String, location: String, message: String) {
        let result = GameFileParser.parse(Self.file(lines, status: status), path: "games/bowl.md")
        guard case .failure(let errors) = result else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.count == 1, "\(errors.diagnostics)")
        let first = errors.diagnostics.first
        #expect(first.map { "\($0.location?.description ?? "none")" } == location, "\(String(describing: first))")
        #expect(first?.message.contains(message) == true, "\(String(describing: first?.message))")
        #expect(first?.description.hasPrefix("games/bowl.md:\(location): error: ") == true)
    }

    @Test func reportsEveryPlayersErrors() {
        let text = Self.file([
            "  - {name: Ann, rolls: X X x}",
            "  - {name: Bo, rolls: [10, 11]}",
            "  - {name: Cy, rolls: 9-}",
        ])
        guard case .failure(let errors) = GameFileParser.parse(text, path: "b.md") else {
            Issue.record("expected errors")
            return
        }
        #expect(errors.diagnostics.map { "\($0.location?.description ?? "none")" } == ["7:28", "8:28", "9:23"])
    }

    @Test func missingPlayers() {
        let text = "---\ngame: bowling\ntitle: T\ndate: 2026-11-21\n---\n"
        guard case .failure(let errors) = GameFileParser.parse(text, path: "b.md") else {
            Issue.record("expected errors")
            return
        }
        #expect(errors.diagnostics.map(\.message).first?.contains("missing key `players`") == true)
    }
}
