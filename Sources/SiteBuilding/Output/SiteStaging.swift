import CSystemShims
public import Foundation
public import SiteRendering

/// A site being written: files go straight to disk as they are rendered, from any thread.
///
/// A file whose bytes equal the published site's file at the same path is hard-linked from it
/// instead of written again. It keeps its modification time, so `rsync` and similar tools skip
/// it, and deleting the previous site afterwards frees no inode: on ext4 without a journal,
/// files created in the minutes after a mass deletion are slow (see README, Benchmarks).
public struct SiteStaging: Sendable {
    public let folder: URL
    /// `folder.path`, made once: a URL makes the string anew on every call.
    let folderPath: String
    /// The published site's folder, whose unchanged files are linked; nil when there is none or
    /// it cannot be reused safely.
    public let previous: String?
    /// The permissions a new file gets here (umask, default ACLs); a published file with others
    /// is written anew.
    let fileMode: mode_t
    /// `geteuid()`, asked once: it is a system call, and every reused file is checked against it.
    let owner = geteuid()
    /// A file already here when the folder is a recycled one (the site before the published one,
    /// kept by `serve`): each is replaced, kept when it already is the published file, or removed
    /// by `removeFiles(except:)`.
    struct Existing: Sendable {
        /// In `existingPaths`.
        var index: Int
        /// As listed.
        var inode: ino_t
    }

    /// By relative path.
    let existing: [String: Existing]
    let existingPaths: [String]
    /// The recycled folder's device: its files are on it.
    let device: dev_t
    let recycled: Bool

    public init(folder: URL, previous: String? = nil) {
        self.init(folder: folder, previous: previous, existing: [], device: 0, recycled: false)
    }

    private init(
        folder: URL, previous: String?, existing: [(path: String, inode: ino_t)], device: dev_t, recycled: Bool
    ) {
        self.folder = folder
        folderPath = folder.path
        let mode = previous == nil ? nil : Self.newFileMode(in: folderPath)
        // A symbolic link anywhere in the published site could make the new one share files
        // with a folder outside it.
        self.previous = mode != nil && previous.map { gamenight_tree_has_symlink($0) == 0 } == true ? previous : nil
        self.fileMode = mode ?? 0
        self.existing = Dictionary(
            existing.enumerated().map { ($1.path, Existing(index: $0, inode: $1.inode)) },
            uniquingKeysWith: { first, _ in first })
        existingPaths = existing.map(\.path)
        self.device = device
        self.recycled = recycled
    }

    /// A staging folder made of an old site's folder, whose files unchanged since are links of
    /// the published ones; nil when it holds anything but plain files and folders.
    public static func recycling(_ folder: URL, previous: String?) -> SiteStaging? {
        var info = stat()
        guard lstat(folder.path, &info) == 0, let files = Self.plainFiles(under: folder.path) else { return nil }
        return SiteStaging(folder: folder, previous: previous, existing: files, device: info.st_dev, recycled: true)
    }

    /// The relative paths of the files under `root` with their inode numbers, or nil when it is
    /// not a folder or holds a symbolic link or anything else that is neither a file nor a folder.
    static func plainFiles(under root: String) -> [(path: String, inode: ino_t)]? {
        var info = stat()
        guard lstat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        var files: [(path: String, inode: ino_t)] = []
        var folders = [""]
        while let relative = folders.popLast() {
            guard let stream = opendir(relative.isEmpty ? root : root + "/" + relative) else { return nil }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != ".." else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                // The entry's type as listed; a file system that does not say is asked.
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    guard lstat(root + "/" + path, &info) == 0 else { return nil }
                    type =
                        info.st_mode & S_IFMT == S_IFDIR
                        ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : -1
                }
                switch type {
                case Int32(DT_DIR): folders.append(path)
                case Int32(DT_REG): files.append((path, entry.pointee.d_ino))
                default: return nil
                }
            }
        }
        return files
    }

    /// Removes the files of a recycled folder that the new site does not have (all but those at
    /// `kept`, indices in `existingPaths`), then the folders left empty.
    func removeFiles(except kept: [Int]) {
        guard recycled else { return }
        var isKept = [Bool](repeating: false, count: existingPaths.count)
        for index in kept where isKept.indices.contains(index) { isKept[index] = true }
        var folders: Set<String> = []
        for (index, path) in existingPaths.enumerated() where !isKept[index] {
            unlink(folderPath + "/" + path)
            var parent = Substring(path)
            while let slash = parent.lastIndex(of: "/") {
                parent = parent[..<slash]
                folders.insert(String(parent))
            }
        }
        // Deepest first; a folder still holding files stays.
        for path in folders.sorted(by: { $0.count > $1.count }) { rmdir(folderPath + "/" + path) }
    }

    /// Whether `info`, a published file's status, is linked once more from `relativePath` here
    /// and nowhere else: a recycled folder's copy of it, already in place. The listing's inode
    /// numbers tell, without a status call per file.
    func isLinkedHere(_ info: stat, at relativePath: String) -> Bool {
        recycled && info.st_nlink == 2 && info.st_dev == device && existing[relativePath]?.inode == info.st_ino
    }

    /// The permission bits of a file created in `folder` with mode 0644.
    static func newFileMode(in folder: String) -> mode_t? {
        let probe = folder + "/.gamenight-mode-probe"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        defer {
            close(descriptor)
            unlink(probe)
        }
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    /// Writes `file` (or links the published one holding the same bytes) and returns its stamp.
    @discardableResult
    public func write(_ file: SiteFile) throws -> FileStamp {
        try Self.check(file.path)
        // Plain strings: `URL.appendingPathComponent` asks the file system whether the path is a
        // folder, a `stat` per file written.
        let path = folderPath + "/" + file.path
        let old = previous.map { $0 + "/" + file.path }
        let contents = file.bytes
        if let info = try place(contents, at: path, relativePath: file.path, reusing: old) {
            return FileStamp(info, path: file.path)
        }
        try makeFolder(of: file.path)
        guard let info = try place(contents, at: path, relativePath: file.path, reusing: old) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        return FileStamp(info, path: file.path)
    }

    /// Links the published file `stamp` describes when it is still that file (same inode, size
    /// and modification time, and safe to share: see `identity`); false otherwise, and then the
    /// file must be written.
    /// `previousFolder`, when open (`openPrevious`), is asked for the file's status by its
    /// relative path: the kernel walks a few components instead of the whole path.
    func reuse(_ stamp: FileStamp, previousFolder: Int32 = -1) -> Bool {
        guard let previous, (try? Self.check(stamp.path)) != nil else { return false }
        var info = stat()
        let found =
            previousFolder >= 0
            ? fstatat(previousFolder, stamp.path, &info, AT_SYMLINK_NOFOLLOW)
            : lstat(previous + "/" + stamp.path, &info)
        guard found == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o7777 == fileMode,
            info.st_uid == owner, FileStamp(info, path: stamp.path) == stamp
        else { return false }
        // Most files of a rebuild end here: the paths below are made only when needed.
        if isLinkedHere(info, at: stamp.path) { return true }
        let old = previous + "/" + stamp.path
        let path = folderPath + "/" + stamp.path
        // Linked here already by this build: one that tried to derive nothing (`Cutoff`) and
        // then had to, staging into the same folder.
        if info.st_nlink == 2, var here = Optional(stat()), lstat(path, &here) == 0, here.st_dev == info.st_dev,
            here.st_ino == info.st_ino
        {
            return true
        }
        guard info.st_nlink == 1 else { return false }
        var linked = link(old, path) == 0
        if !linked && errno == ENOENT, (try? makeFolder(of: stamp.path)) != nil { linked = link(old, path) == 0 }
        if !linked && errno == EEXIST && unlink(path) == 0 { linked = link(old, path) == 0 }
        guard linked else { return false }
        // The very file checked, unless `old` was replaced in between.
        guard lstat(path, &info) == 0, UInt64(info.st_ino) == stamp.inode, Int(info.st_size) == stamp.size else {
            unlink(path)
            return false
        }
        return true
    }

    /// The published site's folder, open for `reuse`, or -1; the caller closes it.
    func openPrevious() -> Int32 {
        previous.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } ?? -1
    }

    /// Paths come from our renderer and the cache, and anything that could leave the folder is
    /// refused anyway: an empty path, or one with an empty, `.` or `..` part (a leading `/`
    /// makes an empty one). Bytes, not parts: this runs for every file of every build.
    static func check(_ path: String) throws {
        var utf8 = path.utf8[...]
        var safe = !utf8.isEmpty
        while safe {
            let end = utf8.firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
            let part = utf8[..<end]
            safe = !part.isEmpty && !part.elementsEqual(".".utf8) && !part.elementsEqual("..".utf8)
            guard end != utf8.endIndex else { break }
            utf8 = utf8[utf8.index(after: end)...]
        }
        guard safe else { throw BuildError.io("refusing to write \(path): it would leave the output folder") }
    }

    /// The first file of a folder creates it; no bookkeeping shared between threads. A plain
    /// mkdir first, FileManager only for deeper paths: its checks are slower.
    func makeFolder(of path: String) throws {
        let parent =
            folderPath + "/"
            + path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard gamenight_fault(parent) == 0 else { throw fileError(parent) }
        if mkdir(parent, 0o755) != 0 && errno != EEXIST {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
    }

    /// Links `old` to `path` when it holds `contents`, else writes them. Returns the file's
    /// status, or nil when the folder of `path` does not exist yet.
    func place(_ contents: [UInt8], at path: String, relativePath: String, reusing old: String?) throws -> stat? {
        if let old,
            let compared = Self.identity(
                of: old, holding: contents, mode: fileMode, alsoLinked: { isLinkedHere($0, at: relativePath) })
        {
            var linked = link(old, path) == 0
            if !linked && errno == EEXIST && unlink(path) == 0 { linked = link(old, path) == 0 }
            if !linked && errno == ENOENT { return nil }
            // EXDEV, EPERM, EMLINK, a file system without links: write. Linked: the very file
            // compared, unless `old` was replaced in between.
            var info = stat()
            if linked {
                if lstat(path, &info) == 0, info.st_dev == compared.device, info.st_ino == compared.inode,
                    Int(info.st_size) == contents.count
                {
                    return info
                }
                unlink(path)
            }
        }
        return try Self.write(contents, to: path)
    }

    /// The device and inode of `path` when it is a regular file holding exactly `contents`, with
    /// this build's owner and permissions and no other link (one shared with a folder outside
    /// the site would let edits there change the new site) unless `alsoLinked` allows it.
    static func identity(
        of path: String, holding contents: [UInt8], mode: mode_t,
        alsoLinked: (stat) -> Bool = { _ in false }
    ) -> (device: dev_t, inode: ino_t)? {
        // O_NOFOLLOW: no symbolic link; O_NONBLOCK: a FIFO put there must not hang the build.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o7777 == mode,
            info.st_nlink == 1 || alsoLinked(info), info.st_uid == geteuid()
        else { return nil }
        let same = contents.withUnsafeBufferPointer { bytes in
            guard Int(info.st_size) == bytes.count else { return false }
            guard let expected = bytes.baseAddress else { return true }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16_384) { buffer in
                guard let chunk = buffer.baseAddress else { return false }
                var offset = 0
                while offset < bytes.count {
                    let count = read(descriptor, chunk, min(buffer.count, bytes.count - offset))
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0, memcmp(chunk, expected + offset, count) == 0 else { return false }
                    offset += count
                }
                return true
            }
        }
        return same ? (info.st_dev, info.st_ino) : nil
    }

    /// Plain POSIX writes: `Data.write` syncs every file to disk, a third of the writing time,
    /// and the staging folder only needs to be complete before it is swapped in, not durable.
    /// Returns the new file's status, or nil when the folder does not exist yet.
    static func write(_ contents: [UInt8], to path: String) throws -> stat? {
        // O_EXCL: a path written twice must never truncate a file linked from the published site.
        var descriptor = gamenight_fault(path) == 0 ? open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) : -1
        if descriptor < 0 && errno == EEXIST && unlink(path) == 0 {
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw fileError(path)
        }
        defer { close(descriptor) }
        try contents.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = gamenight_write(
                    descriptor, path, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    // Half a file (a full disk) is never left for a later build to find.
                    let error = fileError(path)
                    unlink(path)
                    throw error
                }
                offset += written
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw fileError(path) }
        return info
    }
}
