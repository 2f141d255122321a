import Foundation
import GameDomain
import TestSupport
import Testing

@testable import SiteBuilding

/// A build that changes a few entries of its record appends them to the cache's journal
/// (`RecordChanges`, `CacheJournal`). Whatever happened to the journal, the record read back is
/// one a build kept.
@Suite("The build cache's journal")
struct CacheJournalTests {
    /// What a record holds, as the whole file writes it (whatever the dictionaries' order and
    /// `listed`, and wherever a game's bytes lie).
    static func content(_ record: BuildRecord) -> [UInt8] {
        var record = record
        record.onFile = nil
        return BuildCache.encode(record).flatMap { $0 }
    }

    /// A cache of its own for a real build's record.
    final class Cache {
        let temp: TemporaryFolder
        let cache: BuildCache
        let first: BuildRecord

        init() async throws {
            temp = try TemporaryFolder()
            cache = BuildCache(
                directory: temp.url.path, source: URL(fileURLWithPath: "/games"), output: URL(fileURLWithPath: "/site"))
            var record = try await CacheCorruptionTests.record()
            record.site = cache.site
            first = record
            try #require(cache.save(record) == nil)
        }

        var journal: String { CacheJournal.path(of: cache.path) }

        func load() throws -> BuildRecord {
            let loaded = cache.load()
            #expect(loaded.note == nil)
            return try #require(loaded.record)
        }
    }

    /// Up to four random changes of the kinds a build makes: units rendered, added and gone;
    /// sources read again, added and gone; games parsed, gone; the cutoff key and drafts.
    static func change(_ record: inout BuildRecord, step: Int, _ random: inout SplitMix64) throws {
        let units = record.units.keys.sorted()
        let sources = record.sources.keys.sorted()
        let games = record.games.keys.sorted { ($0.high, $0.low) < ($1.high, $1.low) }
        let unit = try #require(units.randomElement(using: &random))
        let source = try #require(sources.randomElement(using: &random))
        let game = try #require(games.randomElement(using: &random))
        let mark = Fingerprint(high: UInt64(step), low: random.next())
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<9, using: &random) {
            case 0: record.units[unit] = nil
            case 1:
                let old = try #require(record.units[unit] ?? record.units.values.first)
                record.units[unit] = CachedUnit(
                    inputs: mark,
                    files: old.files.map {
                        var file = $0
                        file.inode &+= 1
                        return file
                    }, scorecard: old.scorecard)
            case 2: record.units["added-\(step)-\(random.next() % 1000)"] = record.units.values.first
            case 3: record.sources[source] = nil
            case 4:
                record.sources[source]?.stamp =
                    Bool.random(using: &random) ? nil : SourceStamp(size: step, inode: 1, modified: 2, changed: 3)
            case 5:
                record.sources["added-\(step).md"] = StampedSource(
                    stamp: nil, fileFingerprint: mark, parseFingerprint: mark)
            case 6: record.games[game] = nil
            case 7:
                // A game parsed again: the same game, no longer in the file's bytes.
                let cached = try #require(record.games.values.first)
                record.games[mark] = CachedGame(
                    fileFingerprint: mark, parseFingerprint: mark, notesCount: step, game: try #require(cached.game))
            default:
                record.cutoff = Bool.random(using: &random) ? nil : mark
                record.drafts = step
            }
        }
    }

    @Test("Each build's changes appended, the record read back is the one kept", arguments: [1, 2, 3] as [UInt64])
    func replays(seed: UInt64) async throws {
        let cache = try await Cache()
        let file = try Data(contentsOf: URL(fileURLWithPath: cache.cache.path))
        var random = SplitMix64(seed: seed)
        var base = try cache.load()
        var journalSize = 0
        for step in 1...12 {
            var kept = base
            try Self.change(&kept, step: step, &random)
            #expect(cache.cache.save(kept, since: base) == nil)
            base = try cache.load()
            let same = Self.content(base) == Self.content(kept)
            #expect(same, "step \(step)")
            // Appended, not written whole.
            let size = try #require(try FileManager.default.attributesOfItem(atPath: cache.journal)[.size] as? Int)
            #expect(size > journalSize)
            journalSize = size
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cache.cache.path)) == file)
    }

    /// A kill during an append leaves part of an entry; a disk's damage, any byte changed. The
    /// record read is then the last whole entry's, and the next build keeps its own again.
    @Test("A journal cut or damaged anywhere reads back as one of the records kept", arguments: [1, 2] as [UInt64])
    func damaged(seed: UInt64) async throws {
        let cache = try await Cache()
        var random = SplitMix64(seed: seed)
        var base = try cache.load()
        var kept = [Self.content(base)]
        var ends = [0]
        for step in 1...3 {
            var next = base
            try Self.change(&next, step: step, &random)
            #expect(cache.cache.save(next, since: base) == nil)
            base = try cache.load()
            kept.append(Self.content(next))
            ends.append(try Data(contentsOf: URL(fileURLWithPath: cache.journal)).count)
        }
        let journal = try Data(contentsOf: URL(fileURLWithPath: cache.journal))
        let file = try Data(contentsOf: URL(fileURLWithPath: cache.cache.path))
        try #require(
            journal.count < 20_000, "a journal of \(journal.count) bytes: cutting it at every byte takes too long")
        func check(_ damaged: Data, expecting entries: Int?, _ label: String) throws {
            // The build after each check may have written the file whole.
            try file.write(to: URL(fileURLWithPath: cache.cache.path))
            try damaged.write(to: URL(fileURLWithPath: cache.journal))
            let read = try cache.load()
            let content = Self.content(read)
            if let entries {
                let same = content == kept[entries]
                #expect(same, "\(label): \(entries) entries expected")
            } else {
                #expect(kept.contains(content), "\(label): a record no build kept")
            }
            // The next build's changes follow what was read, whatever followed it in the file.
            var next = read
            try Self.change(&next, step: 99, &random)
            #expect(cache.cache.save(next, since: read) == nil)
            let again = Self.content(try cache.load()) == Self.content(next)
            #expect(again, "\(label): the build after")
        }
        for cut in 0..<journal.count {
            try check(
                journal.prefix(cut), expecting: ends.lastIndex { $0 <= cut }, "cut to \(cut) bytes")
        }
        for flip in 0..<40 {
            var damaged = journal
            let at = Int.random(in: 0..<damaged.count, using: &random)
            damaged[at] ^= UInt8.random(in: 1...255, using: &random)
            // A changed byte in an entry ends the journal there (its checksum); in the header, before any.
            try check(damaged, expecting: ends.lastIndex { $0 <= at }, "byte \(at) changed (\(flip))")
        }
    }

    /// Two builds that both started from one record (`serve` and a build, one after the other):
    /// the second's changes do not follow the first's, so the second writes the whole file.
    @Test("Changes that do not follow the journal's last entry are written whole")
    func twoFromOneBase() async throws {
        let cache = try await Cache()
        var random = SplitMix64(seed: 7)
        let base = try cache.load()
        var first = base
        var second = base
        try Self.change(&first, step: 1, &random)
        try Self.change(&second, step: 2, &random)
        #expect(cache.cache.save(first, since: base) == nil)
        #expect(cache.cache.save(second, since: base) == nil)
        let read = Self.content(try cache.load()) == Self.content(second)
        #expect(read)
        #expect(!FileManager.default.fileExists(atPath: cache.journal))
    }

    /// A journal outlives its cache file only in a kill between the two; it follows the old file.
    @Test("A journal of an earlier cache file is ignored")
    func staleJournal() async throws {
        let cache = try await Cache()
        var random = SplitMix64(seed: 11)
        let base = try cache.load()
        var changed = base
        try Self.change(&changed, step: 1, &random)
        #expect(cache.cache.save(changed, since: base) == nil)
        let journal = try Data(contentsOf: URL(fileURLWithPath: cache.journal))
        var other = cache.first
        other.drafts = 42
        #expect(cache.cache.save(other) == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.journal))
        try journal.write(to: URL(fileURLWithPath: cache.journal))
        let read = Self.content(try cache.load()) == Self.content(other)
        #expect(read)
    }

    /// A journal whose header names another cache file is ignored even when its entries follow
    /// one another: the header, not only the chain, ties it to this file.
    @Test("A journal whose header is another file's is ignored, however well its entries chain")
    func otherFilesHeader() async throws {
        let cache = try await Cache()
        var random = SplitMix64(seed: 13)
        let base = try cache.load()
        var changed = base
        try Self.change(&changed, step: 1, &random)
        #expect(cache.cache.save(changed, since: base) == nil)
        var journal = try Data(contentsOf: URL(fileURLWithPath: cache.journal))
        let onFile = try #require(base.onFile)
        let header = CacheJournal.header(following: onFile.base)
        let other = CacheJournal.header(following: Fingerprint(high: onFile.base.high ^ 1, low: onFile.base.low))
        #expect(other.count == header.count && journal.starts(with: header))
        journal.replaceSubrange(0..<header.count, with: other)
        try journal.write(to: URL(fileURLWithPath: cache.journal))
        let read = Self.content(try cache.load()) == Self.content(base)
        #expect(read)
    }

    /// No change, no entry: a record compared with itself (`RecordChanges.same` must see it).
    @Test("A record has no changes from itself")
    func noChanges() async throws {
        let cache = try await Cache()
        let base = try cache.load()
        // Not `#require(RecordChanges(…))`: its message would print both records whole.
        guard let changes = RecordChanges(from: base, to: base, limit: 0) else {
            Issue.record("a record compared with itself has changes")
            return
        }
        #expect(changes.games.isEmpty && changes.gamesRemoved.isEmpty && changes.sources.isEmpty)
        #expect(changes.sourcesRemoved.isEmpty && changes.units.isEmpty && changes.unitsRemoved.isEmpty)
    }

    /// Something in the journal's way that is not a full disk (a folder of its name) costs the
    /// append, not the record: the whole file is written.
    @Test("A folder where the journal goes: the whole file is written")
    func journalPathTaken() async throws {
        let cache = try await Cache()
        var random = SplitMix64(seed: 17)
        try FileManager.default.createDirectory(atPath: cache.journal, withIntermediateDirectories: false)
        let base = try cache.load()
        var changed = base
        try Self.change(&changed, step: 1, &random)
        #expect(cache.cache.save(changed, since: base) == nil)
        let read = Self.content(try cache.load()) == Self.content(changed)
        #expect(read)
    }

    /// A journal left without its cache file is removed with the oldest caches.
    @Test("A journal whose cache file is gone is removed")
    func orphanJournal() async throws {
        let cache = try await Cache()
        let folder = (cache.cache.path as NSString).deletingLastPathComponent
        let orphan = folder + "/gone.journal"
        try Data("GNJRN001".utf8).write(to: URL(fileURLWithPath: orphan))
        #expect(cache.cache.save(cache.first) == nil)
        #expect(!FileManager.default.fileExists(atPath: orphan))
        #expect(FileManager.default.fileExists(atPath: cache.cache.path))
    }

    /// Many changes (a build that derived everything) are one file, not a long entry.
    @Test("A record that changed throughout is written whole")
    func largeChange() async throws {
        let cache = try await Cache()
        var many = cache.first
        let unit = try #require(many.units.values.first)
        for number in 0..<2_000 { many.units["many-\(number)"] = unit }
        #expect(cache.cache.save(many) == nil)
        let base = try cache.load()
        var changed = base
        for (id, unit) in base.units {
            changed.units[id] = CachedUnit(
                inputs: Fingerprint(high: 1, low: 2), files: unit.files, scorecard: unit.scorecard)
        }
        #expect(cache.cache.save(changed, since: base) == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.journal))
        let read = Self.content(try cache.load()) == Self.content(changed)
        #expect(read)
    }

    /// Through whole builds: a notes edit appends, and the builds after it read the journal.
    @Test("serve's saves append what each build changed, and the record read back is the one in memory")
    func serveSaves() async throws {
        let site = try IncrementalBuildTests.Site()
        var options = site.options()
        let memory = BuildMemory()
        options.memory = memory
        let cache = BuildCache(
            directory: try #require(options.cacheDirectory), source: options.source, output: options.output)
        var random = SplitMix64(seed: 8)
        for step in 0...12 {
            if step > 0 {
                _ = try IncrementalBuildTests.edit(site, step: step, random: &random)
                memory.noteChanges(at: nil)
            }
            _ = try await SiteBuild.run(options)
            #expect(memory.save() == nil)
            let kept = try #require(memory.record(for: cache))
            let loaded = try #require(cache.load().record)
            #expect(Self.content(loaded) == Self.content(kept), "step \(step)")
        }
        // Most edits change a few entries: appended, not written whole.
        #expect(memory.journaled >= 4, "\(memory.journaled)")
    }

    @Test("A one-file rebuild appends to the journal, and the builds after read it")
    func throughBuilds() async throws {
        let site = try IncrementalBuildTests.Site()
        _ = try await SiteBuild.run(site.options())
        let file = try Data(contentsOf: URL(fileURLWithPath: site.cacheFile))
        let game = site.source.appendingPathComponent("extra-1.md")
        for round in 1...3 {
            try Data((try String(contentsOf: game, encoding: .utf8) + "\nA line of notes, round \(round).\n").utf8)
                .write(to: game)
            let summary = try await SiteBuild.run(site.options())
            #expect(summary.rendered == 1, "round \(round)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: site.cacheFile)) == file)
        #expect(FileManager.default.fileExists(atPath: CacheJournal.path(of: site.cacheFile)))
        let unchanged = try await SiteBuild.run(site.options())
        #expect(unchanged.rendered == 0)
        #expect(tree(site.output) == (try await site.cleanBuild("clean")))
    }
}
