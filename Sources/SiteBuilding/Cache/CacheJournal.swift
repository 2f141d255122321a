import CSystemShims
import Foundation
import GameDomain

/// What changed in a build record since the one a build started from: the entries added,
/// replaced and removed. A build that changes a few games appends this to the cache's journal
/// (`<cache>.journal`) instead of writing the whole file again (8 MB at 10,000 games, a fifth
/// of a one-file rebuild).
///
/// The journal: `GNJRN001`, the checksum of the cache file it follows and a newline, then
/// entries, each its payload's length (8 bytes, little-endian), the payload, and the entry's
/// checksum: a `Fingerprint` of the state it follows and the payload (16 bytes). The state is
/// the cache file's checksum, then each entry's. An entry that does not follow the state
/// reached (a torn append, another build's entry) ends the journal: what comes before is the
/// record of a build that finished, whose published files the next build checks as it checks
/// any record's.
struct RecordChanges: Sendable {
    var gamesRemoved: [Fingerprint] = []
    var games: [CachedGame] = []
    var sourcesRemoved: [String] = []
    var sources: [(String, StampedSource)] = []
    var unitsRemoved: [String] = []
    var units: [(String, CachedUnit)] = []
    var cutoff: Fingerprint?
    var drafts = 0

    /// From `base` to `record`; nil when they are of another site or parsing, or when more than
    /// `limit` entries differ (then the whole file is the smaller write).
    init?(from base: BuildRecord, to record: BuildRecord, limit: Int) {
        guard base.site == record.site, base.parsing == record.parsing else { return nil }
        cutoff = record.cutoff
        drafts = record.drafts
        var budget = limit
        func spend() -> Bool {
            budget -= 1
            return budget >= 0
        }
        for (key, game) in record.games where !(base.games[key].map { Self.same(game, $0) } ?? false) {
            guard spend() else { return nil }
            games.append(game)
        }
        for key in base.games.keys where record.games[key] == nil {
            guard spend() else { return nil }
            gamesRemoved.append(key)
        }
        for (path, source) in record.sources where base.sources[path] != source {
            guard spend() else { return nil }
            sources.append((path, source))
        }
        for path in base.sources.keys where record.sources[path] == nil {
            guard spend() else { return nil }
            sourcesRemoved.append(path)
        }
        for (id, unit) in record.units where base.units[id] != unit {
            guard spend() else { return nil }
            units.append((id, unit))
        }
        for id in base.units.keys where record.units[id] == nil {
            guard spend() else { return nil }
            unitsRemoved.append(id)
        }
        // In one order for the same changes, as the whole file is.
        games.sort {
            ($0.fileFingerprint.high, $0.fileFingerprint.low) < ($1.fileFingerprint.high, $1.fileFingerprint.low)
        }
        gamesRemoved.sort { ($0.high, $0.low) < ($1.high, $1.low) }
        sources.sort { $0.0 < $1.0 }
        sourcesRemoved.sort()
        units.sort { $0.0 < $1.0 }
        unitsRemoved.sort()
    }

    private init() {}

    /// The same game: a body is compared by where it lies, as comparing games would decode them.
    /// A game parsed again is taken as changed.
    static func same(_ game: CachedGame, _ other: CachedGame) -> Bool {
        guard game.fileFingerprint == other.fileFingerprint, game.parseFingerprint == other.parseFingerprint,
            game.notesCount == other.notesCount
        else { return false }
        switch (game.body, other.body) {
        // `serve`'s: an unchanged game keeps its entry's box from build to build.
        case (.site(let entry), .site(let otherEntry)): return SiteGame.sameBox(entry, otherEntry)
        case (.archived(let archive, let range), .archived(let otherArchive, let otherRange)):
            guard range == otherRange else { return false }
            return archive.withUnsafeBufferPointer { mine in
                otherArchive.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
            }
        default: return false
        }
    }

    func apply(to record: inout BuildRecord) {
        for key in gamesRemoved { record.games[key] = nil }
        for game in games { record.games[game.fileFingerprint] = game }
        for path in sourcesRemoved { record.sources[path] = nil }
        for (path, source) in sources { record.sources[path] = source }
        for id in unitsRemoved { record.units[id] = nil }
        for (id, unit) in units { record.units[id] = unit }
        record.cutoff = cutoff
        record.drafts = drafts
    }

    func write(to writer: inout ArchiveWriter) {
        writer.array(gamesRemoved) { $0.fingerprint($1) }
        writer.array(games) { $0.cachedGame($1) }
        writer.array(sourcesRemoved) { $0.string($1) }
        writer.array(sources) { $0.source($1.0, $1.1) }
        writer.array(unitsRemoved) { $0.string($1) }
        writer.array(units) { $0.unit($1.0, $1.1) }
        writer.optional(cutoff) { $0.fingerprint($1) }
        writer.int(drafts)
    }

    static func read(_ reader: inout ArchiveReader) throws(ArchiveReader.Malformed) -> RecordChanges {
        var changes = RecordChanges()
        changes.gamesRemoved = try reader.array { reader throws(ArchiveReader.Malformed) in try reader.fingerprint() }
        changes.games = try reader.array { reader throws(ArchiveReader.Malformed) in try reader.cachedGame() }
        changes.sourcesRemoved = try reader.array { reader throws(ArchiveReader.Malformed) in try reader.string() }
        changes.sources = try reader.array { reader throws(ArchiveReader.Malformed) in try reader.source() }
        changes.unitsRemoved = try reader.array { reader throws(ArchiveReader.Malformed) in try reader.string() }
        changes.units = try reader.array { reader throws(ArchiveReader.Malformed) in try reader.unit() }
        changes.cutoff = try reader.optional { reader throws(ArchiveReader.Malformed) in try reader.fingerprint() }
        changes.drafts = try reader.int()
        guard reader.isAtEnd else { throw ArchiveReader.Malformed() }
        return changes
    }
}

/// The journal beside a cache file (`RecordChanges`).
enum CacheJournal {
    static let magic = "GNJRN001"

    static func path(of cache: String) -> String {
        (cache.hasSuffix(".cache") ? String(cache.dropLast(".cache".count)) : cache) + ".journal"
    }

    static func header(following base: Fingerprint) -> [UInt8] {
        Array("\(magic) \(base)\n".utf8)
    }

    /// The checksum of an entry: of the state it follows and its payload.
    static func checksum(following state: Fingerprint, _ payload: ArraySlice<UInt8>) -> Fingerprint {
        var hasher = StableHasher()
        hasher.combine(state)
        hasher.combine(payload.withUnsafeBytes(Fingerprint.of))
        return hasher.finalize()
    }

    /// `record` (read from its cache file) with the journal's entries that follow it applied.
    /// A missing journal, or one of another cache file, changes nothing.
    static func replay(_ bytes: [UInt8], onto record: inout BuildRecord) {
        guard let onFile = record.onFile else { return }
        let header = header(following: onFile.base)
        guard bytes.starts(with: header) else { return }
        var offset = header.count
        var state = onFile.state
        while bytes.count - offset >= 8 {
            let length = bytes[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let start = offset + 8
            guard length >= 0, length <= bytes.count - start - 16 else { break }
            let payload = bytes[start..<start + length]
            let stored = bytes[start + length..<start + length + 16]
            let checksum = checksum(following: state, payload)
            guard stored.elementsEqual(littleEndian(checksum)) else { break }
            var reader = ArchiveReader(bytes, from: start, to: start + length)
            guard let changes = try? RecordChanges.read(&reader) else { break }
            changes.apply(to: &record)
            state = checksum
            offset = start + length + 16
        }
        record.onFile = BuildRecord.OnFile(
            state: state, base: onFile.base, baseLength: onFile.baseLength, journalLength: offset)
    }

    static func littleEndian(_ checksum: Fingerprint) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: checksum.high >> (8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: checksum.low >> (8 * $0)) }
    }

    enum Appended {
        /// Where the record stands now.
        case appended(BuildRecord.OnFile)
        /// Not tried: the whole file is to be written instead.
        case rewrite
        /// The write failed (errno says why); the journal is as it was.
        case failed
    }

    /// Appends `changes` to the journal of the cache file `base` was read from, when the journal
    /// is still as `base` left it and stays under a quarter of the cache file's size.
    static func append(_ changes: RecordChanges, following base: BuildRecord.OnFile, at path: String) -> Appended {
        var writer = ArchiveWriter()
        changes.write(to: &writer)
        let payload = writer.bytes
        let state = checksum(following: base.state, payload[...])
        let entry = (0..<8).map { UInt8(truncatingIfNeeded: payload.count >> (8 * $0)) } + payload + littleEndian(state)
        let header = base.journalLength == 0 ? header(following: base.base) : []
        guard base.journalLength + header.count + entry.count <= max(base.baseLength / 4, 64 * 1024) else {
            return .rewrite
        }
        let descriptor =
            gamenight_fault(path) == 0 ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o644) : -1
        // A full disk fails the whole file too; anything else in the way (a folder, a link) does not.
        guard descriptor >= 0 else { return errno == ENOSPC || errno == EDQUOT ? .failed : .rewrite }
        defer { close(descriptor) }
        var info = stat()
        // Another build's entries, or a torn one, after what `base` read: start afresh.
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == base.journalLength
        else { return .rewrite }
        let bytes = header + entry
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                gamenight_write(descriptor, path, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                // A torn entry would end the journal anyway; cut it off so the next append fits.
                let error = errno
                ftruncate(descriptor, off_t(base.journalLength))
                errno = error == 0 ? EIO : error
                return .failed
            }
            offset += count
        }
        return .appended(
            BuildRecord.OnFile(
                state: state, base: base.base, baseLength: base.baseLength,
                journalLength: base.journalLength + bytes.count))
    }
}
