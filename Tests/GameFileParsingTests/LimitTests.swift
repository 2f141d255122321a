import GameDomain
import GameFileParsing
import Testing

/// The limits on what one game file may ask for: each exceeded limit is an error at the
/// offending place that names the limit and the flag raising it.
@Suite("Game file limits")
struct LimitTests {
    static let scores = ["game: scores", "title: T", "date: 2026-11-20"]
    static let bowling = ["game: bowling", "title: T", "date: 2026-11-20", "status: playing"]
    static let fifteen = ["game: fifteen", "title: T", "date: 2026-11-20"]
    static let small = GameFileLimits(maxPlayers: 2, maxMoves: 3, maxBoardSize: 3, maxRounds: 2)

    /// The front matter's lines start on line 2 of the file.
    func diagnostics(_ lines: [String], limits: GameFileLimits = small) -> [Diagnostic] {
        let text = "---\n" + lines.joined(separator: "\n") + "\n---\n"
        guard case .failure(let errors) = GameFileParser.parse(text, path: "games/x.md", limits: limits) else {
            return []
        }
        return errors.diagnostics
    }

    /// Each case: the front matter, then the one diagnostic expected as `line:column` and message.
    @Test(
        "Each limit is reported where it is exceeded, with its flag",
        arguments: [
            (
                scores + ["players:", "  - A", "  - B", "  - C"],
                "6:3", "3 players is more than the limit of 2; raise it with --max-players if this is intended"
            ),
            (
                scores + ["players: [A, B]", "rounds: [{A: 1}, {B: 1}, {A: 2}]"],
                "6:9", "3 rounds is more than the limit of 2; raise it with --max-rounds if this is intended"
            ),
            // Players named by `scores` alone, by teams, and teams themselves count too.
            (
                scores + ["scores: {A: 1, B: 2, C: 3}"],
                "5:9", "3 players is more than the limit of 2; raise it with --max-players"
            ),
            (
                scores + ["teams: {R: [A, B], S: [C]}"],
                "5:23", "3 players is more than the limit of 2; raise it with --max-players"
            ),
            (
                scores + ["teams: {R: [], S: [], T: []}"],
                "5:8", "3 players is more than the limit of 2; raise it with --max-players"
            ),
            (
                bowling + ["players: [{name: A}, {name: B}, {name: C}]"],
                "6:10", "3 players is more than the limit of 2; raise it with --max-players"
            ),
            (
                fifteen + ["size: 3", "start: {shuffle: {seed: 1}}", "players: [{name: A}, {name: B}, {name: C}]"],
                "7:10", "3 players is more than the limit of 2; raise it with --max-players"
            ),
            (
                fifteen + ["size: 4", "start: {shuffle: {seed: 1}}", "players: []"],
                "5:7", "board size 4 is more than the limit of 3; raise it with --max-board-size if this is intended"
            ),
            // Without `size`, a shuffle is 4×4 and a layout as wide as its rows.
            (
                fifteen + ["start: {shuffle: {seed: 1}}", "players: []"],
                "5:8", "board size 4 is more than the limit of 3; raise it with --max-board-size"
            ),
            (
                fifteen + ["start:", "  - 1 2 3 4", "  - 5 6 7 8", "  - 9 10 11 12", "  - 13 14 15 _", "players: []"],
                "6:3", "board size 4 is more than the limit of 3; raise it with --max-board-size"
            ),
            // The column is that of the first move past the limit, in whichever line it falls.
            (
                fifteen + ["size: 3", "start: {shuffle: {seed: 1}}", "players:", "  - {name: Ana, moves: R L R L}"],
                "8:30",
                "in Ana's moves, move 4 is past the limit of 3 moves per player; raise it with --max-moves if this is intended"
            ),
            (
                fifteen + ["size: 3", "start: {shuffle: {seed: 1}}", "players:", "  - {name: Ana, moves: R3 L3}"],
                "8:27", "in Ana's moves, move 4 is past the limit of 3 moves per player; raise it with --max-moves"
            ),
            (
                fifteen + [
                    "size: 3", "start: {shuffle: {seed: 1}}", "players:", "  - name: Ana", "    moves:", "      - 1 2",
                    "      - 3 4",
                ],
                "11:11", "in Ana's moves, move 4 is past the limit of 3 moves per player; raise it with --max-moves"
            ),
        ])
    func exceeded(lines: [String], location: String, message: String) {
        let found = diagnostics(lines)
        #expect(found.count == 1, "\(found)")
        #expect(found.first.map { "\($0.location?.description ?? "none")" } == location, "\(found)")
        #expect(found.first?.message.contains(message) == true, "\(String(describing: found.first?.message))")
        #expect(found.first?.description.hasPrefix("games/x.md:\(location): error: ") == true)
    }

    @Test func aLimitOfOneMoveIsSingular() {
        #expect(
            GameFileLimits(maxMoves: 1).exceeded(.moves, 2).hasPrefix("move 2 is past the limit of 1 move per player;"))
    }

    @Test(
        "At the limit is fine",
        arguments: [
            scores + ["players: [A, B]", "rounds: [{A: 1}, {B: 1}]"],
            bowling + ["players: [{name: A}, {name: B}]"],
            fifteen + ["size: 3", "start: {shuffle: {seed: 1}}", "players: [{name: A, moves: R L R}, {name: B}]"],
            fifteen + ["start: [[1, 2, 3], [4, 5, 6], [7, 8, _]]", "players: []"],
        ])
    func atTheLimit(lines: [String]) {
        #expect(diagnostics(lines).isEmpty)
    }

    @Test("Every exceeded limit of a file is reported, not only the first")
    func collected() {
        let found = diagnostics(Self.scores + ["players: [A, B, C]", "rounds: [{D: 1}, {B: 1}, {C: 1}, {D: 1}]"])
        #expect(
            found.map { String($0.message.prefix(22)) } == [
                "3 players is more than", "4 rounds is more than ", "round 1 names `D`, who",
            ])
    }

    /// Past a limit the file is rejected anyway, so what lies beyond it is not read.
    @Test func roundsPastTheLimitAreNotRead() {
        let found = diagnostics(Self.scores + ["players: [A]", "rounds: [{A: 1}, {A: 1}, {Z: 1}]"])
        #expect(
            found.map(\.message) == [
                "3 rounds is more than the limit of 2; raise it with --max-rounds if this is intended"
            ])
    }

    @Test(
        "Bowlers and racers past the limit are not read",
        arguments: [
            (
                bowling + ["players:", "  - {name: A, rolls: x}", "  - {name: B}", "  - {name: C, rolls: x}"],
                ["7:3", "7:22"]
            ),
            (
                fifteen + [
                    "size: 3", "start: {shuffle: {seed: 1}}", "players:", "  - {name: A, moves: x}", "  - {name: B}",
                    "  - {name: C, moves: x}",
                ],
                ["8:3", "8:22"]
            ),
        ])
    func playersPastTheLimitAreNotRead(lines: [String], locations: [String]) {
        // The limit at the list, then A's error; not C's.
        let found = diagnostics(lines)
        #expect(found.map { "\($0.location?.description ?? "none")" } == locations, "\(found)")
    }

    @Test("The defaults: 100 players, 10,000 moves, 8×8 boards, 10,000 rounds")
    func defaults() {
        let limits = GameFileLimits()
        #expect(
            [limits.maxPlayers, limits.maxMoves, limits.maxBoardSize, limits.maxRounds] == [100, 10_000, 8, 10_000])
        let players = "players: [" + (0...100).map { "p\($0)" }.joined(separator: ", ") + "]"
        #expect(
            diagnostics(Self.scores + [players], limits: limits).map(\.message)
                == ["101 players is more than the limit of 100; raise it with --max-players if this is intended"])
        let rounds = "rounds: [" + String(repeating: "{A: 1}, ", count: 10_000) + "{A: 1}]"
        #expect(
            diagnostics(Self.scores + ["players: [A]", rounds], limits: limits).first?.message
                == "10001 rounds is more than the limit of 10000; raise it with --max-rounds if this is intended")
    }

    /// Bowling needs no limit: the rules end a line after at most 21 balls.
    @Test(
        "A ball after the 10th frame is an error that says why",
        arguments: [
            ("rolls: [" + Array(repeating: "1", count: 21).joined(separator: ", ") + "]", "7:83"),
            ("rolls: X X X X X X X X X XXX X", "7:44"),
        ])
    func bowlingLinesEnd(rolls: String, location: String) {
        let found = diagnostics(Self.bowling + ["players:", "  - {name: A, \(rolls)}"])
        #expect(found.map { "\($0.location?.description ?? "none")" } == [location], "\(found)")
        #expect(
            found.first?.message == "ball after the game is over: the 10th frame is complete "
                + "(it takes a third ball only after a strike or a spare); remove this ball")
    }

    @Test(
        "Unusable limits are refused, naming the flag",
        arguments: [
            (GameFileLimits(maxPlayers: 0), "--max-players must be a whole number from 1 up, found 0"),
            (GameFileLimits(maxMoves: -5), "--max-moves must be a whole number from 1 up, found -5"),
            (GameFileLimits(maxRounds: 0), "--max-rounds must be a whole number from 1 up, found 0"),
            (
                GameFileLimits(maxBoardSize: 9),
                "--max-board-size must be from 3 to 8 (the board widths game files support), found 9"
            ),
            (
                GameFileLimits(maxBoardSize: 2),
                "--max-board-size must be from 3 to 8 (the board widths game files support), found 2"
            ),
        ])
    func problems(limits: GameFileLimits, problem: String) {
        #expect(limits.problem == problem)
        #expect(GameFileLimits().problem == nil)
    }
}
