import Foundation
import GameDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where pattern databases are kept between runs. The solver does file I/O only here and in
/// `Cache/` (the optimum cache and the file helpers both use).
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
        if let bytes = CacheFile.contents(of: path) {
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

    /// Writes the file whole or not at all (see `CacheFile.replace`); returns why it failed, or nil.
    private func save(_ database: PatternDatabase, to path: String) -> String? {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            // FileManager's error on Linux hides its errno; mkdir fails again and says why.
            mkdir(directory, 0o755)
            return "cannot create \(directory): \(String(cString: strerror(errno)).lowercased())"
        }
        let header = PatternDatabase.fileHeader(for: database.partition)
        guard CacheFile.replace(path, with: [header, database.storage, database.fileTrailer(header: header)]) else {
            return "cannot write \(path): \(String(cString: strerror(errno)).lowercased())"
        }
        removeOlderFormats(size: database.partition.size)
        return nil
    }

    /// Deletes this size's cache files written in an older format (a lower number after
    /// `GNPDB`): no version reads them again, and the first format's file was 33.6 MB. A newer
    /// format's file stays, so two installed versions sharing the folder keep both.
    private func removeOlderFormats(size: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("puzzle-pdb-\(size)x\(size)-") && name.hasSuffix(".bin") {
            let path = directory + "/" + name
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { continue }
            var magic = [UInt8](repeating: 0, count: PatternDatabase.magic.count)
            let count = read(descriptor, &magic, magic.count)
            close(descriptor)
            if count == magic.count, magic.starts(with: "GNPDB".utf8),
                let version = Int(String(decoding: magic.dropFirst(5), as: UTF8.self)),
                let current = Int(String(decoding: PatternDatabase.magic.dropFirst(5), as: UTF8.self)),
                version < current
            {
                unlink(path)
            }
        }
    }
}
