import Foundation
import GameDomain
import TestSupport
import Testing

@testable import PuzzleSolver

@Suite("Solver: pattern database cache")
struct PatternDatabaseCacheTests {
    let partition = try! PatternPartition(size: 3, groups: [[1, 2, 3, 4], [5, 6, 7, 8]])

    @Test func buildsOnceThenLoadsTheSameTables() throws {
        let scratch = try TemporaryFolder("pdb")
        let directory = scratch.path + "/cache"
        let cache = PatternDatabaseCache(directory: directory)
        let (built, first) = cache.load(partition)
        #expect(first == .built)
        #expect(FileManager.default.fileExists(atPath: cache.path(for: partition)))
        let (loaded, second) = cache.load(partition)
        #expect(second == .loaded)
        #expect(loaded.storage == built.storage)
        #expect(loaded.storage == PatternDatabase.build(partition).storage)
    }

    @Test(arguments: ["flip", "truncate", "header", "empty", "old format"])
    func damagedCacheIsRebuiltNotTrusted(damage: String) throws {
        let scratch = try TemporaryFolder("pdb")
        let directory = scratch.path + "/cache"
        let cache = PatternDatabaseCache(directory: directory)
        let (good, _) = cache.load(partition)
        let path = cache.path(for: partition)
        var bytes = try #require(FileManager.default.contents(atPath: path))
        let expected: String
        switch damage {
        case "flip":
            bytes[bytes.count / 2] ^= 0x01
            expected = "the checksum does not match"
        case "truncate":
            bytes.removeLast(100)
            expected = "expected \(bytes.count + 100) bytes, found \(bytes.count)"
        case "header":
            // Same length, but written for a different partition.
            let other = try PatternPartition(size: 3, groups: [[5, 6, 7, 8], [1, 2, 3, 4]])
            let otherCache = PatternDatabaseCache(directory: directory)
            _ = otherCache.load(other)
            bytes = try #require(FileManager.default.contents(atPath: otherCache.path(for: other)))
            expected = "the header does not describe this partition"
        case "old format":
            // A file whose magic names the old layout (one byte per cells^k index) is never
            // read as the new one, even with the right length and checksum.
            bytes.replaceSubrange(0..<8, with: Array("GNPDB001".utf8))
            var checksum = FNV1a64()
            checksum.combine(bytes.dropLast(8))
            bytes.replaceSubrange(
                (bytes.count - 8)..., with: PatternDatabase.littleEndianBytes(checksum.value, count: 8))
            expected = "the header does not describe this partition"
        default:
            bytes = Data()
            expected =
                "expected \(good.byteCount + PatternDatabase.fileHeader(for: partition).count + 8) bytes, found 0"
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let (rebuilt, event) = cache.load(partition)
        #expect(event == .rebuilt(reason: expected))
        #expect(rebuilt.storage == good.storage)
        #expect(cache.load(partition).event == .loaded)
    }

    /// A file in the first layout has another name (its header differs); writing a new file
    /// deletes it, and leaves other files (another partition, a newer version's format, not a
    /// database) alone.
    @Test func writingDeletesFilesOfAnOlderFormat() throws {
        let scratch = try TemporaryFolder("pdb")
        let directory = scratch.path + "/cache"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let old = directory + "/puzzle-pdb-3x3-0123456789abcdef.bin"
        let newer = directory + "/puzzle-pdb-3x3-fedcba9876543210.bin"
        let unrelated = directory + "/puzzle-pdb-3x3-notes.bin"
        try Data(Array("GNPDB001".utf8) + [0, 1, 2]).write(to: URL(fileURLWithPath: old))
        try Data(Array("GNPDB999".utf8) + [0, 1, 2]).write(to: URL(fileURLWithPath: newer))
        try Data("my own file".utf8).write(to: URL(fileURLWithPath: unrelated))
        let cache = PatternDatabaseCache(directory: directory)
        let other = try PatternPartition(size: 3, groups: [[5, 6, 7, 8], [1, 2, 3, 4]])
        _ = cache.load(other)
        #expect(cache.load(partition).event == .built)
        #expect(!FileManager.default.fileExists(atPath: old))
        #expect(FileManager.default.fileExists(atPath: newer))
        #expect(FileManager.default.fileExists(atPath: unrelated))
        #expect(FileManager.default.fileExists(atPath: cache.path(for: other)))
        #expect(FileManager.default.fileExists(atPath: cache.path(for: partition)))
    }

    @Test func unwritableCacheStillGivesADatabase() throws {
        let scratch = try TemporaryFolder("pdb")
        let file = scratch.path + "/file"
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        let (database, event) = PatternDatabaseCache(directory: file + "/cache").load(partition)
        guard case .builtNotSaved(let reason) = event else {
            Issue.record("expected builtNotSaved, got \(event)")
            return
        }
        #expect(database.byteCount == 2 * 1_512)  // 9·8·7·6 placements per group, 4 bits each
        // The system's reason, not "the operation could not be completed".
        #expect(reason == "cannot create \(file)/cache: not a directory", "\(reason)")
    }

    @Test(arguments: [
        (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"], "/x/cache/gamenight"),
        (["HOME": "/home/u"], "/home/u/.cache/gamenight"),
        (["XDG_CACHE_HOME": "relative", "HOME": "/home/u"], "/home/u/.cache/gamenight"),
    ])
    func defaultDirectoryFollowsXDG(environment: [String: String], directory: String) {
        #expect(PatternDatabaseCache.defaultDirectory(environment: environment) == directory)
    }
}
