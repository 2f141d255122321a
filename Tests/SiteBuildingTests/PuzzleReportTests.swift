import Foundation
import GameDomain
import GameFileParsing
import PuzzleSolver
import TestSupport
import Testing

@testable import SiteBuilding

@Suite("Puzzle games in score and build")
struct PuzzleReportTests {
    static func game(_ start: [String], players: [String], size: Int) throws -> Game {
        let text =
            (["---", "game: fifteen", "title: Race", "date: 2026-11-22", "size: \(size)", "start:"]
            + start.map { "  - \($0)" }
            + ["players:"] + players + ["---", ""]).joined(separator: "\n")
        return try GameFileParser.parse(text, path: "race.md").get()
    }

    @Test func scoreJSONHasBoardsResultsAndExplicitNulls() async throws {
        let small = try Self.game(
            ["1 2 3", "4 5 6", "_ 7 8"],
            players: ["  - {name: Ana, moves: 7 8, time: 3}", "  - {name: Bo, moves: '7'}"], size: 3)
        let large = try Self.game(
            ["1 2 3 4 5", "6 7 8 9 10", "11 12 13 14 15", "16 17 18 19 20", "21 22 23 _ 24"],
            players: ["  - {name: Cy, moves: '24'}"], size: 5)
        var games = [LoadedGame(path: "a.md", game: small), LoadedGame(path: "b.md", game: large)]
        let notes = await OptimumFiller.fill(&games, SolverSettings(seconds: 60))
        #expect(notes.isEmpty)
        let json = ScoreReport.json(games)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let documents = try #require(parsed as? [[String: Any]])
        #expect(documents.count == 2)
        #expect(documents[0]["start"] as? [[Int]] == [[1, 2, 3], [4, 5, 6], [0, 7, 8]])
        #expect(documents[0]["winners"] as? [String] == ["Ana"])
        let players = try #require(documents[0]["players"] as? [[String: Any]])
        #expect(players.map { $0["name"] as? String } == ["Ana", "Bo"])
        #expect(players.map { $0["solved"] as? Bool } == [true, false])
        #expect(players.map { $0["moves"] as? Int } == [2, 1])
        #expect(players.map { $0["optimal"] as? Int } == [2, 2])
        #expect(players.map { $0["place"] as? Int } == [1, nil])
        #expect(players[0]["time"] as? Double == 3)
        #expect(players[1]["time"] is NSNull)
        #expect(players[1]["final"] as? [[Int]] == [[1, 2, 3], [4, 5, 6], [7, 0, 8]])
        // 5×5: not computed, written as an explicit null.
        let large0 = try #require((documents[1]["players"] as? [[String: Any]])?.first)
        #expect(large0["optimal"] is NSNull)
        #expect(large0["solved"] as? Bool == true)
        #expect(json.contains("\"optimal\" : null"))
    }

    /// Each game as if loaded from a file of its own.
    static func filled(_ games: [Game], _ settings: SolverSettings) async -> (games: [Game], notes: [Diagnostic]) {
        var loaded = games.enumerated().map { LoadedGame(path: "\($0.offset).md", game: $0.element) }
        let notes = await OptimumFiller.fill(&loaded, settings)
        return (loaded.map(\.game), notes)
    }

    @Test func identicalStartBoardsAreSolvedOnceAndFilledEverywhere() async throws {
        let game = try Self.game(["8 6 7", "2 5 4", "3 _ 1"], players: [], size: 3)
        let (games, _) = await Self.filled([game, game, game], SolverSettings(seconds: 60))
        let optima = games.map { game -> Int? in
            if case .fifteen(let puzzle) = game.content { puzzle.optimum?.moves } else { nil }
        }
        #expect(optima == [31, 31, 31])  // one of the two hardest 3×3 boards
    }

    @Test("A board the same time limit gave up on is not searched again; another limit searches it")
    func aTimeLimitReachedBeforeIsKept() async throws {
        // One move from the goal: any search finds it at once, so a kept result shows it was not searched.
        var game = try Self.game(["1 2 3 4", "5 6 7 8", "9 10 11 12", "13 14 _ 15"], players: [], size: 4)
        guard case .fifteen(var puzzle) = game.content else {
            Issue.record("not a puzzle")
            return
        }
        puzzle.optimum = .notComputed(.timeLimit(seconds: 10, atLeast: 1))
        game.content = .fifteen(puzzle)
        func optimum(_ settings: SolverSettings) async -> PuzzleOptimum? {
            guard case .fifteen(let puzzle) = await Self.filled([game], settings).games.first?.content else {
                return nil
            }
            return puzzle.optimum
        }
        #expect(await optimum(SolverSettings(seconds: 10)) == .notComputed(.timeLimit(seconds: 10, atLeast: 1)))
        #expect(await optimum(SolverSettings(seconds: 20)) == .moves(1))
    }

    @Test func aTimeLimitGivesNotComputedAndANote() async throws {
        // A 4×4 board far from the goal, no pattern databases, and almost no time.
        let game = try Self.game(["15 14 13 12", "11 10 9 8", "7 6 5 4", "3 1 2 _"], players: [], size: 4)
        let (games, notes) = await Self.filled([game], SolverSettings(seconds: 0.01))
        guard case .fifteen(let puzzle) = games.first?.content, case .notComputed(let reason)? = puzzle.optimum else {
            Issue.record("expected not computed")
            return
        }
        guard case .timeLimit(let seconds, let atLeast) = reason else {
            Issue.record("expected the time limit, got \(reason)")
            return
        }
        #expect(seconds == 0.01)
        #expect(atLeast > 0)
        #expect(notes.map(\.severity) == [.note])
        #expect(
            notes.first?.description.hasPrefix("note: 1 4×4 puzzle game got no optimal length within 0.01 s; ") == true)
        #expect(notes.first?.description.contains("gamenight solve --warm-cache") == true)
    }

    /// A 4×4 board the cache knows is not solved again (the cache's made-up 99 shows through);
    /// a new one is solved and added.
    @Test func knownBoardsComeFromTheCacheNewOnesAreAdded() async throws {
        let scratch = try TemporaryFolder("optima-build")
        let directory = scratch.path + "/cache"
        let known = try Self.game(["1 2 3 4", "5 6 7 8", "9 10 11 12", "13 14 _ 15"], players: [], size: 4)
        let new = try Self.game(["1 2 3 4", "5 6 7 8", "9 10 _ 12", "13 14 11 15"], players: [], size: 4)
        let cache = OptimumCache(directory: directory)
        guard case .fifteen(let puzzle) = known.content, case .fifteen(let newPuzzle) = new.content else {
            Issue.record("not puzzles")
            return
        }
        #expect(cache.add([puzzle.start: 99]))
        let (games, notes) = await Self.filled([known, new], SolverSettings(seconds: 60, cacheDirectory: directory))
        #expect(notes.isEmpty)
        let optima = games.map { game -> Int? in
            if case .fifteen(let puzzle) = game.content { puzzle.optimum?.moves } else { nil }
        }
        #expect(optima == [99, 2])
        #expect(cache.load() == [puzzle.start: 99, newPuzzle.start: 2])
    }

    @Test func solveReadsLayoutsAndReportsJSON() throws {
        let board = try SolveReport.board(from: "1 2 3/4 5 6/7 _ 8")
        let report = SolveReport.solve(board, seconds: nil, cacheDirectory: "/nonexistent", progress: { _ in })
        let parsed = try JSONSerialization.jsonObject(with: Data(SolveReport.json(report).utf8))
        let object = try #require(parsed as? [String: Any])
        #expect(object["size"] as? Int == 3)
        #expect(object["start"] as? [[Int]] == [[1, 2, 3], [4, 5, 6], [7, 0, 8]])
        #expect(object["optimal"] as? Int == 1)
        #expect(object["moves"] as? [Int] == [8])
        #expect(object["nodes"] as? Int != nil)
        #expect(object["seconds"] as? Double != nil)
        #expect(object["reason"] is NSNull)
        #expect(SolveReport.text(report).contains("Optimal: 1 move"))
    }

    /// Every key, in sorted order, unknown values as explicit nulls: the form scripts read.
    @Test func solveJSONKeepsEveryKey() throws {
        let board = try SolveReport.board(from: "1 2 3/4 5 6/_ 7 8")
        var solved = SolveReport.solve(board, seconds: nil, cacheDirectory: "/nonexistent", progress: { _ in })
        (solved.nodes, solved.seconds) = (10, 0.25)
        #expect(
            SolveReport.json(solved) == """
                {
                  "directions" : "L2",
                  "moves" : [
                    7,
                    8
                  ],
                  "nodes" : 10,
                  "optimal" : 2,
                  "reason" : null,
                  "seconds" : 0.25,
                  "size" : 3,
                  "start" : [
                    [
                      1,
                      2,
                      3
                    ],
                    [
                      4,
                      5,
                      6
                    ],
                    [
                      0,
                      7,
                      8
                    ]
                  ]
                }
                """)
        let notComputed = SolveReport(start: board, reason: "not computed: the time ran out")
        #expect(
            SolveReport.json(notComputed) == """
                {
                  "directions" : null,
                  "moves" : null,
                  "nodes" : null,
                  "optimal" : null,
                  "reason" : "not computed: the time ran out",
                  "seconds" : null,
                  "size" : 3,
                  "start" : [
                    [
                      1,
                      2,
                      3
                    ],
                    [
                      4,
                      5,
                      6
                    ],
                    [
                      0,
                      7,
                      8
                    ]
                  ]
                }
                """)
    }

    @Test("A slash after the last row ends it", arguments: ["1 2 3/4 5 6/7 _ 8/", "1 2 3/4 5 6/7 _ 8/ "])
    func trailingSlash(layout: String) throws {
        #expect(try SolveReport.board(from: layout).tiles == [1, 2, 3, 4, 5, 6, 7, 0, 8])
    }

    @Test(
        "Bad layouts are input errors (exit 1) that say where",
        arguments: [
            ("1 2 3/4 5 x/7 _ 8", "row 2, column 3"),
            ("1 2 3/4 5 6", "in the layout, expected 3 rows for a 3×3 board, found 2"),
            ("1 2 3/4 5 6/8 7 _", "can never be solved"),
        ])
    func badLayouts(layout: String, message: String) {
        #expect {
            try SolveReport.board(from: layout)
        } throws: { error in
            guard let error = error as? BuildError, case .input(let diagnostics) = error else { return false }
            let lines = diagnostics.map(\.description)
            return error.exitStatus == 1 && lines.first?.contains(message) == true
        }
    }
}
