import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where pattern databases are kept between runs. All of the solver's file I/O is here.
public struct PatternDatabaseCache: Sendable {
    /// The folder holding the cache files (created when first written).
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// `$XDG_CACHE_HOME/gamenight`, else `~/.cache/gamenight`, for this process's environment.
    public static func defaultDirectory() -> String {
        defaultDirectory(environment: ProcessInfo.processInfo.environment)
    }

    /// `$XDG_CACHE_HOME/gamenight` (when absolute), else `$HOME/.cache/gamenight`.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return cache + "/gamenight"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.cache/gamenight"
    }

    /// The cache in `defaultDirectory()`.
    public static var standard: PatternDatabaseCache { PatternDatabaseCache(directory: defaultDirectory()) }

    /// The file for `partition`, named by the checksum of its header so partitions never clash.
    public func path(for partition: PatternPartition) -> String {
        var hash = FNV1a64()
        hash.combine(PatternDatabase.fileHeader(for: partition))
        let name = String(hash.value, radix: 16)
        return directory + "/puzzle-pdb-\(partition.size)x\(partition.size)-\(name).bin"
    }

    /// What `load` had to do.
    public enum Event: Sendable, Hashable {
        /// Read from the cache, checksum verified.
        case loaded
        /// No cache file: built and saved.
        case built
        /// The cache file was damaged (the reason says how): rebuilt and saved over it.
        case rebuilt(reason: String)
        /// Built, but the cache could not be written (the reason says why); still usable.
        case builtNotSaved(reason: String)
    }

    /// The databases for `partition`: read from the cache when it is intact, otherwise built
    /// (see `PatternDatabase.build`) and saved. A damaged file is never trusted.
    public func load(_ partition: PatternPartition) -> (database: PatternDatabase, event: Event) {
        let path = path(for: partition)
        var damage: String?
        if let bytes = Self.readFile(path) {
            do {
                return (try PatternDatabase.decode(bytes, partition: partition), .loaded)
            } catch {
                damage = error.reason
            }
        }
        let database = PatternDatabase.build(partition)
        if let failure = save(database, to: path) { return (database, .builtNotSaved(reason: failure)) }
        return (database, damage.map { .rebuilt(reason: $0) } ?? .built)
    }

    /// Writes a temporary file and renames it over `path`, so readers never see half a file.
    /// Returns why it failed, or nil.
    private func save(_ database: PatternDatabase, to path: String) -> String? {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return "cannot create \(directory): \(error.localizedDescription)"
        }
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let header = PatternDatabase.fileHeader(for: database.partition)
        let trailer = database.fileTrailer(header: header)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return "cannot write \(temporary)" }
        let written = Self.writeAll(descriptor, header) && Self.writeAll(descriptor, database.storage)
            && Self.writeAll(descriptor, trailer)
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return "cannot write \(path)"
        }
        removeOlderFormats(size: database.partition.size)
        return nil
    }

    /// Deletes this size's cache files written in an older format (another magic): no version
    /// reads them again, and the first format's file was 33.6 MB.
    private func removeOlderFormats(size: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("puzzle-pdb-\(size)x\(size)-") && name.hasSuffix(".bin") {
            let path = directory + "/" + name
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { continue }
            var magic = [UInt8](repeating: 0, count: PatternDatabase.magic.count)
            let count = read(descriptor, &magic, magic.count)
            close(descriptor)
            if count == magic.count, magic.starts(with: "GNPDB".utf8), magic != PatternDatabase.magic { unlink(path) }
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let count = write(descriptor, base + offset, buffer.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }

    /// The whole file, or nil if it cannot be read. Reads straight into one array.
    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= 0, info.st_size < 1 << 31 else { return nil }
        let size = Int(info.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var offset = 0
            while offset < size, let base = buffer.baseAddress {
                let count = read(descriptor, base + offset, size - offset)
                if count <= 0 { break }
                offset += count
            }
            complete = offset == size
            initialized = offset
        }
        return complete ? bytes : nil
    }
}
