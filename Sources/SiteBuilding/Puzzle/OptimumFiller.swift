import Foundation
public import GameDomain
import PuzzleSolver

/// Fills in `PuzzleGame.optimum` for every puzzle game: each distinct start board is solved
/// once, all of them in parallel, each within the time limit. 4×4 optima found before are read
/// from the cache folder (`OptimumCache`) and new ones added to it, so a rebuild solves only
/// new boards.
///
/// The 4×4 pattern databases are used only when they are already in the cache: building them
/// takes about 13 s in a release build but about a minute in a debug build, too long to happen
/// silently inside `build`. Without them 4×4 boards get IDA* with linear conflict, which
/// solves many boards within the limit; the rest show "not computed" and a note says how to
/// warm the cache (`gamenight solve --warm-cache`).
public enum OptimumFiller {
    /// In place, so a site build holds one copy of its games while the puzzles are solved.
    /// Returns a note when 4×4 boards missed their optimum for want of the pattern databases.
    public static func fill(_ loaded: inout [LoadedGame], _ settings: SolverSettings) async -> [Diagnostic] {
        var boards: [PuzzleBoard] = []
        var seen: Set<PuzzleBoard> = []
        var anyPuzzle = false
        // An optimal length already found (a game from the build cache) is a fact: not solved again.
        var given: [PuzzleBoard: Int] = [:]
        // So is a search the same time limit gave up on without the pattern databases: searching
        // again would only spend the limit again, on every build. Once the databases exist, it is.
        let hasDatabase =
            settings.cacheDirectory.map {
                FileManager.default.fileExists(atPath: PatternDatabaseCache(directory: $0).path(for: .fifteen663))
            } ?? false
        var gaveUp: [PuzzleBoard: PuzzleOptimum.Gap] = [:]
        for entry in loaded {
            guard case .fifteen(let puzzle) = entry.game.content else { continue }
            anyPuzzle = true
            switch puzzle.optimum {
            case .moves(let moves)?: given[puzzle.start] = moves
            case .notComputed(let gap)?:
                if case .timeLimit(let seconds, _) = gap, seconds == settings.seconds, !hasDatabase {
                    gaveUp[puzzle.start] = gap
                }
            case nil: break
            }
        }
        for entry in loaded {
            guard case .fifteen(let puzzle) = entry.game.content else { continue }
            if puzzle.size <= 4, given[puzzle.start] == nil, gaveUp[puzzle.start] == nil,
                seen.insert(puzzle.start).inserted
            {
                boards.append(puzzle.start)
            }
        }
        guard anyPuzzle else { return [] }

        // Boards solved by an earlier run are not solved again (4×4 only: 3×3 take microseconds).
        let cache = settings.cacheDirectory.map(OptimumCache.init)
        let known = boards.contains { $0.size == 4 } ? cache?.load() ?? [:] : [:]
        let unknown = boards.filter { known[$0] == nil }
        var database: PatternDatabase?
        if unknown.contains(where: { $0.size == 4 }), let directory = settings.cacheDirectory {
            let databases = PatternDatabaseCache(directory: directory)
            if FileManager.default.fileExists(atPath: databases.path(for: .fifteen663)) {
                database = databases.load(.fifteen663).database
            }
        }
        let outcomes = await OptimalSolver(patternDatabase: database).solveAll(
            unknown, limit: SearchLimit(seconds: settings.seconds))
        var optimum = known.merging(given) { _, given in given }.mapValues(PuzzleOptimum.moves).merging(
            gaveUp.mapValues(PuzzleOptimum.notComputed)
        ) { found, _ in found }
        var learned: [PuzzleBoard: Int] = [:]
        for (board, outcome) in zip(unknown, outcomes) {
            switch outcome {
            case .solved(let solution):
                optimum[board] = .moves(solution.length)
                if board.size == 4 { learned[board] = solution.length }
            case .notComputed(let reason): optimum[board] = .notComputed(gap(reason))
            }
        }
        // A cache that cannot be written only means solving again next time.
        cache?.add(learned)

        var missed = 0
        for index in loaded.indices {
            guard case .fifteen(var puzzle) = loaded[index].game.content else { continue }
            puzzle.optimum =
                optimum[puzzle.start]
                ?? .notComputed(.tooLarge(size: puzzle.size))
            if puzzle.size == 4, puzzle.optimum?.moves == nil { missed += 1 }
            loaded[index].game.content = .fifteen(puzzle)
        }
        guard missed > 0, database == nil else { return [] }
        return [
            Diagnostic(
                path: "", location: nil, severity: .note,
                message:
                    "\(counted(missed, "4×4 puzzle game")) got no optimal length within \(PuzzleReplayText.seconds(settings.seconds)) s",
                hint:
                    "build the pattern databases once with `gamenight solve --warm-cache` (about 15 s with a release build, about a minute with a debug build) and build again"
            )
        ]
    }

    static func gap(_ reason: NotComputedReason) -> PuzzleOptimum.Gap {
        switch reason {
        case .unsolvable: .unsolvable
        case .boardTooLarge(let size): .tooLarge(size: size)
        case .timeLimit(let seconds, _, let lowerBound): .timeLimit(seconds: seconds, atLeast: lowerBound)
        case .nodeLimit(let nodes, let lowerBound): .nodeLimit(nodes: nodes, atLeast: lowerBound)
        case .cancelled: .cancelled
        }
    }
}

enum PuzzleReplayText {
    /// `10` or `2.5`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
