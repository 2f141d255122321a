// Optimal 4×4 solving over seeded random boards, against Korf & Felner (2002).
// Usage: SolverBenchmark [--boards N] [--cache DIR] [--keep-cache] [--linear-conflict]
// `--linear-conflict` solves the boards without the databases, timing the other search.
import Foundation
import GameDomain
import PuzzleSolver

/// Korf & Felner 2002, 6-6-3 additive PDB, 100 random 15-puzzles (2002 hardware).
enum Published {
    static let nodesPerInstance = 617_555.0
    static let secondsPerInstance = 0.163
    static let megabytes = 33.0
}

func peakMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .nan }
    return kilobytes / 1024
}

func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

func fmt(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

var arguments = CommandLine.arguments.dropFirst()
var boardCount = 100
var cacheDirectory = FileManager.default.currentDirectoryPath + "/Benchmarks/work/pdb-cache"
var keepCache = false
var heuristic = OptimalSolver.Heuristic.best
while let argument = arguments.popFirst() {
    switch argument {
    case "--boards": boardCount = Int(arguments.popFirst() ?? "") ?? boardCount
    case "--cache": cacheDirectory = arguments.popFirst() ?? cacheDirectory
    case "--keep-cache": keepCache = true
    case "--linear-conflict": heuristic = .linearConflict
    default:
        print("unknown argument \(argument)")
        exit(2)
    }
}

let partition = PatternPartition.fifteen663
let cache = PatternDatabaseCache(directory: cacheDirectory)
let cachePath = cache.path(for: partition)
if !keepCache { try? FileManager.default.removeItem(atPath: cachePath) }

print(
    "SolverBenchmark: \(boardCount) seeded random solvable 4×4 boards (seeds 1…\(boardCount)), \(ProcessInfo.processInfo.activeProcessorCount) cores, heuristic \(heuristic)"
)
var database: PatternDatabase?
var event = PatternDatabaseCache.Event.loaded
let buildSeconds = seconds { (database, event) = cache.load(partition) }
print(
    "pattern databases 6-6-3: \(event) in \(fmt(buildSeconds)) s, \(fmt(Double(database?.byteCount ?? 0) / 1e6, 1)) MB (published: \(Published.megabytes) MB); peak RSS so far \(fmt(peakMegabytes(), 1)) MB"
)
if event != .loaded {
    print(
        "entries clamped to 4 bits when built: \(database?.clampedEntries ?? 0)  [must be 0, else the heuristic is weaker]"
    )
}
database = nil
let loadSeconds = seconds { (database, event) = cache.load(partition) }
print("cache load: \(event) in \(fmt(loadSeconds)) s; peak RSS so far \(fmt(peakMegabytes(), 1)) MB")

let boards = (1...boardCount).compactMap { try? PuzzleBoard.shuffled(size: 4, seed: UInt64($0)) }
let solver = OptimalSolver(patternDatabase: database)
var outcomes: [SolveOutcome] = []
let wall = await {
    let start = ContinuousClock.now
    outcomes = await solver.solveAll(boards, limit: SearchLimit(seconds: 60), heuristic: heuristic)
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}()
let solutions = outcomes.compactMap(\.solution)
let nodes = solutions.reduce(0) { $0 + $1.nodes }
let searchSeconds = solutions.reduce(0) { $0 + $1.seconds }
let lengths = solutions.map(\.length)
let verified = zip(boards, outcomes).allSatisfy { board, outcome in
    guard let solution = outcome.solution, let replay = try? PuzzleReplay(start: board, moves: solution.moves) else {
        return false
    }
    return replay.final.isSolved
}
let count = Double(max(solutions.count, 1))
print(
    "solved \(solutions.count)/\(boards.count) optimally (all replay to the goal: \(verified)); lengths mean \(fmt(Double(lengths.reduce(0, +)) / count, 2)), min \(lengths.min() ?? 0), max \(lengths.max() ?? 0)"
)
print("total solve wall time (2 cores): \(fmt(wall)) s  [target ≤ 3 s]")
print(
    "nodes generated: \(nodes) total, \(Int(Double(nodes) / count)) per instance  (published 617,555: ratio \(fmt(Double(nodes) / count / Published.nodesPerInstance)))"
)
print(
    "search time per instance (one core): \(fmt(searchSeconds / count, 4)) s  (published 0.163 s: ratio \(fmt(searchSeconds / count / Published.secondsPerInstance)))"
)
print("nodes per second (one core): \(fmt(Double(nodes) / max(searchSeconds, 1e-9) / 1e6, 1)) M")

// Baseline: plain IDA* with Manhattan distance on the boards it can finish quickly.
let easiest = zip(boards, lengths).sorted { $0.1 < $1.1 }.prefix(5)
print("baseline plain IDA*+Manhattan on the 5 shortest boards (limit 20 s each):")
for (board, optimal) in easiest {
    let pdb = solver.solve(board).solution
    let plain = solver.solve(board, limit: SearchLimit(seconds: 20), heuristic: .manhattan)
    if let plainSolution = plain.solution, let pdb {
        print(
            "  length \(optimal): Manhattan \(plainSolution.length) moves, \(plainSolution.nodes) nodes, \(fmt(plainSolution.seconds)) s; PDB \(pdb.nodes) nodes, \(fmt(pdb.seconds, 4)) s; node ratio \(fmt(Double(plainSolution.nodes) / Double(max(pdb.nodes, 1)), 1))×; same length: \(plainSolution.length == optimal)"
        )
    } else {
        print("  length \(optimal): Manhattan \(plain)")
    }
}
let tableMegabytes = Double(database?.byteCount ?? 0) / 1e6
print(
    "pattern database size: \(fmt(tableMegabytes, 1)) MB (published 33 MB: ratio \(fmt(tableMegabytes / Published.megabytes, 2)))"
)
print("peak RSS (VmHWM) for the whole run: \(fmt(peakMegabytes(), 1)) MB  [target ≤ 128 MB]")
