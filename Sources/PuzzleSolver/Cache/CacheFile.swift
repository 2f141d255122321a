import CSystemShims
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading and writing cache files (the solver's, the site build's), which other runs may read at
/// the same time.
public enum CacheFile {
    /// The whole file, or nil if it cannot be read. Reads straight into one array.
    public static func contents(of path: String) -> [UInt8]? {
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
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                offset += count
            }
            complete = offset == size
            initialized = offset
        }
        return complete ? bytes : nil
    }

    /// Writes `parts` one after another to a temporary file and renames it over `path`, so
    /// readers see the old file or the new one, never half of one. The folder must exist.
    public static func replace(_ path: String, with parts: [[UInt8]]) -> Bool {
        replace(
            path,
            streaming: { write in
                for part in parts { write(part[...]) }
            })
    }

    /// Like `replace(_:with:)`, with the bytes given as they are made: `produce` calls its
    /// argument with each piece in turn. Nothing replaces `path` if any write fails.
    public static func replace(_ path: String, streaming produce: ((ArraySlice<UInt8>) -> Void) -> Void) -> Bool {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = gamenight_fault(temporary) == 0 ? open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644) : -1
        guard descriptor >= 0 else { return false }
        var written = true
        produce { piece in if written { written = writeAll(descriptor, piece, path: temporary) } }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            // The caller reports errno: unlink must not change it.
            let error = errno
            unlink(temporary)
            errno = error
            return false
        }
        removeStaleTemporaries(of: path)
        return true
    }

    /// Deletes temporary files of `path` left by runs killed while writing, once they are an
    /// hour old: a run still writing one is never that slow.
    static func removeStaleTemporaries(of path: String, olderThan seconds: TimeInterval = 3_600) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = String(path[..<slash])
        let prefix = String(path[path.index(after: slash)...]) + ".tmp-"
        let files = FileManager.default
        for name in (try? files.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let temporary = folder + "/" + name
            guard let modified = (try? files.attributesOfItem(atPath: temporary))?[.modificationDate] as? Date,
                Date().timeIntervalSince(modified) >= seconds
            else { continue }
            unlink(temporary)
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: some ContiguousBytes, path: String) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let count = gamenight_write(descriptor, path, base + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }
}
