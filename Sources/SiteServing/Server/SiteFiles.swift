import Foundation
import SiteBuilding

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads files of the published site. Every request resolves its path anew against the output
/// folder's path, never a folder handle kept open: a rebuild exchanges the folder atomically,
/// and the next request sees the new site whole.
public struct SiteFiles: Sendable {
    /// The output folder's real path (no symbolic link), fixed when serving starts; the atomic
    /// exchange keeps the name.
    public let root: String
    /// Larger files are refused; gamenight writes none this big.
    static let maxFileBytes = 64 << 20

    public enum Lookup: Sendable {
        case file(ServedFile)
        /// A folder asked for without its trailing `/`: redirect, so relative links work.
        case folder
        case notFound
    }

    /// `root` must exist; nil when it cannot be resolved.
    public init?(root: String) {
        guard let real = Self.realPath(root) else { return nil }
        self.root = real
    }

    public func lookup(_ path: SitePath) -> Lookup {
        // Hidden names (the `.gamenight` marker, staging folders) are not part of the site.
        guard !path.segments.contains(where: { $0.hasPrefix(".") }) else { return .notFound }
        let joined = ([root] + path.segments).joined(separator: "/")
        guard let real = Self.realPath(joined), contains(real) else { return .notFound }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard path.namesFolder || path.segments.isEmpty else { return .folder }
            return read(real + "/index.html")
        }
        return path.namesFolder ? .notFound : read(real)
    }

    /// Whether `real`, a path with no symbolic link, is the root or inside it (by bytes: see
    /// `isPath(inside:)`).
    func contains(_ real: String) -> Bool {
        real.isPath(inside: root)
    }

    /// The bytes of a regular file inside the root, or `.notFound`.
    func read(_ candidate: String) -> Lookup {
        // Resolved again: `index.html` inside a folder may itself be a link out of the site.
        guard let real = Self.realPath(candidate), contains(real) else { return .notFound }
        return read(resolved: real)
    }

    /// The file at `real`, a path resolved inside the root, opened. A folder on the way may have
    /// been replaced by a symbolic link since: it is opened one folder at a time, following no link.
    func read(resolved real: String) -> Lookup {
        let descriptor = Self.openFollowingNoLink(real)
        guard descriptor >= 0 else { return .notFound }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= Self.maxFileBytes else {
            close(descriptor)
            return .notFound
        }
        return .file(ServedFile(path: real, version: ServedFile.Version(info), descriptor: descriptor))
    }

    /// Opens the regular file at the absolute path `real` for reading, each part with
    /// `O_NOFOLLOW`; -1 when a part is missing or a symbolic link.
    static func openFollowingNoLink(_ real: String) -> Int32 {
        guard real.hasPrefix("/"), !real.utf8.contains(0) else { return -1 }
        #if os(Linux)
            // O_PATH (a folder passed through without read permission); Glibc's module leaves it out.
            let folderFlags: Int32 = 0o10000000 | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        #else
            let folderFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        #endif
        var descriptor = open("/", folderFlags)
        let parts = real.split(separator: "/")
        for (index, part) in parts.enumerated() where descriptor >= 0 {
            let last = index == parts.count - 1
            let next = openat(
                descriptor, String(part), last ? O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK : folderFlags)
            close(descriptor)
            descriptor = next
        }
        return descriptor
    }

    static func realPath(_ path: String) -> String? {
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// A regular file of the site, open and not yet read: a body already held (`PageCache`) is not
/// read again.
public final class ServedFile: Sendable {
    /// Its real path, inside the site.
    public let path: String
    let version: Version
    private let descriptor: Int32

    /// Which content the file holds. A rebuild writes new files, and writing a file in place
    /// changes its times, unless within one tick of the file system's clock (see `PageCache`).
    struct Version: Hashable, Sendable {
        let device: UInt64, inode: UInt64, size: Int
        /// Nanoseconds since 1970, wrapping.
        let modified: Int64, changed: Int64

        init(_ info: stat) {
            #if canImport(Darwin)
                let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
                let (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            let nanoseconds = { (time: timespec) in Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec) }
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
            size = Int(info.st_size)
            (self.modified, self.changed) = (nanoseconds(modified), nanoseconds(changed))
        }
    }

    init(path: String, version: Version, descriptor: Int32) {
        self.path = path
        self.version = version
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The whole file, or nil when it cannot be read whole (a read failed, or it shrank since it
    /// was opened).
    public func read() -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: version.size)
        var done = 0
        while done < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }
}
