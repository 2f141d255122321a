import GameDomain
import GameFileParsing
import Testing

@Suite("Game files")
struct GameFileParserTests {
    static let catan = """
        ---
        game: scores
        title: Catan, second table
        date: 2026-11-20
        win: highest        # or lowest
        start: 0            # every player's starting points
        players: [Elisha, Andre, Jasmine]
        rounds:
          - {Elisha: 3, Andre: 5}
          - {Jasmine: 7, Andre: -1}
        ---
        Andre took the longest road in round 2.

        """

    @Test func parsesTheIssueExample() throws {
        let game = try GameFileParser.parse(Self.catan, path: "catan.md").get()
        #expect(game.title == "Catan, second table")
        #expect(game.date.text == "2026-11-20")
        #expect(game.status == .finished)
        #expect(game.notes == "Andre took the longest road in round 2.\n")
        guard case .scores(let scores) = game.content else {
            Issue.record("not a score game")
            return
        }
        #expect(scores.players == ["Elisha", "Andre", "Jasmine"])
        #expect(scores.rounds.count == 2)
        #expect(game.winners == ["Jasmine"])
    }

    /// The byte-level split (LF only) and the `Character` split (any line break) agree.
    @Test(arguments: ["\n", "\r\n", "\r", "\u{2028}", "\u{85}"])
    func everyLineBreakGivesTheSameGame(lineBreak: String) throws {
        for (tail, notes) in [("— tea · café", "— tea · café\n"), ("tea\u{2029}after", "tea\nafter\n")] {
            let text = (Self.catan + tail + "\n").replacing("\n", with: lineBreak)
            let game = try GameFileParser.parse(text, path: "catan.md").get()
            #expect(game.title == "Catan, second table")
            #expect(game.winners == ["Jasmine"])
            #expect(game.notes == "Andre took the longest road in round 2.\n" + notes)
        }
    }

    @Test func defaultsAndCRLF() throws {
        let text =
            "---\r\ngame: scores\r\ntitle: T\r\ndate: 2026-01-02\r\nstatus: playing\r\nplayers:\r\n  - A\r\n  - B\r\n---\r\nnotes\r\n"
        let game = try GameFileParser.parse(text, path: "t.md").get()
        guard case .scores(let scores) = game.content else {
            Issue.record("not a score game")
            return
        }
        #expect(scores.win == .highest)
        #expect(scores.start == 0)
        #expect(game.status == .playing)
        #expect(game.winners.isEmpty)
    }

    /// Each case: the front matter lines after `---` (line 2 on), and the one diagnostic expected.
    @Test(
        "Errors point at the offending line and column",
        arguments: [
            (
                ["game: scores", "title: T", "date: 2026-11-20", "players: [A, B]", "rounds:", "  - {A: 1, C: 2}"],
                "7:12", "round 1 names `C`, who is not in `players`"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "players: [A, B]", "rounds:", "  - {A: 1.5}"],
                "7:9", "A's points in round 1 must be a whole number"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "win: most", "players: [A]"],
                "5:6", "`win` must be one of highest, lowest"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "status: done", "players: [A]"],
                "5:9", "`status` must be one of setup, playing, finished"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "players: [Andre, Bo, andre]"],
                "5:22", "player `andre` is listed twice"
            ),
            (
                ["title: T", "date: 2026-11-20", "players: [A]"],
                "2:1", "missing key `game`"
            ),
            (
                ["game: chess", "title: T", "date: 2026-11-20"],
                "2:7", "unknown game `chess`"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "plyers: [A]"],
                "5:1", "unknown key `plyers` in the front matter (did you mean `players`?)"
            ),
            // Two letters swapped count as one typo.
            (
                ["game: scores", "titel: T", "date: 2026-11-20", "players: [A]"],
                "3:1", "unknown key `titel` in the front matter (did you mean `title`?)"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-32", "players: [A]"],
                "4:7", "`date` names a day that does not exist, found `2026-11-32`"
            ),
            (
                ["game: scores", "title: T", "date: 2026-02-29", "players: [A]"],
                "4:7", "`date` names a day that does not exist"
            ),
            (
                ["game: scores", "title: T", "date: 2026-13-01", "players: [A]"],
                "4:7", "`date` names a month that does not exist"
            ),
            (
                ["game: scores", "title: T", "date: 20261120", "players: [A]"],
                "4:7", "`date` must be an ISO date"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "players:", "\t- A"],
                "6:1", "this line is indented with a tab, and YAML indents with spaces only"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "start: ten", "players: [A]"],
                "5:8", "`start` (every player's starting points) must be a whole number"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "players: [A", "rounds: []"],
                "5:10", "YAML error: this `[` is never closed"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "players: [A]", "rounds:", "  - {A: 1", "  - {A: 2}"],
                "7:5", "YAML error: this `{` is never closed"
            ),
            (
                ["game: bowling", "title: T", "date: 2026-11-20", "players:", "  - name: A", "    rolls: |X|X|X|"],
                "7:12", "a value starting with `|` or `>` must be quoted"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "scores: {Ana: 3 Ben: 5}"],
                "5:20", "YAML error: a `,` is missing between two entries of this `{}`"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "players: [\"O'Neil\" Ben]", "winners: [Ben]"],
                "5:20", "YAML error: a `,` is missing between two entries of this `[]`"
            ),
            (
                [
                    "game: scores", "title: T", "date: 2026-11-20", "players: [A]", "rounds: [{A: 1},",
                    "  {A: 2} {A: 3}]",
                ],
                "7:10", "YAML error: a `,` is missing between two entries of this `[]`"
            ),
            (
                ["game: scores", "title: T", "date: 0000-11-20", "players: [A]"],
                "4:7", "`date` must be an ISO date"
            ),
            (
                [
                    "game: fifteen", "title: T", "date: 2026-11-20", "size: 4",
                    "start: [\"1 2 3\", \"4 5 6\", \"7 8 _\"]", "players: []",
                ],
                "6:8", "in `start`, expected 4 rows for a 4×4 board, found 3; for a 3×3 board, set `size: 3`"
            ),
            (
                ["game: scores", "title: T", "date: 2026-11-20", "players: [A]", "rounds:", "  - {A: 1, A: 2}"],
                "7:6", "appears twice"
            ),
        ])
    func errors(lines: [String], location: String, message: String) {
        let text = "---\n" + lines.joined(separator: "\n") + "\n---\nNotes.\n"
        let result = GameFileParser.parse(text, path: "games/bad.md")
        guard case .failure(let errors) = result else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.count == 1, "\(errors.diagnostics)")
        let first = errors.diagnostics.first
        #expect(first.map { "\($0.location?.description ?? "none")" } == location, "\(String(describing: first))")
        #expect(first?.message.contains(message) == true, "\(String(describing: first?.message))")
        #expect(first?.description.hasPrefix("games/bad.md:\(location): error: ") == true)
    }

    @Test(
        "Front matter that is missing or not closed",
        arguments: [
            ("Just notes\n", "1:1", "must start with a front matter line `---`"),
            ("---\ngame: scores\ntitle: T\n", "1:1", "never closed"),
            ("---\n---\nnotes", "1:1", "front matter is empty"),
        ])
    func frontMatter(text: String, location: String, message: String) {
        guard case .failure(let errors) = GameFileParser.parse(text, path: "x.md") else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.map { "\($0.location?.description ?? "none")" } == [location])
        #expect(errors.diagnostics.first?.message.contains(message) == true)
    }

    /// A wrong status or puzzle time does not hide the errors after it.
    @Test(
        "Every error of a file in one run, past a wrong status or time",
        arguments: [
            (
                [
                    "game: scores", "title: T", "date: 2026-11-20", "status: done", "players: [A, B]",
                    "scores: {A: x, B: 3}",
                ], ["5:9", "7:13"]
            ),
            // A wrong status is taken as `playing`: no error for a line not yet finished.
            (
                [
                    "game: bowling", "title: T", "date: 2026-11-20", "status: Playing", "players:",
                    "  - {name: Ana, rolls: X X}",
                ], ["5:9"]
            ),
            (
                [
                    "game: fifteen", "title: T", "date: 2026-11-20", "start: [\"1 2 3\", \"4 5 6\", \"7 _ 8\"]",
                    "players:",
                    "  - {name: Ann, moves: \"12 1 R3\", time: 1.14.5}",
                ], ["7:30", "7:41"]
            ),
        ])
    func pastAWrongValue(lines: [String], locations: [String]) {
        guard
            case .failure(let errors) = GameFileParser.parse(
                "---\n" + lines.joined(separator: "\n") + "\n---\n", path: "x.md")
        else {
            Issue.record("expected errors")
            return
        }
        #expect(errors.diagnostics.map { $0.location?.description ?? "none" } == locations, "\(errors.diagnostics)")
    }

    @Test func reportsEveryErrorOfAFileInOrder() {
        let text = """
            ---
            game: scores
            date: someday
            win: most
            players: [A, B]
            rounds:
              - {A: x, Z: 1}
            ---
            """
        guard case .failure(let errors) = GameFileParser.parse(text, path: "x.md") else {
            Issue.record("expected errors")
            return
        }
        #expect(
            errors.diagnostics.map { "\($0.location?.description ?? "none")" } == ["2:1", "3:7", "4:6", "7:9", "7:12"])
    }
}
