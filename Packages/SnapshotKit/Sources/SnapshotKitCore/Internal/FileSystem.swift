import Foundation

/// The few file operations the library needs, written so a reader never sees half a file.
enum FileSystem {
    /// Writes `data` to `path`, replacing any file there. Plain open/write/close: on Linux,
    /// `Data.write(to:)` also fsyncs, which made writing a `.new` the slowest step of a failure,
    /// and snapshot files need no durability guarantee.
    static func write(_ data: Data, toPath path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw posixError(path) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw posixError(path)
                }
                offset += written
            }
        }
    }

    private static func posixError(_ path: String) -> any Error {
        let code = POSIXErrorCode(rawValue: errno) ?? .EIO
        return NSError(domain: NSPOSIXErrorDomain, code: Int(code.rawValue), userInfo: [NSFilePathErrorKey: path])
    }

    static func createParent(of path: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    /// Writes a new item beside `url` with `make`, then swaps it in, so the old one stays
    /// intact if writing fails.
    static func replaceItem(at url: URL, _ make: (URL) throws -> Void) throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try make(temporary)
            if fileManager.fileExists(atPath: url.path) { try fileManager.removeItem(at: url) }
            try fileManager.moveItem(at: temporary, to: url)
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw error
        }
    }

    static func remove(path: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
        }
    }

    static func remove(_ url: URL) throws {
        if FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.removeItem(at: url)
        }
    }

    /// Regular files under `root` as relative paths ("a/b.txt", ".htaccess") sorted by their
    /// bytes, hidden ones included. Anything but a regular file or a folder (a symbolic link,
    /// a socket) throws: it can't be compared as a file, and skipping it would hide a change.
    static func files(under root: URL) throws -> [String] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { return [] }
        let rootPath = root.standardizedFileURL.path
        var result: [String] = []
        for case let url as URL in enumerator {
            let values = try url.resourceValues(forKeys: Set(keys))
            if values.isDirectory == true, values.isSymbolicLink != true { continue }
            guard values.isRegularFile == true, values.isSymbolicLink != true else {
                throw SnapshotError.unsupportedTreeEntry(url.path)
            }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath + "/") else { continue }
            result.append(String(path.dropFirst(rootPath.count + 1)))
        }
        return result.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
