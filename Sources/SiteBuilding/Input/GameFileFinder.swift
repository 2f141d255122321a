public import Foundation

/// Finds the game files under a source folder: every `*.md` file, recursively, in a stable order.
/// Hidden files and folders and `README.md` files are skipped.
///
/// Symbolic links are followed only when their fully resolved target lies inside the source
/// folder, so nothing outside it is read; links pointing outside are listed for a note, and
/// dangling or looping links are ignored. A game reachable without a link keeps that path and is
/// not found again through a link; a folder is walked at most once, so link cycles end.
public enum GameFileFinder {
    public struct Found: Sendable, Hashable {
        /// Path relative to the source folder, with `/` separators.
        public let relativePath: String
        /// Where the file really is, symbolic links resolved.
        public let realPath: String
        /// The file's status when it was listed.
        let stamp: SourceStamp?

        /// Made when asked for, not per file listed: a build that reads a few files of ten
        /// thousand needs a few (10,000 URLs take 16 ms).
        public var url: URL { URL(fileURLWithPath: realPath, isDirectory: false) }

        init(relativePath: String, realPath: String, stamp: SourceStamp?) {
            self.relativePath = relativePath
            self.realPath = realPath
            self.stamp = stamp
        }
    }

    public struct Listing: Sendable, Hashable {
        public var files: [Found] = []
        /// Relative paths of the links that were not followed because they point outside.
        public var linksOutside: [String] = []
        /// Relative paths, with their bytes escaped, of game files and folders whose names are
        /// not UTF-8: nothing under such a name can be named in a message or a page.
        public var namesNotUTF8: [String] = []
        /// The real path of the source folder, as `list` found it.
        var root = ""
        /// Every game file has one path, reached through no symbolic link, and no other link
        /// anywhere: then a change at a path changes that path's entry only (see `updated`).
        var isPlain = false
    }

    public static func find(in source: URL) throws -> [Found] {
        try list(source).files
    }

    public static func list(_ source: URL) throws -> Listing {
        let root = realPath(source.path) ?? source.standardizedFileURL.path
        var listing = Listing(root: root)
        var shared = false
        // Paths by their bytes, here and below: strings take a name and its other Unicode
        // normalisation for equal, and the file system holds both as two names.
        var walked: Set<[UInt8]> = []
        // Real paths of the games found, made only once a link is followed: without links every
        // file is found once.
        var gameFiles: Set<[UInt8]>?
        // Folders to walk (by the path shown, and the real path), then links to follow: links
        // wait until every folder reachable without one is walked, so real paths win.
        // Plain paths, the entry types the listing gives, and one `lstat` per game file or link:
        // URLs and their resource values cost several system calls per file.
        var folders = [(path: root, real: root, prefix: "")]
        var links: [(path: String, relativePath: String)] = []
        var nextLink = 0

        func add(_ relativePath: String, real: String, stamp: SourceStamp, links: Int) {
            if gameFiles != nil, gameFiles?.insert(Array(real.utf8)).inserted == false { return }
            shared = shared || links > 1
            listing.files.append(Found(relativePath: relativePath, realPath: real, stamp: stamp))
        }

        // Every folder reachable without a link is read first, on every core (the listing and
        // a status per game file are most of a one-file rebuild); the walk below then goes
        // through them in order, as it would have read them.
        var scanned = scanAll(from: root)
        while true {
            if let folder = folders.popLast() {
                guard walked.insert(Array(folder.real.utf8)).inserted else { continue }
                let entries = try
                    (scanned.removeValue(forKey: Array(folder.path.utf8)) ?? Result { try scan(folder.path) })
                    .get()
                var subfolders: [(path: String, real: String, prefix: String)] = []
                for entry in entries {
                    switch entry {
                    case .notUTF8(let name):
                        // Such a name cannot be shown in a message or a page: a game file or a
                        // folder (which may hold games) of that name is an error, never skipped in silence.
                        listing.namesNotUTF8.append(folder.prefix + name)
                    case .link(let name): links.append((folder.path + "/" + name, folder.prefix + name))
                    case .folder(let name):
                        subfolders.append(
                            (folder.path + "/" + name, folder.real + "/" + name, folder.prefix + name + "/"))
                    case .gameFile(let name, let stamp, let links):
                        add(folder.prefix + name, real: folder.real + "/" + name, stamp: stamp, links: links)
                    }
                }
                // Walked first to last: the files then come mostly in order, and are sorted only if not.
                folders += subfolders.reversed()
            } else if nextLink < links.count {
                let link = links[nextLink]
                nextLink += 1
                if gameFiles == nil { gameFiles = Set(listing.files.map { Array($0.realPath.utf8) }) }
                guard let target = realPath(link.path) else { continue }
                guard target.isPath(inside: root) else {
                    listing.linksOutside.append(link.relativePath)
                    continue
                }
                let (kind, info) = examine(target, followingLinks: true)
                switch kind {
                case .folder: folders.append((link.path, target, link.relativePath + "/"))
                case .file where isGameFile(String(link.path.split(separator: "/").last ?? "")):
                    add(link.relativePath, real: target, stamp: SourceStamp(info), links: Int(info.st_nlink))
                case .file, .link, .other: break
                }
            } else {
                break
            }
        }
        if !zip(listing.files, listing.files.dropFirst()).allSatisfy({ $0.relativePath < $1.relativePath }) {
            listing.files.sort { $0.relativePath < $1.relativePath }
        }
        listing.linksOutside.sort()
        listing.namesNotUTF8.sort()
        listing.isPlain = links.isEmpty && listing.namesNotUTF8.isEmpty && !shared
        return listing
    }

    /// What a folder holds that the walk needs, in name order; hidden names and other files left out.
    enum Entry: Sendable {
        /// Its status, and how many links the file has: what the listing keeps of a `stat`,
        /// a fifth of its size (the entries of every folder are held until the walk).
        case gameFile(String, SourceStamp, links: Int)
        case folder(String)
        case link(String)
        /// A game file or folder whose name is not UTF-8, shown (see `shown`).
        case notUTF8(String)
    }

    /// The entries of the folder at `path`. A game file's status is asked of the open folder
    /// by name: a whole path is walked by the kernel component by component, for each of
    /// thousands of files. The folder is opened once, for its listing and those questions.
    static func scan(_ path: String) throws -> [Entry] {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        var scanned: [Entry] = []
        for (name, type, notUTF8) in try entries(of: path, open: descriptor) where !name.hasPrefix(".") {
            if let bytes = notUTF8 {
                if isGameFile(name) || isFolder(bytes, in: path, type: type) { scanned.append(.notUTF8(name)) }
                continue
            }
            // The listing's type spares a status call for folders and other files.
            let kind: Kind
            let info: stat
            switch type {
            case Int32(DT_DIR): (kind, info) = (.folder, stat())
            case Int32(DT_REG) where !isGameFile(name): continue
            case Int32(DT_REG) where descriptor >= 0: (kind, info) = examine(name, in: descriptor)
            default: (kind, info) = examine(path + "/" + name, followingLinks: false)
            }
            switch kind {
            case .link: scanned.append(.link(name))
            case .folder: scanned.append(.folder(name))
            case .file where isGameFile(name):
                scanned.append(.gameFile(name, SourceStamp(info), links: Int(info.st_nlink)))
            case .file, .other: break
            }
        }
        return scanned
    }

    /// `scan` of every folder under `root` reached without a symbolic link, by path, one depth
    /// at a time, the folders of a depth spread over the cores. An error is kept with its
    /// folder, for the walk to throw when it gets there.
    static func scanAll(from root: String) -> [[UInt8]: Result<[Entry], any Error>] {
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var scans: [[UInt8]: Result<[Entry], any Error>] = [:]
            var next: [String] = []
        }
        let results = Results()
        var depth = [root]
        while !depth.isEmpty {
            let folders = depth
            results.next = []
            DispatchQueue.concurrentPerform(iterations: folders.count) { index in
                let path = folders[index]
                let scanned = Result { try scan(path) }
                let subfolders = (try? scanned.get())?.compactMap { entry -> String? in
                    if case .folder(let name) = entry { path + "/" + name } else { nil }
                }
                results.lock.withLock {
                    results.scans[Array(path.utf8)] = scanned
                    results.next += subfolders ?? []
                }
            }
            depth = results.next
        }
        return results.scans
    }

    /// `listing` after changes at `paths` (real paths, as a file watcher reports them), with one
    /// `lstat` per changed file instead of one per game file; nil when only a new listing can
    /// tell: the listing is not plain, or a change is a folder, a link, a file with another
    /// link, a name that is not UTF-8, or a name the folder does not hold byte for byte (a
    /// case-insensitive file system, another Unicode normalisation). Paths outside the source,
    /// hidden or not game files' (a template, `gamenight.yaml`) change nothing here.
    static func updated(_ listing: Listing, changedAt paths: [String]) -> Listing? {
        guard listing.isPlain else { return nil }
        var listing = listing
        let inside = listing.root.hasSuffix("/") ? listing.root : listing.root + "/"
        var examined = Set<[UInt8]>()
        // Each folder's names as its listing gives them, read once (both by bytes: strings
        // take two Unicode normalisations of a name for one).
        var names: [[UInt8]: Set<[UInt8]>] = [:]
        for path in paths
        where path.isPath(inside: listing.root) && path.utf8.count > inside.utf8.count
            && examined.insert(Array(path.utf8)).inserted
        {
            let relativePath = String(decoding: path.utf8.dropFirst(inside.utf8.count), as: UTF8.self)
            let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
            guard !parts.contains(where: { $0.hasPrefix(".") }) else { continue }
            // The watcher decodes names leniently: a name that is not UTF-8 needs the listing's error.
            guard let name = parts.last, !relativePath.contains("\u{FFFD}"), !parts.contains(where: \.isEmpty) else {
                return nil
            }
            var info = stat()
            guard lstat(path, &info) == 0 else {
                guard errno == ENOENT || errno == ENOTDIR else { return nil }
                // A folder that held games went: its games are not in `paths`.
                let folderStart = index(notBefore: relativePath + "/", in: listing)
                if folderStart < listing.files.count,
                    listing.files[folderStart].relativePath.hasPrefix(relativePath + "/")
                {
                    return nil
                }
                switch place(of: relativePath, in: listing) {
                case .listed(let position): listing.files.remove(at: position)
                // Gone under a name the listing does not hold: a case-insensitive file system
                // may name the file otherwise.
                case .unlisted where isGameFile(String(name)): return nil
                case .unlisted: break
                case .otherSpelling: return nil
                }
                continue
            }
            let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            let folderKey = Array(folder.utf8)
            if names[folderKey] == nil {
                names[folderKey] = (try? entries(of: folder)).map { Set($0.map { Array($0.name.utf8) }) } ?? []
            }
            // A folder, a link or a second link of any file (an edit through the other name
            // changes this one unseen); a name found under another spelling.
            guard info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1,
                names[folderKey]?.contains(Array(name.utf8)) == true
            else { return nil }
            guard isGameFile(String(name)) else { continue }
            let found = Found(relativePath: relativePath, realPath: path, stamp: SourceStamp(info))
            switch place(of: relativePath, in: listing) {
            case .listed(let position): listing.files[position] = found
            case .unlisted(let position): listing.files.insert(found, at: position)
            case .otherSpelling: return nil
            }
        }
        return listing
    }

    enum Place {
        /// At this index, byte for byte.
        case listed(Int)
        /// Not there; it goes in at this index.
        case unlisted(Int)
        /// A file whose name differs only in Unicode normalisation is there: strings take the
        /// two for equal, the file system does not.
        case otherSpelling
    }

    /// Where `relativePath` is, or goes, in the listing's files (sorted by `<`).
    static func place(of relativePath: String, in listing: Listing) -> Place {
        let low = index(notBefore: relativePath, in: listing)
        guard low < listing.files.count, listing.files[low].relativePath == relativePath else { return .unlisted(low) }
        return listing.files[low].relativePath.utf8.elementsEqual(relativePath.utf8) ? .listed(low) : .otherSpelling
    }

    /// The index of the first of the listing's files not ordered before `relativePath`.
    static func index(notBefore relativePath: String, in listing: Listing) -> Int {
        var low = 0
        var high = listing.files.count
        while low < high {
            let middle = (low + high) / 2
            if listing.files[middle].relativePath < relativePath { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The names in a folder with their types as listed (`DT_UNKNOWN` where the file system
    /// does not say), in name order. A name that is not UTF-8 comes as `shown`, with its bytes.
    /// `open`: the folder's descriptor, when the caller has it open (it stays open).
    static func entries(of path: String, open descriptor: Int32 = -1) throws -> [(
        name: String, type: Int32, notUTF8: [UInt8]?
    )] {
        // `fdopendir` takes the descriptor over, and `closedir` closes it: a copy is handed over.
        let copy = descriptor >= 0 ? fcntl(descriptor, F_DUPFD_CLOEXEC, 0) : -1
        guard let stream = copy >= 0 ? fdopendir(copy) : opendir(path) else {
            let error = errno
            if copy >= 0 { close(copy) }
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO)
        }
        defer { closedir(stream) }
        var entries: [(name: String, type: Int32, notUTF8: [UInt8]?)] = []
        while let entry = readdir(stream) {
            let (name, notUTF8) = withUnsafeBytes(of: entry.pointee.d_name) { raw -> (String, [UInt8]?) in
                let bytes = raw.prefix { $0 != 0 }
                return String(validUTF8: bytes).map { ($0, nil) } ?? (shown(Array(bytes)), Array(bytes))
            }
            guard name != ".", name != ".." else { continue }
            entries.append((name, Int32(entry.pointee.d_type), notUTF8))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// A name that is not UTF-8, printable: each byte outside printable ASCII, and `\`, as `\xNN`.
    static func shown(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\")
                ? String(UnicodeScalar(byte))
                : "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    /// Whether an entry whose name is not UTF-8 is a folder (a link to one followed).
    static func isFolder(_ name: [UInt8], in folder: String, type: Int32) -> Bool {
        if type == Int32(DT_DIR) { return true }
        guard type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN) else { return false }
        var info = stat()
        let path = (Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `*.md` but `README.md`, in any case; by bytes, as it is asked of every name listed.
    static func isGameFile(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
            let count = bytes.count
            guard count >= 3, bytes[count - 3] == UInt8(ascii: "."), lower(bytes[count - 2]) == UInt8(ascii: "m"),
                lower(bytes[count - 1]) == UInt8(ascii: "d")
            else { return false }
            return count != 9 || !zip(bytes, "readme.md".utf8).allSatisfy { lower($0) == $1 }
        }
    }

    enum Kind { case file, folder, link, other }

    /// What is at `path`, and its status; `.other` when nothing is (or it cannot be examined).
    static func examine(_ path: String, followingLinks: Bool) -> (Kind, stat) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return (.other, info) }
        return kind(of: info)
    }

    static func kind(of info: stat) -> (Kind, stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (.file, info)
        case S_IFDIR: return (.folder, info)
        case S_IFLNK: return (.link, info)
        default: return (.other, info)
        }
    }

    /// What is at `name` in the open folder `descriptor`, as `examine(_:followingLinks: false)`.
    static func examine(_ name: String, in descriptor: Int32) -> (Kind, stat) {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return (.other, info) }
        return kind(of: info)
    }

    /// The path with every symbolic link resolved; nil when it does not exist (a dangling link)
    /// or cannot be resolved (a link loop).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
