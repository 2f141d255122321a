public import Foundation

/// Finds the game files under a source folder: every `*.md` file, recursively, in a stable order.
/// Hidden files and folders and `README.md` files are skipped, and so are symbolic links, so that
/// nothing outside the source folder is read.
public enum GameFileFinder {
    public struct Found: Sendable, Hashable {
        /// Path relative to the source folder, with `/` separators.
        public var relativePath: String
        public var url: URL
    }

    public static func find(in source: URL) throws -> [Found] {
        let root = source.standardizedFileURL.resolvingSymlinksInPath()
        var found: [Found] = []
        var pending = [(root, "")]
        let manager = FileManager.default
        while let (folder, prefix) = pending.popLast() {
            let names = try manager.contentsOfDirectory(atPath: folder.path)
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = folder.appendingPathComponent(name)
                let values = try? url.resourceValues(forKeys: [.isSymbolicLinkKey, .isDirectoryKey, .isRegularFileKey])
                guard values?.isSymbolicLink != true else { continue }
                if values?.isDirectory == true {
                    pending.append((url, prefix + name + "/"))
                } else if values?.isRegularFile == true, name.lowercased().hasSuffix(".md"), name.lowercased() != "readme.md" {
                    found.append(Found(relativePath: prefix + name, url: url))
                }
            }
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }
}
