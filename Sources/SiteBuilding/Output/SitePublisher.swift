public import Foundation
import CDirectorySwap
public import SiteRendering

/// Writes a whole site into a staging folder beside the output folder and swaps it in only when
/// complete: an error or a kill at any moment leaves the previously published site as it was.
public struct SitePublisher: Sendable {
    /// Marks a folder as written by gamenight, so it may be replaced on the next build.
    public static let marker = ".gamenight"

    public var output: URL
    /// Replace a non-empty folder that has no marker.
    public var force: Bool

    public init(output: URL, force: Bool = false) {
        self.output = output.standardizedFileURL
        self.force = force
    }

    /// Refuses output folders that would lose someone's files: a non-empty folder gamenight did
    /// not make, or one that holds the game files themselves.
    public func check(source: URL) throws(BuildError) {
        let out = output.resolvingSymlinksInPath().path, src = source.standardizedFileURL.resolvingSymlinksInPath().path
        if src == out || src.hasPrefix(out.hasSuffix("/") ? out : out + "/") {
            throw .usage("--out \(output.path) holds the game files in \(source.path); choose a folder outside them, e.g. --out site")
        }
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: output.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw .usage("--out \(output.path) is a file, not a folder; choose a folder for the site")
        }
        let contents = (try? manager.contentsOfDirectory(atPath: output.path)) ?? []
        if !force, !contents.isEmpty, !contents.contains(Self.marker) {
            throw .usage("refusing to replace \(output.path): it is not empty and was not written by gamenight (no \(Self.marker) file); choose another --out or pass --force")
        }
    }

    /// Writes `files` and publishes them as the new site.
    public func publish(_ files: [SiteFile]) throws(BuildError) {
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let staging = parent.appendingPathComponent(".\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            removeLeftovers(in: parent, name: name)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            try write(files, into: staging)
            try swapIn(staging)
        } catch let error as BuildError {
            try? manager.removeItem(at: staging)
            throw error
        } catch {
            try? manager.removeItem(at: staging)
            throw .io("cannot write the site to \(output.path): \(error.localizedDescription)")
        }
    }

    func write(_ files: [SiteFile], into folder: URL) throws {
        let manager = FileManager.default
        var folders: Set<String> = []
        for file in files + [SiteFile(path: Self.marker, contents: "This folder is written by `gamenight build` and replaced whole on every build.\n")] {
            // Paths come from our renderer; refuse anything that could leave the folder anyway.
            let parts = file.path.split(separator: "/")
            guard !file.path.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." }) else {
                throw BuildError.io("refusing to write \(file.path): it would leave the output folder")
            }
            let url = folder.appendingPathComponent(file.path)
            let directory = url.deletingLastPathComponent()
            if folders.insert(directory.path).inserted {
                try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            try Data(file.contents.utf8).write(to: url)
        }
    }

    func swapIn(_ staging: URL) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output.path) else {
            try manager.moveItem(at: staging, to: output)
            return
        }
        if gamenight_exchange_paths(staging.path, output.path) == 0 {
            // `staging` now holds the previous site.
            try? manager.removeItem(at: staging)
            return
        }
        // No atomic exchange on this file system: two renames, with a brief moment between them.
        let old = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)")
        try manager.moveItem(at: output, to: old)
        do {
            try manager.moveItem(at: staging, to: output)
        } catch {
            try? manager.moveItem(at: old, to: output)
            throw error
        }
        try? manager.removeItem(at: old)
    }

    /// Staging and old folders of builds that were killed before they could clean up.
    func removeLeftovers(in parent: URL, name: String) {
        let manager = FileManager.default
        for entry in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? []
        where entry.hasPrefix(".\(name).staging-") || entry.hasPrefix(".\(name).old-") {
            try? manager.removeItem(at: parent.appendingPathComponent(entry))
        }
    }
}
