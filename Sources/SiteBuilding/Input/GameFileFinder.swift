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
        public var relativePath: String
        /// Where the file really is, symbolic links resolved.
        public var url: URL
    }

    public struct Listing: Sendable, Hashable {
        public var files: [Found] = []
        /// Relative paths of the links that were not followed because they point outside.
        public var linksOutside: [String] = []
    }

    public static func find(in source: URL) throws -> [Found] {
        try list(source).files
    }

    public static func list(_ source: URL) throws -> Listing {
        let root = realPath(source.path) ?? source.standardizedFileURL.path
        let inside = root.hasSuffix("/") ? root : root + "/"
        var listing = Listing()
        var walked: Set<String> = []
        var gameFiles: Set<String> = []
        // Folders to walk (by the path shown, and the real path), then links to follow: links
        // wait until every folder reachable without one is walked, so real paths win.
        var folders = [(url: URL(fileURLWithPath: root), real: root, prefix: "")]
        var links: [(url: URL, relativePath: String)] = []
        var nextLink = 0

        func add(_ relativePath: String, real: String) {
            guard gameFiles.insert(real).inserted else { return }
            listing.files.append(Found(relativePath: relativePath, url: URL(fileURLWithPath: real)))
        }

        while true {
            if let folder = folders.popLast() {
                guard walked.insert(folder.real).inserted else { continue }
                let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
                for name in names.sorted() where !name.hasPrefix(".") {
                    let url = folder.url.appendingPathComponent(name), relativePath = folder.prefix + name
                    let values = try? url.resourceValues(forKeys: [.isSymbolicLinkKey, .isDirectoryKey, .isRegularFileKey])
                    if values?.isSymbolicLink == true {
                        links.append((url, relativePath))
                    } else if values?.isDirectory == true {
                        folders.append((url, folder.real + "/" + name, relativePath + "/"))
                    } else if values?.isRegularFile == true, isGameFile(name) {
                        add(relativePath, real: folder.real + "/" + name)
                    }
                }
            } else if nextLink < links.count {
                let link = links[nextLink]
                nextLink += 1
                guard let target = realPath(link.url.path) else { continue }
                guard target == root || target.hasPrefix(inside) else {
                    listing.linksOutside.append(link.relativePath)
                    continue
                }
                let values = try? URL(fileURLWithPath: target).resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
                if values?.isDirectory == true {
                    folders.append((link.url, target, link.relativePath + "/"))
                } else if values?.isRegularFile == true, isGameFile(link.url.lastPathComponent) {
                    add(link.relativePath, real: target)
                }
            } else {
                break
            }
        }
        listing.files.sort { $0.relativePath < $1.relativePath }
        listing.linksOutside.sort()
        return listing
    }

    static func isGameFile(_ name: String) -> Bool {
        name.lowercased().hasSuffix(".md") && name.lowercased() != "readme.md"
    }

    /// The path with every symbolic link resolved; nil when it does not exist (a dangling link)
    /// or cannot be resolved (a link loop).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
