import Foundation
import GameDomain
import Testing

@testable import SiteBuilding

/// The build cache is state on disk that a later build reads. Whatever happened to it, the build
/// succeeds, is byte-identical to a clean build, and says why it did not use the cache.
@Suite("A corrupted build cache")
struct CacheCorruptionTests {
    enum Corruption: Sendable, CustomTestStringConvertible {
        /// Cut to this many bytes; a negative count keeps that many fewer than the file has.
        case cut(Int)
        /// `count` bytes at random offsets changed.
        case flipped(seed: UInt64, count: Int)
        /// Another site's cache, valid in itself, in this site's place.
        case foreign
        /// Written by another version of GameNight (another magic number).
        case otherVersion
        /// A folder where the cache file belongs.
        case folderInPlace
        /// A file where the cache folder belongs: nothing can be read or written.
        case cacheFolderIsAFile

        var testDescription: String {
            switch self {
            case .cut(let count): count < 0 ? "cut by \(-count) bytes" : "cut to \(count) bytes"
            case .flipped(let seed, let count): "\(count) bytes changed (seed \(seed))"
            case .foreign: "another site's cache"
            case .otherVersion: "another version's cache"
            case .folderInPlace: "a folder in the file's place"
            case .cacheFolderIsAFile: "a file in the cache folder's place"
            }
        }
    }

    static let corruptions: [Corruption] = [
        .cut(0), .cut(1), .cut(5), .cut(9), .cut(200), .cut(-1), .cut(-2), .cut(-41), .cut(-1000),
        .flipped(seed: 1, count: 1), .flipped(seed: 2, count: 1), .flipped(seed: 3, count: 3),
        .flipped(seed: 4, count: 40),
        .foreign, .otherVersion, .folderInPlace, .cacheFolderIsAFile,
    ]

    @Test("A full build with a note, byte-identical to a clean build", arguments: corruptions)
    func corrupted(_ corruption: Corruption) async throws {
        let site = try IncrementalBuildTests.Site()
        _ = try await SiteBuild.run(site.options())
        let path = site.cacheFile
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let files = FileManager.default
        switch corruption {
        case .cut(let count):
            try bytes.prefix(count < 0 ? bytes.count + count : count).write(to: URL(fileURLWithPath: path))
        case .flipped(let seed, let count):
            var random = SplitMix64(seed: seed)
            var changed = bytes
            for _ in 0..<count {
                changed[Int.random(in: 0..<changed.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            try changed.write(to: URL(fileURLWithPath: path))
        case .foreign:
            var other = BuildOptions(
                source: site.source, output: site.temp.url.appendingPathComponent("other"), templates: site.templates)
            other.cacheDirectory = site.cache
            _ = try await SiteBuild.run(other)
            try files.removeItem(atPath: path)
            try files.copyItem(
                atPath: BuildCache(directory: site.cache, source: other.source, output: other.output).path, toPath: path
            )
        case .otherVersion:
            var other = bytes
            other.replaceSubrange(0..<8, with: Data("GNBLD999".utf8))
            try other.write(to: URL(fileURLWithPath: path))
        case .folderInPlace:
            try files.removeItem(atPath: path)
            try files.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .cacheFolderIsAFile:
            try files.removeItem(atPath: site.cache)
            try Data("not a folder".utf8).write(to: URL(fileURLWithPath: site.cache))
        }
        // A changed game and a page changed by hand: a cache used wrongly would keep either.
        let game = site.source.appendingPathComponent("extra-1.md")
        try Data((try String(contentsOf: game, encoding: .utf8) + "\nChanged after the cache was damaged.\n").utf8)
            .write(to: game)
        try Data("stale".utf8).write(to: site.output.appendingPathComponent("index.html"))

        let summary = try await SiteBuild.run(site.options())
        #expect(summary.reused == 0)
        let notes = summary.notes.filter { $0.message.hasPrefix("the build cache") }
        // A folder in the file's place can be neither read nor replaced: two notes.
        #expect(!notes.isEmpty && notes.allSatisfy { $0.severity == .note }, "\(summary.notes)")
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))

        let next = try await SiteBuild.run(site.options())
        if case .cacheFolderIsAFile = corruption {
            // Still nothing to read or write: every build says so, and builds everything.
            #expect(
                next.reused == 0 && next.notes.contains { $0.message.hasPrefix("the build cache cannot be written") })
        } else if case .folderInPlace = corruption {
            #expect(next.reused == 0 && next.notes.contains { $0.message.hasPrefix("the build cache cannot be read") })
        } else {
            #expect(
                next.rendered == 0 && !next.notes.contains { $0.message.hasPrefix("the build cache") }, "\(next.notes)")
        }
    }

    /// Each reason names what happened: a cut file is not "another version", an empty one not
    /// "not a build cache".
    @Test(
        "The note says why",
        arguments: [
            (0, "is empty"), (5, "is cut short"), (9, "is cut short"), (-1, "is cut short"),
            (-BuildCache.trailerCount, "is damaged"),
            (-BuildCache.trailerCount - 1, "is cut short"),
        ])
    func reason(cut: Int, reason: String) async throws {
        let site = try IncrementalBuildTests.Site()
        _ = try await SiteBuild.run(site.options())
        let bytes = try Data(contentsOf: URL(fileURLWithPath: site.cacheFile))
        let kept = Array(bytes.prefix(cut < 0 ? bytes.count + cut : cut))
        guard case .failure(let damage) = BuildCache.decode(kept) else {
            Issue.record("a cache cut to \(kept.count) bytes decoded")
            return
        }
        #expect(damage.reason.hasPrefix(reason), "\(damage.reason)")
    }

    /// Damage that keeps the checksum right (made on purpose) gets past the checksum: the
    /// decoder still never traps and never asks for more memory than the file's bytes allow.
    @Test(
        "Damaged behind a matching checksum, a cache is rejected or decodes, never traps",
        arguments: [1, 2, 3] as [UInt64])
    func checksummedDamage(seed: UInt64) async throws {
        let site = try IncrementalBuildTests.Site()
        _ = try await SiteBuild.run(site.options())
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: site.cacheFile)))
        let body = bytes.count - BuildCache.trailerCount
        var random = SplitMix64(seed: seed)
        var rejected = 0
        for _ in 0..<400 {
            var changed = Array(bytes[..<body])
            let position = Int.random(in: 9..<changed.count, using: &random)
            changed[position] =
                [0xFF, 0x7F, 0x80, 0x00, changed[position] ^ 0x01].randomElement(using: &random) ?? 0xFF
            let checksum = BuildCache.Checksum.of(changed[...])
            changed += Array(BuildCache.trailer(checksum).utf8)
            if case .failure = BuildCache.decode(changed) { rejected += 1 }
        }
        #expect(rejected > 0)
    }

    /// Every count is bounded by the bytes left, but an element takes far more memory than its
    /// smallest encoding: reserving room for a count of 128 Mi games asks for tens of gigabytes,
    /// which the system refuses, and that is a crash. A count must only cost what is read.
    @Test("A count as large as the bytes left is rejected without reserving memory for it")
    func hugeCount() {
        let filler = 128 << 20
        var writer = ArchiveWriter()
        writer.raw(Array((BuildCache.magic + "\n").utf8), reserving: filler + 64)
        writer.string("site")
        writer.fingerprint(Fingerprint(high: 1, low: 2))
        writer.unsigned(UInt64(filler))
        writer.raw([UInt8](repeating: 0, count: filler))
        writer.raw([UInt8(ascii: "\n")])
        var bytes = writer.bytes
        let checksum = BuildCache.Checksum.of(bytes[...])
        bytes += Array(BuildCache.trailer(checksum).utf8)
        guard case .failure(let damage) = BuildCache.decode(bytes) else {
            Issue.record("128 MiB of zeros decoded as games")
            return
        }
        #expect(damage.reason == "cannot be decoded")
    }

    /// A build's record, as the site's cache file holds it.
    static func record() async throws -> BuildRecord {
        let site = try IncrementalBuildTests.Site()
        _ = try await SiteBuild.run(site.options())
        let record = try BuildCache.decode(Array(try Data(contentsOf: URL(fileURLWithPath: site.cacheFile)))).get()
        try #require(record.games.count > 10)
        return record
    }

    /// Dictionaries iterate in an order of their own, which two processes (or two dictionaries
    /// filled differently) do not share; the file must not follow it.
    @Test("The same record gives the same bytes, whatever order its dictionaries iterate in")
    func sameBytes() async throws {
        let record = try await Self.record()
        var refilled = record
        refilled.games = Dictionary(minimumCapacity: 4 * record.games.count)
        for (key, game) in record.games.reversed() { refilled.games[key] = game }
        refilled.sources = Dictionary(minimumCapacity: 4 * record.sources.count)
        for (key, source) in record.sources.reversed() { refilled.sources[key] = source }
        refilled.units = Dictionary(minimumCapacity: 4 * record.units.count)
        for (key, unit) in record.units.reversed() { refilled.units[key] = unit }
        try #require(
            Array(refilled.games.keys) != Array(record.games.keys),
            "the two dictionaries iterate alike; the test shows nothing")
        #expect(BuildCache.encode(refilled) == BuildCache.encode(record))
    }

    /// The keys as the last file listed them spare a sort only while they are exactly the keys,
    /// in order; any other list is ignored, and the bytes are the same.
    @Test("A stale list of the keys changes nothing in the file")
    func staleListedKeys() async throws {
        var record = try await Self.record()
        try #require(record.listed.units.count == record.units.count && record.units.count > 2)
        record.listed = ([], [])
        let expected = BuildCache.encode(record)
        let sources = record.sources.keys.sorted()
        let units = record.units.keys.sorted()
        var extra = record
        extra.units["zz-unit-gone"] = record.units[units[0]]
        let withExtra = BuildCache.encode(extra)
        let stale: [(sources: [String], units: [String])] = [
            (sources, units),
            (sources.reversed(), units.reversed()),
            (Array(sources.dropLast()) + ["~"], Array(units.dropLast()) + ["~"]),
            (Array(sources.dropFirst()), Array(units.dropFirst())),
            ([sources[0]] + sources.dropFirst(2) + [sources[1]], units),
        ]
        // Compared as a Bool: the bytes of a failure would be megabytes of output.
        for (number, listed) in stale.enumerated() {
            record.listed = listed
            let same = BuildCache.encode(record) == expected
            #expect(same, "list \(number)")
            extra.listed = listed
            let sameWithExtra = BuildCache.encode(extra) == withExtra
            #expect(sameWithExtra, "list \(number), one unit more")
        }
    }

    /// The file is written a chunk at a time (`BuildCache.Checksum`); a record of several chunks
    /// reads back whole, and damage in any chunk, not only the last, is caught.
    @Test("A cache of several chunks reads back, and a damaged byte in its first chunk is caught")
    func severalChunks() async throws {
        var record = try await Self.record()
        let cached = try #require(record.games.values.first)
        for number in 0..<30_000 {
            var copy = cached
            copy.fileFingerprint = Fingerprint(high: UInt64(number), low: 0x5EED)
            record.games[copy.fileFingerprint] = copy
        }
        let parts = BuildCache.encode(record)
        let bytes = parts.flatMap { $0 }
        try #require(bytes.count > 2 * BuildCache.Checksum.chunk, "\(bytes.count) bytes: one chunk shows nothing")
        #expect(parts.dropLast(2).allSatisfy { $0.count == BuildCache.Checksum.chunk })
        let decoded = try BuildCache.decode(bytes).get()
        #expect(decoded.games.count == record.games.count)
        var damaged = bytes
        damaged[100] ^= 0x01
        guard case .failure(let damage) = BuildCache.decode(damaged) else {
            Issue.record("a cache damaged in its first chunk decoded")
            return
        }
        #expect(damage.reason.hasPrefix("is damaged"))
    }

    /// `encode` writes each game's fingerprint once; a file that repeats one, checksum and all,
    /// was made by something else, and which copy to believe is anyone's guess.
    @Test("A cache that holds one game twice is rejected")
    func repeatedGame() async throws {
        var record = try await Self.record()
        let (key, game) = try #require(record.games.first)
        record.games[Fingerprint(high: key.high ^ 1, low: key.low)] = game
        guard case .failure(let damage) = BuildCache.decode(BuildCache.encode(record).flatMap { $0 }) else {
            Issue.record("a cache holding one game twice decoded")
            return
        }
        #expect(damage.reason == "cannot be decoded")
    }
}
