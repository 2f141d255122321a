import GameDomain
import GameFileParsing
import Testing

@Suite("Fifteen game files")
struct FifteenReaderTests {
    static let head = ["game: fifteen", "title: T", "date: 2026-11-22"]
    static let start3 = ["size: 3", "start:", "  - 1 2 3", "  - 4 5 6", "  - 7 _ 8"]

    func parse(_ lines: [String]) -> Result<Game, GameFileErrors> {
        GameFileParser.parse("---\n" + lines.joined(separator: "\n") + "\n---\nNotes.\n", path: "games/race.md")
    }

    func puzzle(_ lines: [String]) throws -> PuzzleGame {
        let game = try parse(lines).get()
        guard case .fifteen(let puzzle) = game.content else { throw WrongKind() }
        return puzzle
    }

    struct WrongKind: Error {}

    @Test func readsLayoutsPlayersAndTimes() throws {
        let game = try puzzle(
            Self.head + Self.start3 + [
                "players:",
                "  - {name: Ana, moves: 8, time: 4.5}",
                "  - {name: Bo, moves: L R L, time: '1:05'}",
                "  - name: Cy",
                "    moves: [R, L2]",
                "  - {name: Di}",
            ])
        #expect(game.start.tiles == [1, 2, 3, 4, 5, 6, 7, 0, 8])
        #expect(game.seed == nil)
        #expect(game.players.map(\.name) == ["Ana", "Bo", "Cy", "Di"])
        #expect(game.players.map(\.result.solved) == [true, true, true, false])
        #expect(game.players.map(\.result.moveCount) == [1, 3, 3, 0])
        #expect(game.players.map(\.result.seconds) == [4.5, 65, nil, nil])
        // Equal moves: a time beats no time.
        #expect(game.places == [1, 2, 3, nil])
        #expect(game.winners == ["Ana"])
        #expect(game.optimum == nil)
    }

    @Test(
        "Rows as lists or text, commas or spaces, _ or 0; without `size` the rows give the width",
        arguments: [
            ["start: [[1, 2, 3], [4, 5, 6], [7, 0, 8]]"],
            ["start: ['1,2,3', '4,5,6', '7,_,8']"],
            ["start:", "  - [1, 2, 3]", "  - 4 5 6", "  - 7,_ , 8"],
        ])
    func layoutForms(start: [String]) throws {
        let game = try puzzle(Self.head + start + ["players: []"])
        #expect(game.start.tiles == [1, 2, 3, 4, 5, 6, 7, 0, 8])
    }

    @Test func shuffleIsTheSeededBoard() throws {
        let game = try puzzle(Self.head + ["start: {shuffle: {seed: 13}}", "players: []"])
        #expect(game.seed == 13)
        #expect(game.start == (try PuzzleBoard.shuffled(size: 4, seed: 13)))
        #expect(game.start.tiles == [8, 10, 1, 14, 13, 15, 9, 2, 11, 12, 6, 4, 5, 3, 7, 0])
        let small = try puzzle(Self.head + ["size: 3", "start: {shuffle: {seed: 13}}", "players: []"])
        #expect(small.start.size == 3)
    }

    /// Each case: the front matter lines (line 2 on), then the one diagnostic expected.
    @Test(
        "Errors point at the offending line and column",
        arguments: [
            (
                head + ["start:", "  - 1 2 3", "  - 4 x 6", "  - 7 _ 8", "players: []"],
                "7:7", "in `start`, row 2, column 2: expected a tile number or _ for the blank, found 'x'"
            ),
            (
                head + ["start:", "  - [1, 2, 3]", "  - [4, 5, 5]", "  - [7, _, 8]", "players: []"],
                "7:12", "in `start`, row 2, column 3: tile 5 appears twice"
            ),
            (
                head + ["start:", "  - 1 2 3", "  - 4 5", "  - 7 _ 8", "players: []"],
                "7:5", "in `start`, row 2, column 3: expected 3 tiles in this row, found 2"
            ),
            (
                head + ["start:", "  - 1 2 3", "  - 4 5 6", "  - 8 7 _", "players: []"],
                "6:3", "this layout can never be solved"
            ),
            (
                head + ["size: 4", "start:", "  - 1 2 3", "  - 4 5 6", "  - 7 _ 8", "players: []"],
                "7:3", "in `start`, expected 4 rows for a 4×4 board, found 3; for a 3×3 board, set `size: 3`"
            ),
            (
                head + ["size: 3", "start:", "  - 1 2 3", "  - 4 5 6", "  - 7 _ 8", "  - 9 10 11", "players: []"],
                "10:5", "in `start`, row 4: expected 3 rows for a 3×3 board, found 4"
            ),
            (
                head + [
                    "size: 3", "start:", "  - 1 2 3 4", "  - 5 6 7 8", "  - 9 10 11 12", "  - 13 14 15 _",
                    "players: []",
                ],
                "7:3", "in `start`, expected 3 rows for a 3×3 board, found 4; for a 4×4 board, set `size: 4`"
            ),
            (
                head + start3 + ["players:", "  - {name: Ana, moves: 8 5}"],
                "11:26", "in Ana's moves, move 2: tile 5 is not next to the blank; tiles that can move: 6, 8"
            ),
            (
                head + start3 + ["players:", "  - {name: Bo, moves: L R3}"],
                "11:25", "in Bo's moves, move 4: R has no tile to slide (the blank is at that edge)"
            ),
            (
                head + start3 + ["players:", "  - name: Cy", "    moves:", "      - R", "      - 7 9"],
                "14:11", "in Cy's moves, move 3: there is no tile 9 on this board"
            ),
            (
                head + start3 + ["players:", "  - {name: Di, moves: 8 x}"],
                "11:25", "in Di's moves, expected a tile number, found 'x'"
            ),
            (
                head + start3 + ["players:", "  - {name: Ana, moves: '8'}", "  - {name: ' ana ', moves: '8'}"],
                "12:12", "player `ana` is listed twice (as `Ana` before)"
            ),
            (
                head + start3 + ["players:", "  - {name: Ana, time: soon}"],
                "11:23", "`time` must be seconds such as 95"
            ),
            (
                head + start3 + [
                    "players:", "  - {name: Ana, time: 5555555555555555555555555555555555555555555555555555}",
                ],
                "11:23", "`time` must be at most 24 hours (86400 seconds)"
            ),
            (
                head + start3 + ["players:", "  - {name: Ana, mvoes: 8}"],
                "11:17", "unknown key `mvoes` in a player (did you mean `moves`?); the keys here are name, moves, time"
            ),
            (
                head + ["size: 9", "start: {shuffle: {seed: 1}}", "players: []"],
                "5:7", "`size` must be a whole number from 3 to 8"
            ),
            (
                head + ["start: {shuffle: {seed: -1}}", "players: []"],
                "5:25", "`seed` must be a whole number from 0 up"
            ),
            (
                head + ["start: {shufle: {seed: 1}}", "players: []"],
                "5:9", "unknown key `shufle` in `start` (did you mean `shuffle`?)"
            ),
            (
                head + ["players: []"],
                "2:1", "missing key `start`"
            ),
        ])
    func errors(lines: [String], location: String, message: String) {
        guard case .failure(let errors) = parse(lines) else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.count == 1, "\(errors.diagnostics)")
        let first = errors.diagnostics.first
        #expect(first.map { "\($0.location?.description ?? "none")" } == location, "\(String(describing: first))")
        #expect(first?.message.contains(message) == true, "\(String(describing: first?.message))")
        #expect(first?.description.hasPrefix("games/race.md:\(location): error: ") == true)
    }

    @Test(
        "Minutes:seconds and plain seconds",
        arguments: [
            ("95", 95.0), ("95.5", 95.5), ("1:35", 95.0), ("0:07.25", 7.25),
        ])
    func times(text: String, seconds: Double) throws {
        let game = try puzzle(Self.head + Self.start3 + ["players:", "  - {name: Ana, moves: '8', time: '\(text)'}"])
        #expect(game.players.first?.result.seconds == seconds)
    }

    @Test func moveNotationKeepsOffsets() throws {
        let moves = try MoveNotation.parseWithOffsets("R2, U L").map { "\($0.move)@\($0.offset)" }
        #expect(moves == ["R@0", "R@0", "U@4", "L@6"])
    }
}
