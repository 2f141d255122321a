import Foundation
import GameDomain
import TestSupport
import Testing

@testable import PuzzleSolver

@Suite("Solver: cache of optimal lengths")
struct OptimumCacheTests {
    static let near = try! PuzzleBoard(size: 4, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15])
    static let far = try! PuzzleBoard(size: 4, tiles: [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0])

    @Test func addsKeepsAndReadsBack() throws {
        let scratch = try TemporaryFolder("optima")
        let directory = scratch.path + "/nested"
        let cache = OptimumCache(directory: directory)
        #expect(cache.load().isEmpty)
        #expect(cache.add([Self.far: 80]))
        #expect(cache.add([Self.near: 1]))
        #expect(cache.load() == [Self.near: 1, Self.far: 80])
        let text = try String(contentsOfFile: cache.path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "GNOPT001")
        #expect(lines.dropFirst().first == "4 1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 = 1")
        #expect(lines.last?.hasPrefix("fnv1a64 ") == true)
    }

    /// A file damaged anywhere is not trusted at all: a wrong optimum would be shown as a fact.
    @Test(arguments: ["flip a digit", "drop the checksum", "truncate", "old magic", "empty", "not a board"])
    func damagedFileIsIgnoredWhole(damage: String) throws {
        let scratch = try TemporaryFolder("optima")
        let directory = scratch.path + "/nested"
        let cache = OptimumCache(directory: directory)
        #expect(cache.add([Self.near: 1, Self.far: 80]))
        var text = try String(contentsOfFile: cache.path, encoding: .utf8)
        switch damage {
        case "flip a digit": text = text.replacingOccurrences(of: "= 80", with: "= 60")
        case "drop the checksum": text = text.split(separator: "\n").dropLast().joined(separator: "\n") + "\n"
        case "truncate": text = String(text.dropLast(5))
        case "old magic": text = text.replacingOccurrences(of: "GNOPT001", with: "GNOPT000")
        case "empty": text = ""
        default:
            // Valid checksum, but a line that is not a board (a tile twice).
            let body = "GNOPT001\n4 1 1 3 4 5 6 7 8 9 10 11 12 13 14 0 15 = 1\n"
            var checksum = FNV1a64()
            checksum.combine(Array(body.utf8))
            text = body + "fnv1a64 \(String(checksum.value, radix: 16))\n"
        }
        try text.write(toFile: cache.path, atomically: true, encoding: .utf8)
        #expect(cache.load().isEmpty)
        // Adding again writes a whole, good file.
        #expect(cache.add([Self.near: 1]))
        #expect(cache.load() == [Self.near: 1])
    }

    /// Intact (the checksum matches) but impossible: shorter than the Manhattan distance, or of
    /// the other parity. Such a file is not trusted either.
    @Test(arguments: [(near, 2), (near, 0), (far, 43), (far, 42)])
    func implausibleLengthsAreNotTrusted(board: PuzzleBoard, length: Int) throws {
        let scratch = try TemporaryFolder("optima")
        let directory = scratch.path + "/nested"
        let cache = OptimumCache(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var optima = [Self.near: 1, Self.far: 80]
        optima[board] = length
        try Data(OptimumCache.encode(optima)).write(to: URL(fileURLWithPath: cache.path))
        #expect(cache.load().isEmpty)
    }

    /// A newer version's file is neither read nor replaced: that version may still be in use.
    /// (An older one is replaced: see `damagedFileIsIgnoredWhole`, "old magic".)
    @Test func aNewerVersionsFileIsLeftAlone() throws {
        let scratch = try TemporaryFolder("optima")
        let directory = scratch.path + "/nested"
        let cache = OptimumCache(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let newer = Data("GNOPT002\nwhatever it holds\n".utf8)
        try newer.write(to: URL(fileURLWithPath: cache.path))
        #expect(cache.load().isEmpty)
        #expect(!cache.add([Self.near: 1]))
        #expect(FileManager.default.contents(atPath: cache.path) == newer)
    }

    /// A run killed while writing leaves its temporary file; the next write deletes it once it
    /// is an hour old, and leaves a fresh one (a run still writing) alone.
    @Test func staleTemporaryFilesAreRemoved() throws {
        let scratch = try TemporaryFolder("optima")
        let directory = scratch.path + "/nested"
        let cache = OptimumCache(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let stale = cache.path + ".tmp-1-2"
        let fresh = cache.path + ".tmp-3-4"
        let other = directory + "/notes.txt.tmp-5-6"
        for path in [stale, fresh, other] { try Data("half".utf8).write(to: URL(fileURLWithPath: path)) }
        let hourAgo = Date(timeIntervalSinceNow: -3_700)
        try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: stale)
        try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: other)
        #expect(cache.add([Self.near: 1]))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
        #expect(FileManager.default.fileExists(atPath: other))
    }

    @Test func unwritableFolderIsReportedNotFatal() throws {
        let scratch = try TemporaryFolder("optima")
        let file = scratch.path + "/file"
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let cache = OptimumCache(directory: file + "/cache")
        #expect(!cache.add([Self.near: 1]))
        #expect(cache.load().isEmpty)
    }
}
