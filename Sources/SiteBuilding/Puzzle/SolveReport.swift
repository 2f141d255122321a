import Foundation
public import GameDomain
public import GameFileParsing
public import PuzzleSolver

/// What `gamenight solve` prints: one board's optimal solution, or why there is none. The
/// static functions read the board from a layout or a `game: fifteen` file, solve it, and
/// write the report as text or JSON.
public struct SolveReport: Sendable {
    public var start: PuzzleBoard
    public var solution: Solution?
    public var reason: String?
    var nodes: Int?
    var seconds: Double?

    /// The board named by `argument`: an existing file is read as a game file, anything else
    /// as a layout such as `1 2 3/4 5 6/7 _ 8` (rows split at `/`, cells at spaces or commas).
    /// The limits apply to a game file only.
    public static func board(
        from argument: String, limits: GameFileLimits = GameFileLimits()
    ) throws(BuildError) -> PuzzleBoard {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), !isFolder.boolValue {
            var limits = limits
            limits.acceptedKinds = [.fifteen]
            switch GameLoader.load(URL(fileURLWithPath: argument), path: argument, limits: limits) {
            case .failure(let errors): throw .input(errors.diagnostics)
            case .success(let game):
                // The parser refuses other kinds, pointing at `game:`.
                guard case .fifteen(let puzzle) = game.content else {
                    throw .input([
                        Diagnostic(
                            path: argument, location: nil,
                            message: "this is not a `game: \(GameKind.fifteen.rawValue)` file")
                    ])
                }
                return puzzle.start
            }
        }
        guard !argument.hasSuffix(".md") else {
            throw .usage("there is no file \(argument); pass a game file or a layout such as \"1 2 3/4 5 6/7 _ 8\"")
        }
        var rows = argument.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // A slash after the last row ends it, as a line break would.
        if rows.count > 1, rows.last?.allSatisfy(\.isWhitespace) == true { rows.removeLast() }
        do {
            // The first row's cells give the width, so a missing row is reported as such.
            let width = rows.first.map { $0.split(whereSeparator: { $0 == "," || $0.isWhitespace }).count } ?? 0
            return try LayoutNotation.parse(rowTexts: rows, size: width)
        } catch {
            // The notation's hint for a wrong cell or row count; an unsolvable board is no typo.
            let isNotation = error.row != nil || error.message.hasPrefix("expected ")
            throw .input([
                Diagnostic(
                    path: "", location: nil, message: "in the layout, \(error.description)",
                    hint: isNotation ? "write rows split by / and cells by spaces, e.g. \"1 2 3/4 5 6/7 _ 8\"" : nil)
            ])
        }
    }

    /// Solves `board` within `seconds` (the solver's default when nil; boards of 5×5 and up are
    /// tried only with a limit). 4×4 boards use the pattern databases in `cacheDirectory`,
    /// built there on first use; `progress` hears about that, since it takes a while.
    public static func solve(_ board: PuzzleBoard, seconds: Double?, cacheDirectory: String, progress: (String) -> Void)
        -> SolveReport
    {
        var database: PatternDatabase?
        if board.size == 4 {
            database = loadDatabase(cacheDirectory: cacheDirectory, progress: progress)
        }
        let outcome = OptimalSolver(patternDatabase: database).solve(board, limit: SearchLimit(seconds: seconds))
        switch outcome {
        case .solved(let solution):
            return SolveReport(start: board, solution: solution, nodes: solution.nodes, seconds: solution.seconds)
        case .notComputed(let reason):
            var report = SolveReport(start: board, reason: reason.description)
            if case .timeLimit(let seconds, let nodes, _) = reason { (report.seconds, report.nodes) = (seconds, nodes) }
            if case .nodeLimit(let nodes, _) = reason { report.nodes = nodes }
            return report
        }
    }

    /// The 4×4 pattern databases from the cache, built (and saved) first when missing.
    @discardableResult
    public static func loadDatabase(cacheDirectory: String, progress: (String) -> Void) -> PatternDatabase {
        let cache = PatternDatabaseCache(directory: cacheDirectory)
        let path = cache.path(for: .fifteen663)
        if !FileManager.default.fileExists(atPath: path) {
            progress(
                "Building the 4×4 pattern databases once into \(path) (about 15 s with a release build, about a minute with a debug build)…"
            )
        }
        let started = ContinuousClock.now
        let (database, event) = cache.load(.fifteen663)
        let elapsed = String(format: "%.1f", (ContinuousClock.now - started) / .seconds(1))
        switch event {
        case .loaded: break
        case .built: progress("Built and cached in \(elapsed) s.")
        case .rebuilt(let reason): progress("The cached databases were damaged (\(reason)); rebuilt in \(elapsed) s.")
        case .builtNotSaved(let reason): progress("Built in \(elapsed) s but not cached: \(reason).")
        }
        return database
    }

    /// Directions with repeat counts (`U L2 D R3`): the move notation game files accept.
    static func compact(_ directions: [SlideDirection]) -> String {
        var runs: [(SlideDirection, Int)] = []
        for direction in directions {
            if let last = runs.last, last.0 == direction {
                runs[runs.count - 1].1 += 1
            } else {
                runs.append((direction, 1))
            }
        }
        return runs.map { $0.1 == 1 ? $0.0.rawValue : "\($0.0.rawValue)\($0.1)" }.joined(separator: " ")
    }

    public static func text(_ report: SolveReport) -> String {
        let width = String(report.start.tiles.count - 1).count
        var lines = ["Start (\(report.start.size)×\(report.start.size)):"]
        for row in report.start.rows {
            lines.append("  " + row.map { ($0 == 0 ? "_" : String($0)).leftPadded(to: width) }.joined(separator: " "))
        }
        if let solution = report.solution {
            lines.append("Optimal: " + counted(solution.length, "move"))
            if solution.length > 0 {
                lines.append("Tiles: " + solution.tiles.map(String.init).joined(separator: " "))
                lines.append("Directions: " + compact(solution.directions))
            }
            lines.append("Searched \(solution.nodes) nodes in \(String(format: "%.3f", solution.seconds)) s.")
        } else {
            lines.append("Optimal: \(report.reason ?? "not computed")")
        }
        return lines.joined(separator: "\n")
    }

    /// `solve --json`: every key is written, unknown values as explicit nulls.
    struct JSONReport: Encodable {
        var size: Int
        var start: [[Int]]
        @ExplicitNull var optimal: Int?
        @ExplicitNull var moves: [Int]?
        @ExplicitNull var directions: String?
        @ExplicitNull var nodes: Int?
        @ExplicitNull var seconds: Double?
        @ExplicitNull var reason: String?
    }

    public static func json(_ report: SolveReport) -> String {
        let document = JSONReport(
            size: report.start.size, start: report.start.rows, optimal: report.solution?.length,
            moves: report.solution?.tiles, directions: report.solution.map { compact($0.directions) },
            // To the microsecond: the clock's last digits are noise (3.5022000000000005e-05).
            nodes: report.nodes, seconds: report.seconds.map { ($0 * 1e6).rounded() / 1e6 }, reason: report.reason
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
