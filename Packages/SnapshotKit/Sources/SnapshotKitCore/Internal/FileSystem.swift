import Foundation

/// The few file operations the library needs, written so a reader never sees half a file.
enum FileSystem {
    /// Writes `data` to `path`, replacing any file there. Plain open/write/close: on Linux,
    /// `Data.write(to:)` also fsyncs, which made writing a `.new` the slowest step of a failure,
    /// and snapshot files need no durability guarantee.
    /// A write that fails (a full disk) removes the file: it is whole or absent, never half.
    static func write(_ data: Data, toPath path: String) throws {
        if let error = WriteFaults.fault(at: path) {
            errno = error
            throw posixError(path)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw posixError(path) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                var written: Int
                if let error = WriteFaults.fault(at: path) {
                    // As a disk filling up mid-write: part of the bytes land, then the error.
                    _ = Foundation.write(descriptor, base + offset, (buffer.count - offset) / 2)
                    (written, errno) = (-1, error)
                } else {
                    written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    let error = posixError(path)
                    unlink(path)
                    throw error
                }
                offset += written
            }
        }
    }

    /// Runs `body` with the file at `path` open (created when missing) and locked (`flock`)
    /// against every other `withLockedFile` of any process: appends never interleave, and a
    /// rewrite (a new file renamed over this one, or its removal) made under the lock loses no
    /// append, as an appender that opened the old file sees, once it has the lock, that the path
    /// names another file, and opens it again.
    static func withLockedFile<T>(atPath path: String, create: Bool, _ body: (Int32) throws -> T) throws -> T? {
        for _ in 0..<64 {
            let descriptor = open(path, (create ? O_CREAT : 0) | O_RDWR | O_APPEND | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                if errno == ENOENT, !create { return nil }
                throw posixError(path)
            }
            defer { close(descriptor) }
            // A file system without locks (ENOLCK) still gets the appends, unserialised.
            while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
            var opened = stat()
            var named = stat()
            guard fstat(descriptor, &opened) == 0 else { throw posixError(path) }
            guard stat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino else {
                continue  // replaced or removed while this waited for the lock
            }
            return try body(descriptor)
        }
        errno = EAGAIN
        throw posixError(path)
    }

    /// Appends `data` to the file at `path` (created when missing), under its lock
    /// (`withLockedFile`), and returns the file's new size. A write that fails cuts the file back
    /// to its size before, or removes the file it created: no reader finds part of `data`.
    static func append(_ data: Data, toPath path: String) throws -> Int {
        if let error = WriteFaults.fault(at: path) {
            errno = error
            throw posixError(path)
        }
        let size = try withLockedFile(atPath: path, create: true) { descriptor -> Int in
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw posixError(path) }
            let before = info.st_size
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < buffer.count, let base = buffer.baseAddress {
                    var written: Int
                    if let error = WriteFaults.fault(at: path) {
                        _ = Foundation.write(descriptor, base + offset, (buffer.count - offset) / 2)
                        (written, errno) = (-1, error)
                    } else {
                        written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                    }
                    if written < 0 {
                        if errno == EINTR { continue }
                        let error = posixError(path)
                        // Under the lock, what follows `before` is this write's alone.
                        if before == 0 { _ = unlink(path) } else { _ = ftruncate(descriptor, before) }
                        throw error
                    }
                    offset += written
                }
            }
            return Int(before) + data.count
        }
        return size ?? 0
    }

    /// The whole file open at `descriptor`, read from its start.
    static func readAll(_ descriptor: Int32, path: String) throws -> Data {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw posixError(path) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return pread(descriptor, base + offset, buffer.count - offset, off_t(offset))
            }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw posixError(path) }
            if read == 0 { break }
            offset += read
        }
        return Data(bytes[..<offset])
    }

    /// Writes `data` as the file at `path` so that no reader, and no kill, ever finds it
    /// missing, empty or half written: a temporary file beside it, then one `rename(2)`. A file
    /// already there keeps its permissions, and one that can't be written (a read-only
    /// reference) is refused as a write to it would be, not replaced.
    static func replaceFile(with data: Data, atPath path: String) throws {
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists, existing.st_mode & S_IFMT == S_IFREG, access(path, W_OK) != 0 { throw posixError(path) }
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let number = temporaryNumbers.withLock { count in
            count += 1
            return count
        }
        let temporary = String(path[..<slash]) + "." + String(path[slash...]) + ".\(getpid()).\(number).tmp"
        try write(data, toPath: temporary)  // removes the temporary file if it fails
        if exists, existing.st_mode & S_IFMT == S_IFREG { _ = chmod(temporary, existing.st_mode & 0o7777) }
        guard rename(temporary, path) == 0 else {
            let error = posixError(path)
            _ = unlink(temporary)
            throw error
        }
    }

    /// `replaceFile`, creating the folder when it is missing. Usually the folder exists: the
    /// write is tried first. Replaced in one rename, so a reference re-recorded (or a pending
    /// output) is never seen, or left by a kill, half written.
    static func replaceFileCreatingFolder(with data: Data, atPath path: String) throws {
        do {
            try replaceFile(with: data, atPath: path)
        } catch {
            try createParent(of: path)
            try replaceFile(with: data, atPath: path)
        }
    }

    /// Numbers the temporary files of this process, so two writes never share one.
    private static let temporaryNumbers = Locked(0)

    private static func posixError(_ path: String) -> any Error {
        let code = POSIXErrorCode(rawValue: errno) ?? .EIO
        return NSError(domain: NSPOSIXErrorDomain, code: Int(code.rawValue), userInfo: [NSFilePathErrorKey: path])
    }

    static func createParent(of path: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    /// An error as a person reads it: "Not a directory (.snapshots-pending/x.txt)" rather than
    /// an NSError dump; paths relative to `root` when under it.
    static func describe(_ error: any Error, relativeTo root: URL? = nil) -> String {
        if let error = error as? SnapshotError { return error.description }
        if let error = error as? Stranded {
            let relative = { (url: URL) in
                root.flatMap { url.path.hasPrefix($0.path + "/") ? String(url.path.dropFirst($0.path.count + 1)) : nil }
                    ?? url.path
            }
            return describe(error.error, relativeTo: root) + "; it could not be put back, and is at "
                + relative(error.item)
                + (error.place.map { " (move it to \(relative($0)))" } ?? "")
        }
        guard let code = errorCode(error) else { return error.localizedDescription }
        let error = error as NSError
        var path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        if let root, let full = path, full.hasPrefix(root.path + "/") {
            path = String(full.dropFirst(root.path.count + 1))
        }
        let reason = String(cString: strerror(code))
        return path.map { "\(reason) (\($0))" } ?? reason
    }

    /// The errno behind `error`, its own or its underlying error's; nil when it has none.
    /// FileManager's errors on Linux hold a `POSIXError`, which is no `NSError` until bridged.
    static func errorCode(_ error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        guard let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
            underlying.domain == NSPOSIXErrorDomain
        else { return nil }
        return Int32(underlying.code)
    }

    /// The file at `path`, or nil when nothing is there; throws when something is there that
    /// can't be read as a file (a folder, a socket, no permission), which must never count as
    /// missing: recording over it would lose it.
    static func readIfPresent(_ path: String) throws -> Data? {
        if let data = FileManager.default.contents(atPath: path) { return data }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw SnapshotError.unreadableReference(path: path, reason: String(cString: strerror(errno)))
        }
        let kind = info.st_mode & S_IFMT
        let reason =
            kind == S_IFDIR
            ? "it is a folder, not a regular file" : kind == S_IFREG ? "it can't be read" : "it is not a regular file"
        throw SnapshotError.unreadableReference(path: path, reason: reason)
    }

    /// What `read(_:unlessEqualTo:)` found.
    enum ReadResult {
        case missing
        /// The file holds exactly the expected bytes.
        case equal
        /// The file's bytes, which are not the expected ones.
        case contents(Data)
    }

    /// The file at `path` as `readIfPresent` reads it, except that a regular file holding
    /// exactly `expected` is compared in place and never becomes a `Data`: a matching snapshot
    /// is the common case, and Foundation's read was a fifth of its cost. A regular file is
    /// opened and read once, whether it matches or not; anything else (not a regular file, an
    /// error) takes `readIfPresent`, with its errors.
    static func read(_ path: String, unlessEqualTo expected: Data) throws -> ReadResult {
        try expected.withUnsafeBytes { try read(path, unlessEqualTo: $0) }
    }

    /// `read(_:unlessEqualTo:)` with the expected bytes lent (a text's own UTF-8 storage).
    static func read(_ path: String, unlessEqualTo expected: UnsafeRawBufferPointer) throws -> ReadResult {
        if let found = readRegularFile(path, unlessEqualTo: expected) { return found }
        guard let data = try readIfPresent(path) else { return .missing }
        let equal = data.withUnsafeBytes { same($0, expected) }
        return equal ? .equal : .contents(data)
    }

    /// One open, `fstat` and read of a regular file: `.equal` or its bytes; nil when `path` is
    /// not a regular file that could be read whole (the caller then reads as `readIfPresent`).
    private static func readRegularFile(_ path: String, unlessEqualTo expected: UnsafeRawBufferPointer)
        -> ReadResult?
    {
        // O_NONBLOCK: opening a FIFO must not wait here (readIfPresent then decides, as before).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        if size == expected.count {
            // One byte more than expected, so a file that grew since `fstat` is not equal.
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size + 1, alignment: 1)
            defer { buffer.deallocate() }
            guard let filled = readAll(descriptor, into: buffer) else { return nil }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<filled])
            return same(bytes, expected) ? .equal : .contents(Data(bytes))
        }
        // Another size: read it whole (a file that changed size since `fstat` is read again).
        var data = Data(count: size + 1)
        let filled = data.withUnsafeMutableBytes { readAll(descriptor, into: $0) }
        guard let filled, filled == size else { return nil }
        data.count = size
        return .contents(data)
    }

    /// Reads from `descriptor` until `buffer` is full or the file ends; the bytes read, or nil
    /// on an error.
    private static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        var filled = 0
        while filled < buffer.count, let base = buffer.baseAddress {
            let count = Foundation.read(descriptor, base + filled, buffer.count - filled)
            if count > 0 {
                filled += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            break
        }
        return filled
    }

    /// Whether two buffers hold the same bytes.
    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let p = a.baseAddress, let q = b.baseAddress else { return true }  // both empty
        return memcmp(p, q, a.count) == 0
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    /// Writes a new item beside `url` with `make`, then swaps it in, so the old one stays
    /// intact if writing fails, and a reference is never missing: a file replaces a file in one
    /// `rename(2)`. A folder cannot replace a folder so; the old one is renamed aside first and
    /// deleted once the new one is in place (a kill in between leaves it beside, not gone).
    /// On failure the new item is deleted, or given to `undo` when there is one (`make` moved
    /// it from somewhere it must go back to); when `undo` fails, the error is `Stranded`.
    static func replaceItem(at url: URL, _ make: (URL) throws -> Void, undo: ((URL) throws -> Void)? = nil) throws {
        let fileManager = FileManager.default
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try make(temporary)
            if let fault = WriteFaults.fault(at: url.path) {
                errno = fault
            } else if rename(temporary.path, url.path) == 0 {
                return
            }
            guard [EISDIR, ENOTDIR, ENOTEMPTY, EEXIST].contains(errno) else { throw posixError(url.path) }
            let aside = url.deletingLastPathComponent()
                .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).old")
            try fileManager.moveItem(at: url, to: aside)
            do {
                try fileManager.moveItem(at: temporary, to: url)
            } catch {
                guard (try? fileManager.moveItem(at: aside, to: url)) != nil else {
                    throw Stranded(item: aside, place: url, error: error)
                }
                throw error
            }
            try? fileManager.removeItem(at: aside)
        } catch {
            guard let undo, exists(temporary) else {
                try? fileManager.removeItem(at: temporary)
                throw error
            }
            do { try undo(temporary) } catch let undoing { throw Stranded(item: temporary, place: nil, error: undoing) }
            throw error
        }
    }

    /// A failed `replaceItem` that could not put an item back: it is at `item`, and belongs at
    /// `place` (nil: where `undo` would have moved it).
    struct Stranded: Error {
        var item: URL
        var place: URL?
        var error: any Error
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
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            return []
        }
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
