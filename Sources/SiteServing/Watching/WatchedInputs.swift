import Foundation

/// The folders whose changes call for a rebuild (the game files with `gamenight.yaml`, the
/// templates), less what the build itself writes.
public struct WatchedInputs: Sendable {
    /// Real paths of folders, watched with everything under them.
    public var roots: [String]
    /// Real paths never reported (the output folder, when it lies inside a root).
    public var ignored: [String]

    public init(roots: [String], ignored: [String]) {
        self.roots = roots
        self.ignored = ignored
    }

    /// Whether a change at `path` (a file or folder under a root) can change the site. Hidden
    /// names are skipped as the build skips them: editors' swap files, the staging folders.
    public func isRelevant(_ path: String) -> Bool {
        if ignored.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { return false }
        guard let root = roots.filter({ path == $0 || path.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count })
        else { return false }
        return !path.dropFirst(root.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Whether a file of this name is one a build reads: a game file, `gamenight.yaml`, a
    /// template or the stylesheet.
    static func isRead(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.hasSuffix(".md") || name == "gamenight.yaml" || name.hasSuffix(".mustache")
            || name == "style.css"
    }

    /// Every folder under the roots that `isRelevant`, each once (symbolic links to folders are
    /// followed, as the build follows them; a loop is cut at its first repeat).
    func folders(under top: String) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        var pending = [top]
        while let folder = pending.popLast(), found.count < 100_000 {
            guard let real = SiteFiles.realPath(folder), seen.insert(real).inserted else { continue }
            found.append(folder)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".")
            {
                let child = folder + "/" + name
                var isFolder: ObjCBool = false
                if isRelevant(child), FileManager.default.fileExists(atPath: child, isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    pending.append(child)
                }
            }
        }
        return found
    }
}
