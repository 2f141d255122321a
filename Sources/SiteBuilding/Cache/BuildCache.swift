import CSystemShims
import Foundation
import GameDomain
import PuzzleSolver
import SiteRendering

/// What one build made, kept for the next build of the same source folder into the same output
/// folder: each game file's parsed game, keyed by a fingerprint of its bytes, and each unit of
/// the site (a game's files, a catalog page) with a fingerprint of its inputs and the files it
/// wrote (`FileStamp`).
struct BuildRecord: Sendable {
    /// The absolute source and output folders: a record of other folders is foreign.
    var site: String
    /// What a parse depends on besides the bytes: the limits and the program.
    var parsing: Fingerprint
    /// By the fingerprint of the file's bytes: the next build looks each file up.
    var games: [Fingerprint: CachedGame]
    /// By `SiteDependencies.Unit.id`.
    var units: [String: CachedUnit]
    /// Every game file by relative path: the fingerprints of its bytes and of its parse, and
    /// the status it had when read if that status may vouch for the bytes (`SourceStamp.settling`).
    var sources: [String: StampedSource] = [:]
    /// The fingerprint of everything the catalog is derived from (`Cutoff.key`); nil when the
    /// build said something the derive stage alone says (a note of the solver), so that the next
    /// build derives again and says it too.
    var cutoff: Fingerprint? = nil
    /// Games left out as drafts.
    var drafts = 0
    /// The keys of `sources` and `units` in the order the cache file listed them (sorted): while
    /// they still are the keys, the next file needs no sort (a tenth of a one-file rebuild).
    var listed: (sources: [String], units: [String]) = ([], [])
    /// Where the record stands in its cache file, when it was read from one (`CacheJournal`).
    var onFile: OnFile? = nil

    struct OnFile: Sendable, Hashable {
        /// The state the journal's next entry follows: the file's checksum, then each entry's.
        var state: Fingerprint
        /// The checksum of the file the journal belongs to, and the file's length.
        var base: Fingerprint
        var baseLength: Int
        /// The journal's bytes read, header included; 0 when there is none.
        var journalLength: Int
    }
}

/// A game file as the last build read it.
struct StampedSource: Sendable, Hashable {
    /// Nil when the file was read too soon after a write for its status to vouch for its bytes.
    var stamp: SourceStamp?
    var fileFingerprint: Fingerprint
    var parseFingerprint: Fingerprint
}

/// A game file's status: the same size, inode, modification and change times mean the same
/// bytes, so the file is not read again. The change time moves on every write and cannot be
/// set back by a program, unlike the modification time.
struct SourceStamp: Sendable, Hashable {
    var size: Int
    var inode: UInt64
    /// Nanoseconds since 1970.
    var modified: Int64
    var changed: Int64

    /// Time stamps are coarse (a few milliseconds, two seconds on FAT): a file written in the
    /// same tick as it was read could have other bytes under the same status. A status older
    /// than the listing by this much cannot be a file still being written then.
    static let settling: Int64 = 3_000_000_000
}

/// A game file's parse, without its notes (they are read back from the file when its scorecard
/// is rendered). A game read from the cache file stays in its bytes until it is asked for: a
/// rebuild that changes a few files decodes a few games.
struct CachedGame: Sendable {
    /// The fingerprint of the file's bytes.
    var fileFingerprint: Fingerprint
    /// `LoadedGame.parseFingerprint`: of the game as parsed, before the derive stage fills in a puzzle's optimum.
    var parseFingerprint: Fingerprint
    /// `NotesFile.notesCount` of the parse.
    var notesCount: Int?
    var body: Body

    enum Body: Sendable {
        /// Boxed: a game inline is hundreds of bytes, in every slot of a record's dictionary.
        indirect case game(Game)
        /// The game of the site's entry, sharing its box.
        case site(SiteGame)
        /// `ArchiveWriter.game`'s bytes: `range` of `archive`, the whole cache file.
        case archived(archive: [UInt8], range: Range<Int>)
    }

    init(fileFingerprint: Fingerprint, parseFingerprint: Fingerprint, notesCount: Int?, game: Game) {
        self.init(
            fileFingerprint: fileFingerprint, parseFingerprint: parseFingerprint, notesCount: notesCount,
            body: .game(game))
    }

    init(fileFingerprint: Fingerprint, parseFingerprint: Fingerprint, notesCount: Int?, body: Body) {
        self.fileFingerprint = fileFingerprint
        self.parseFingerprint = parseFingerprint
        self.notesCount = notesCount
        self.body = body
    }

    /// The site's entry, when the body is one.
    var entry: SiteGame? {
        if case .site(let entry) = body { entry } else { nil }
    }

    /// After the derive stage (a puzzle's optimum filled in); nil when its archived bytes do
    /// not decode, and then the file is read and parsed again.
    var game: Game? {
        switch body {
        case .game(let game): return game
        case .site(let entry): return entry.game
        case .archived(let archive, let range):
            var reader = ArchiveReader(archive, from: range.lowerBound, to: range.upperBound)
            guard let game = try? reader.game(), reader.isAtEnd else { return nil }
            return game
        }
    }
}

/// A unit of the site as the previous build wrote it. A class: a record holds thousands, which
/// a build copies, compares and writes, and a unit is never changed once made.
final class CachedUnit: Sendable, Equatable {
    let inputs: Fingerprint
    let files: [FileStamp]
    /// A scorecard's: what it shows from beyond its game file, to render it again without the catalog.
    let scorecard: ScorecardMemo?

    init(inputs: Fingerprint, files: [FileStamp], scorecard: ScorecardMemo? = nil) {
        self.inputs = inputs
        self.files = files
        self.scorecard = scorecard
    }

    static func == (unit: CachedUnit, other: CachedUnit) -> Bool {
        unit === other || unit.inputs == other.inputs && unit.files == other.files && unit.scorecard == other.scorecard
    }
}

/// What a game's scorecard was rendered from besides its file: the game file it shows, the
/// fingerprint of its inputs but the file's bytes (`SiteDependencies.Unit.context`), and its
/// rating changes as shown. While the catalog is unchanged (`Cutoff`), an edit of the game's
/// notes renders it again from these.
struct ScorecardMemo: Sendable, Hashable {
    var file: String
    var slug: String
    var context: Fingerprint
    /// The rating changes in `ArchiveWriter`'s bytes: one allocation, not one per string of
    /// each row, for each of a site's games, kept through the whole build.
    private(set) var changes: [UInt8]

    /// `changes` as written to the cache file, and read back.
    init(file: String, slug: String, context: Fingerprint, changes: [UInt8]) {
        self.file = file
        self.slug = slug
        self.context = context
        self.changes = changes
    }

    init(file: String, slug: String, context: Fingerprint, ratingChanges: [RatingChangeView]) {
        self.file = file
        self.slug = slug
        self.context = context
        var writer = ArchiveWriter()
        writer.array(ratingChanges) { writer, change in
            writer.string(change.player)
            writer.string(change.href)
            writer.string(change.change)
            writer.bool(change.up)
        }
        changes = writer.bytes
    }

    /// Nil when the bytes do not decode (then the scorecard is rendered from the catalog).
    var ratingChanges: [RatingChangeView]? {
        var reader = ArchiveReader(changes, from: 0, to: changes.count)
        return try? reader.array { reader throws(ArchiveReader.Malformed) in
            RatingChangeView(
                player: try reader.string(), href: try reader.string(), change: try reader.string(),
                up: try reader.bool())
        }
    }
}

/// A published file as the build left it: a file with the same inode, size and modification
/// time is taken to hold the same bytes, as `make` and `rsync` do.
public struct FileStamp: Sendable, Hashable {
    var path: String
    var size: Int
    var inode: UInt64
    /// Nanoseconds since 1970.
    var modified: Int64
}

/// The build cache of one site: `<cache folder>/sites/<fingerprint of the two folders>.cache`,
/// in the user's cache folder beside the puzzle caches. Validated, never trusted: a file that
/// is damaged, cut short, of another format or of another site means building everything, with
/// a note. Written whole or not at all (`CacheFile.replace`), so a kill never leaves half a file.
///
/// The file: `GNBLD005` and a newline, the record (`CacheArchive`), then a line
/// `checksum <32 hex digits>`: a `Fingerprint` (`StableHasher`, not a standard hash) of
/// everything before it (`Checksum`).
struct BuildCache: Sendable {
    static let magic = "GNBLD005"
    /// Site caches kept in the folder; the least recently written go first.
    static let kept = 16

    /// The program: its path, size and modification time, read once. It stands for the version
    /// and the built-in templates compiled into it, so any new build of GameNight starts afresh.
    static let program: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        var info = stat()
        guard stat(path, &info) == 0 else { return path }
        let stamp = FileStamp(info, path: path)
        return "\(path) \(stamp.size) \(stamp.modified)"
    }()

    let path: String
    /// `source` NUL `output`, absolute.
    let site: String

    init(directory: String, source: URL, output: URL) {
        site = source.standardizedFileURL.path + "\u{0}" + output.standardizedFileURL.path
        var hasher = StableHasher()
        hasher.combine(site)
        path = directory + "/sites/\(hasher.finalize()).cache"
    }

    /// The record on file, or nil and, unless there is simply no file yet, a note saying why
    /// it is not used.
    func load() -> (record: BuildRecord?, note: Diagnostic?) {
        guard FileManager.default.fileExists(atPath: path) else { return (nil, nil) }
        guard let bytes = CacheFile.contents(of: path) else { return (nil, note("cannot be read")) }
        switch Self.decode(bytes) {
        case .success(var record):
            guard record.site == site else { return (nil, note("belongs to another site")) }
            if let journal = CacheFile.contents(of: CacheJournal.path(of: path)) {
                CacheJournal.replay(journal, onto: &record)
            }
            return (record, nil)
        case .failure(let damage): return (nil, note(damage.reason))
        }
    }

    /// Keeps `record`: as the changes since `base` (the record this build started from, as read
    /// from this file) appended to the journal when they are few, else by replacing the file.
    /// A note when it cannot be written (the next build then builds everything).
    func save(_ record: BuildRecord, since base: BuildRecord? = nil) -> Diagnostic? {
        write(record, since: base).note
    }

    /// `save`, and where the record then stands on file (nil when it was not written): `serve`
    /// keeps it, so that its next save appends the changes since.
    func write(_ record: BuildRecord, since base: BuildRecord? = nil) -> (
        note: Diagnostic?, onFile: BuildRecord.OnFile?
    ) {
        // Appended only while the cache file is the one `base` stands on: a journal beside a file
        // removed or replaced meanwhile (by hand, by another build) would be lost or ignored.
        var info = stat()
        if let base, let onFile = base.onFile, lstat(path, &info) == 0, Int(info.st_size) == onFile.baseLength,
            let changes = RecordChanges(
                from: base, to: record, limit: (base.units.count + base.sources.count) / 16 + 64)
        {
            switch CacheJournal.append(changes, following: onFile, at: CacheJournal.path(of: path)) {
            case .appended(let state):
                touch()
                return (nil, state)
            case .failed: return (unwritable(String(cString: strerror(errno))), nil)
            case .rewrite: break
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil
        else {
            // mkdir fails again, and errno says why in the system's words.
            mkdir(folder, 0o755)
            return (unwritable(String(cString: strerror(errno))), nil)
        }
        var checksum = Fingerprint(high: 0, low: 0)
        var length = 0
        let written = CacheFile.replace(path) { write in
            checksum = Self.encode(record) { chunk in
                length += chunk.count
                write(chunk)
            }
        }
        guard written else { return (unwritable(String(cString: strerror(errno))), nil) }
        // Its entries follow the file replaced: they would be ignored, and the next append restarts it.
        unlink(CacheJournal.path(of: path))
        Self.removeOldest(in: folder, keeping: Self.kept)
        return (nil, BuildRecord.OnFile(state: checksum, base: checksum, baseLength: length, journalLength: 0))
    }

    /// Marks the file as just written, without writing it: the record it holds is this build's.
    /// The least recently written caches are the ones removed.
    func touch() {
        utimensat(AT_FDCWD, path, nil, 0)
    }

    private func unwritable(_ reason: String) -> Diagnostic {
        let full = errno == ENOSPC || errno == EDQUOT
        return Diagnostic(
            path: path, location: nil, severity: .note,
            message:
                "the build cache cannot be written (\(reason.lowercased())); later builds cannot reuse this build's pages",
            hint: full
                ? "free some space on that disk: the next build writes the cache again"
                : "check that the cache folder is a folder you may write to, or set XDG_CACHE_HOME to one")
    }

    private func note(_ reason: String) -> Diagnostic {
        Diagnostic(
            path: path, location: nil, severity: .note, message: "the build cache \(reason); building every page",
            hint: "nothing to do: the cache is written again after this build")
    }

    /// The file's bytes, in the chunks `encode(_:into:)` gives (tests).
    static func encode(_ record: BuildRecord) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        encode(record) { parts.append(Array($0)) }
        return parts
    }

    /// Gives the file's bytes to `emit` a chunk at a time (`Checksum.chunk` bytes, then the rest
    /// and the trailer), so that the whole file is never in memory at once: a 10,000-game
    /// record is 8 MB, and the build's peak memory came at its writing.
    /// Returns the checksum of the file's bytes before the trailer (`BuildRecord.OnFile.base`).
    @discardableResult
    static func encode(_ record: BuildRecord, into emit: (ArraySlice<UInt8>) -> Void) -> Fingerprint {
        var checksum = Checksum()
        func flush(_ writer: inout ArchiveWriter) {
            writer.takeChunks(of: Checksum.chunk) { chunk in
                checksum.add(chunk)
                emit(chunk)
            }
        }
        var writer = ArchiveWriter()
        writer.raw(Array((magic + "\n").utf8), reserving: Checksum.chunk + 64 * 1024)
        writer.string(record.site)
        writer.fingerprint(record.parsing)
        // In one order for the same games: a cache file is the same bytes for the same site.
        // Keys are sorted, not entries: moving whole entries about was a tenth of a rebuild.
        let gameKeys = record.games.keys.sorted { ($0.high, $0.low) < ($1.high, $1.low) }
        // By key: an array of the entries themselves, a game inline in each, was the build's peak.
        writer.array(gameKeys) { writer, key in
            if let cached = record.games[key] { writer.cachedGame(cached) }
            flush(&writer)
        }
        writer.array(Self.sorted(record.sources, listed: record.listed.sources)) { writer, entry in
            writer.source(entry.0, entry.1)
            flush(&writer)
        }
        writer.array(Self.sorted(record.units, listed: record.listed.units)) { writer, entry in
            writer.unit(entry.0, entry.1)
            flush(&writer)
        }
        writer.optional(record.cutoff) { $0.fingerprint($1) }
        writer.int(record.drafts)
        writer.raw([UInt8(ascii: "\n")])
        flush(&writer)
        checksum.add(writer.bytes[...])
        emit(writer.bytes[...])
        emit(Array(trailer(checksum.value).utf8)[...])
        return checksum.value
    }

    /// The entries of `dictionary` in key order: `listed` when it holds exactly the keys, in
    /// order, else the keys sorted anew.
    static func sorted<Value>(_ dictionary: [String: Value], listed: [String]) -> [(String, Value)] {
        func entries(_ keys: [String]) -> [(String, Value)] {
            keys.compactMap { key in dictionary[key].map { (key, $0) } }
        }
        if listed.count == dictionary.count, zip(listed, listed.dropFirst()).allSatisfy({ $0 < $1 }) {
            let kept = entries(listed)
            // Strictly ascending, so no key twice: as many found as the dictionary holds are all of them.
            if kept.count == dictionary.count { return kept }
        }
        return entries(dictionary.keys.sorted())
    }

    /// The checksum of a cache file: the fingerprints of its consecutive `chunk`-byte pieces (the
    /// last one shorter), fingerprinted in turn. Pieces let the file be written as it is encoded.
    struct Checksum {
        static let chunk = 1 << 20
        private var hasher = StableHasher()

        mutating func add(_ piece: ArraySlice<UInt8>) {
            hasher.combine(piece.withUnsafeBytes(Fingerprint.of))
        }

        var value: Fingerprint { hasher.finalize() }

        static func of(_ bytes: ArraySlice<UInt8>) -> Fingerprint {
            var checksum = Checksum()
            var start = bytes.startIndex
            repeat {
                let end = min(start + chunk, bytes.endIndex)
                checksum.add(bytes[start..<end])
                start = end
            } while start < bytes.endIndex
            return checksum.value
        }
    }

    struct Damage: Error { var reason: String }

    /// The file's last line: the checksum of everything before it.
    static func trailer(_ checksum: Fingerprint) -> String { "checksum \(checksum)\n" }
    static let trailerCount = trailer(Fingerprint(high: 0, low: 0)).utf8.count

    static func decode(_ bytes: [UInt8]) -> Result<BuildRecord, Damage> {
        let header = Array((magic + "\n").utf8)
        guard bytes.starts(with: header) else {
            // A start of the header is a file cut short, not one of another version.
            if header.starts(with: bytes) {
                return .failure(Damage(reason: bytes.isEmpty ? "is empty" : "is cut short"))
            }
            return .failure(
                Damage(
                    reason: bytes.starts(with: "GNBLD".utf8)
                        ? "was written by another version of GameNight" : "is not a build cache"))
        }
        guard bytes.count >= header.count + trailerCount, bytes.last == UInt8(ascii: "\n") else {
            return .failure(Damage(reason: "is cut short"))
        }
        let split = bytes.count - trailerCount
        let checksum = Checksum.of(bytes[..<split])
        guard String(decoding: bytes[split...], as: UTF8.self) == trailer(checksum) else {
            return .failure(Damage(reason: "is damaged (its checksum does not match)"))
        }
        var reader = ArchiveReader(bytes, from: header.count, to: split - 1)
        do throws(ArchiveReader.Malformed) {
            let site = try reader.string()
            let parsing = try reader.fingerprint()
            // Straight into dictionaries sized from the counts: through arrays, and growing, was
            // a quarter of reading the file.
            var games: [Fingerprint: CachedGame] = [:]
            try reader.each(sizing: { games.reserveCapacity($0) }) { reader throws(ArchiveReader.Malformed) in
                let cached = try reader.cachedGame()
                // `encode` writes each fingerprint once: a repeated one, whichever copy it kept, is not its file.
                guard games.updateValue(cached, forKey: cached.fileFingerprint) == nil else {
                    throw ArchiveReader.Malformed()
                }
            }
            var sources: [String: StampedSource] = [:]
            var listed: (sources: [String], units: [String]) = ([], [])
            try reader.each(sizing: {
                sources.reserveCapacity($0)
                listed.sources.reserveCapacity($0)
            }) { reader throws(ArchiveReader.Malformed) in
                let (path, source) = try reader.source()
                listed.sources.append(path)
                sources[path] = source
            }
            var units: [String: CachedUnit] = [:]
            try reader.each(sizing: {
                units.reserveCapacity($0)
                listed.units.reserveCapacity($0)
            }) { reader throws(ArchiveReader.Malformed) in
                let (id, unit) = try reader.unit()
                listed.units.append(id)
                units[id] = unit
            }
            let cutoff = try reader.optional { reader throws(ArchiveReader.Malformed) in try reader.fingerprint() }
            let drafts = try reader.int()
            guard reader.isAtEnd else { throw ArchiveReader.Malformed() }
            return .success(
                BuildRecord(
                    site: site, parsing: parsing, games: games, units: units, sources: sources, cutoff: cutoff,
                    drafts: drafts,
                    listed: listed,
                    onFile: BuildRecord.OnFile(
                        state: checksum, base: checksum, baseLength: bytes.count, journalLength: 0)))
        } catch {
            return .failure(Damage(reason: "cannot be decoded"))
        }
    }

    /// Deletes all but the `count` most recently written caches of `folder`.
    static func removeOldest(in folder: String, keeping count: Int) {
        let files = FileManager.default
        let names = (try? files.contentsOfDirectory(atPath: folder)) ?? []
        let caches = names.filter { $0.hasSuffix(".cache") }
        // A journal whose cache file is gone (removed by an older version, or its unlink failed).
        let journals = Set(caches.map { CacheJournal.path(of: $0) })
        for name in names where name.hasSuffix(".journal") && !journals.contains(name) { unlink(folder + "/" + name) }
        guard caches.count > count else { return }
        let dated = caches.map { name in
            (
                name,
                (try? files.attributesOfItem(atPath: folder + "/" + name))?[.modificationDate] as? Date ?? .distantPast
            )
        }
        for (name, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(count) {
            unlink(folder + "/" + name)
            unlink(CacheJournal.path(of: folder + "/" + name))
        }
    }
}

extension SourceStamp {
    init(_ info: stat) {
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        self.init(
            size: Int(info.st_size), inode: UInt64(info.st_ino), modified: modified.wrappingNanoseconds,
            changed: changed.wrappingNanoseconds)
    }
}

extension timespec {
    /// Nanoseconds since 1970, wrapping: `touch -d` sets times past what 64 bits of nanoseconds
    /// hold (before 1677, after 2262), and a trap would end the build. Two times 584 years
    /// apart compare equal, which a stamp's other fields (and the change time, which no program
    /// sets) make harmless.
    var wrappingNanoseconds: Int64 { Int64(tv_sec) &* 1_000_000_000 &+ Int64(tv_nsec) }
}

extension FileStamp {
    init(_ info: stat, path: String) {
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        self.init(path: path, size: Int(info.st_size), inode: UInt64(info.st_ino), modified: time.wrappingNanoseconds)
    }
}

extension SourceStamp {
    /// Whether a file's status under `path` can vouch for its bytes: only on a local file
    /// system. Network and FUSE file systems answer `lstat` from a cache of attributes for
    /// seconds, while `open` asks the server; there every file is read.
    static func isTrusted(under path: String) -> Bool {
        gamenight_is_local_file_system(path) == 1
    }
}

/// A cache file's entries, one at a time: the whole file writes them in order, a journal entry
/// (`CacheJournal`) the ones that changed.
extension ArchiveWriter {
    mutating func cachedGame(_ cached: CachedGame) {
        fingerprint(cached.fileFingerprint)
        fingerprint(cached.parseFingerprint)
        optional(cached.notesCount) { $0.int($1) }
        // Length first, so that reading the file skips each game until it is asked for.
        switch cached.body {
        case .archived(let archive, let range):
            unsigned(UInt64(range.count))
            raw(archive[range])
        case .game, .site:
            var body = ArchiveWriter()
            if let game = cached.game { body.game(game) }
            unsigned(UInt64(body.bytes.count))
            raw(body.bytes)
        }
    }

    mutating func source(_ path: String, _ source: StampedSource) {
        string(path)
        optional(source.stamp) { writer, stamp in
            writer.int(stamp.size)
            writer.unsigned(stamp.inode)
            writer.int(Int(stamp.modified))
            writer.int(Int(stamp.changed))
        }
        fingerprint(source.fileFingerprint)
        fingerprint(source.parseFingerprint)
    }

    mutating func unit(_ id: String, _ unit: CachedUnit) {
        string(id)
        fingerprint(unit.inputs)
        array(unit.files) { writer, file in
            writer.string(file.path)
            writer.int(file.size)
            writer.unsigned(file.inode)
            writer.int(Int(file.modified))
        }
        optional(unit.scorecard) { writer, memo in
            writer.string(memo.file)
            writer.string(memo.slug)
            writer.fingerprint(memo.context)
            writer.unsigned(UInt64(memo.changes.count))
            writer.raw(memo.changes)
        }
    }
}

extension ArchiveReader {
    /// A game's body stays in the bytes being read until it is asked for.
    mutating func cachedGame() throws(Malformed) -> CachedGame {
        let key = try fingerprint()
        let parse = try fingerprint()
        let notesCount = try optional { reader throws(Malformed) in try reader.int() }
        return CachedGame(
            fileFingerprint: key, parseFingerprint: parse, notesCount: notesCount,
            body: .archived(archive: archive, range: try skip()))
    }

    mutating func source() throws(Malformed) -> (String, StampedSource) {
        let path = try string()
        return (
            path,
            StampedSource(
                stamp: try optional { reader throws(Malformed) in
                    SourceStamp(
                        size: try reader.int(), inode: try reader.unsigned(), modified: Int64(try reader.int()),
                        changed: Int64(try reader.int()))
                }, fileFingerprint: try fingerprint(), parseFingerprint: try fingerprint())
        )
    }

    mutating func unit() throws(Malformed) -> (String, CachedUnit) {
        let id = try string()
        return (
            id,
            CachedUnit(
                inputs: try fingerprint(),
                files: try array { reader throws(Malformed) in
                    FileStamp(
                        path: try reader.string(), size: try reader.int(), inode: try reader.unsigned(),
                        modified: Int64(try reader.int()))
                },
                scorecard: try optional { reader throws(Malformed) in
                    ScorecardMemo(
                        file: try reader.string(), slug: try reader.string(), context: try reader.fingerprint(),
                        changes: Array(reader.archive[try reader.skip()]))
                })
        )
    }
}
