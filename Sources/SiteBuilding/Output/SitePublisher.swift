public import Foundation
import CSystemShims
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
    /// not make, or one that holds the game files themselves. First puts back a previous site
    /// that a killed build left beside it, so even a build that fails later does not lose it.
    public func check(source: URL) throws(BuildError) {
        do {
            try recoverLeftovers(in: output.deletingLastPathComponent(), name: output.lastPathComponent)
        } catch {
            throw .io("cannot put back the previous site beside \(output.path): \(error.localizedDescription)")
        }
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
        let staging = try stage()
        do {
            for file in files { try staging.write(file) }
        } catch {
            discard(staging)
            throw .io("cannot write the site to \(output.path): \(error.localizedDescription)")
        }
        try publish(staging)
    }

    /// A new, empty staging folder beside the output folder, after removing those of killed builds.
    public func stage() throws(BuildError) -> SiteStaging {
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        // The process and a random part: builds in one process must not share a folder either.
        let build = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: .min ... .max))"
        let staging = parent.appendingPathComponent(".\(name).staging-\(build)")
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            try recoverLeftovers(in: parent, name: name)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw .io("cannot create a staging folder for the site beside \(output.path): \(error.localizedDescription)")
        }
        var isFolder: ObjCBool = false
        let published = manager.fileExists(atPath: output.path, isDirectory: &isFolder) && isFolder.boolValue
        return SiteStaging(folder: staging, previous: published ? output.path : nil)
    }

    /// Marks the staged site as ours and swaps it in for the published one.
    public func publish(_ staging: SiteStaging) throws(BuildError) {
        do {
            try staging.write(SiteFile(path: Self.marker, contents: "This folder is written by `gamenight build` and replaced whole on every build.\n"))
            try swapIn(staging.folder)
        } catch {
            discard(staging)
            if let error = error as? BuildError { throw error }
            throw .io("cannot write the site to \(output.path): \(error.localizedDescription)")
        }
    }

    public func discard(_ staging: SiteStaging) {
        try? FileManager.default.removeItem(at: staging.folder)
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
        // A kill in that moment leaves the site in `old`, which the next build puts back.
        let old = output.deletingLastPathComponent().appendingPathComponent(
            staging.lastPathComponent.replacingOccurrences(of: ".staging-", with: ".old-"))
        try manager.moveItem(at: output, to: old)
        do {
            try manager.moveItem(at: staging, to: output)
        } catch {
            try? manager.moveItem(at: old, to: output)
            throw error
        }
        try? manager.removeItem(at: old)
    }

    /// Cleans up after builds that were killed: their staging folders are removed, and a
    /// previous site caught between the two renames of `swapIn` is put back. Folders of builds
    /// still running (their process is alive) are left alone.
    func recoverLeftovers(in parent: URL, name: String) throws {
        let manager = FileManager.default
        for entry in (try? manager.contentsOfDirectory(atPath: parent.path))?.sorted() ?? [] {
            let kind: Substring
            if entry.hasPrefix(".\(name).staging-") { kind = "staging" } else if entry.hasPrefix(".\(name).old-") { kind = "old" } else { continue }
            let build = entry.dropFirst(name.count + kind.count + 3)  // ".name.kind-"
            if let process = Int32(build.prefix { $0 != "-" }), process > 0, kill(process, 0) == 0 || errno == EPERM { continue }
            let leftover = parent.appendingPathComponent(entry)
            if kind == "old", !manager.fileExists(atPath: output.path) {
                try manager.moveItem(at: leftover, to: output)
            } else {
                try? manager.removeItem(at: leftover)
            }
        }
    }
}

/// A site being written: files go straight to disk as they are rendered, from any thread.
///
/// A file whose bytes equal the published site's file at the same path is hard-linked from it
/// instead of written again. It keeps its modification time, so `rsync` and similar tools skip
/// it, and deleting the previous site afterwards frees no inode: on ext4 without a journal,
/// files created in the minutes after a mass deletion are slow (see README, Benchmarks).
public struct SiteStaging: Sendable {
    public let folder: URL
    /// The published site's folder, whose unchanged files are linked; nil when there is none or
    /// it cannot be reused safely.
    public let previous: String?
    /// The permissions a new file gets here (umask, default ACLs); a published file with others
    /// is written anew.
    let fileMode: mode_t

    public init(folder: URL, previous: String? = nil) {
        self.folder = folder
        let mode = previous == nil ? nil : Self.newFileMode(in: folder.path)
        // A symbolic link anywhere in the published site could make the new one share files
        // with a folder outside it.
        self.previous = mode != nil && previous.map { gamenight_tree_has_symlink($0) == 0 } == true ? previous : nil
        self.fileMode = mode ?? 0
    }

    /// The permission bits of a file created in `folder` with mode 0644.
    static func newFileMode(in folder: String) -> mode_t? {
        let probe = folder + "/.gamenight-mode-probe"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor); unlink(probe) }
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info.st_mode & 0o7777 : nil
    }

    public func write(_ file: SiteFile) throws {
        // Paths come from our renderer; refuse anything that could leave the folder anyway.
        let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
        guard !file.path.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) else {
            throw BuildError.io("refusing to write \(file.path): it would leave the output folder")
        }
        // Plain strings: `URL.appendingPathComponent` asks the file system whether the path is a
        // folder, a `stat` per file written.
        let path = folder.path + "/" + file.path
        let old = previous.map { $0 + "/" + file.path }
        var contents = file.contents
        if try !place(&contents, at: path, reusing: old) {
            // The first file of a folder creates it; no bookkeeping shared between threads. A plain
            // mkdir first, FileManager only for deeper paths: its checks are slower.
            let parent = folder.path + "/" + parts.dropLast().joined(separator: "/")
            if mkdir(parent, 0o755) != 0 && errno != EEXIST {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            }
            guard try place(&contents, at: path, reusing: old) else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        }
    }

    /// Links `old` to `path` when it holds `contents`, else writes them. Returns false when the
    /// folder of `path` does not exist yet.
    func place(_ contents: inout String, at path: String, reusing old: String?) throws -> Bool {
        if let old, let compared = Self.identity(of: old, holding: &contents, mode: fileMode) {
            var linked = link(old, path) == 0
            if !linked && errno == EEXIST && unlink(path) == 0 { linked = link(old, path) == 0 }
            if !linked && errno == ENOENT { return false }
            // EXDEV, EPERM, EMLINK, a file system without links: write. Linked: the very file
            // compared, unless `old` was replaced in between.
            var info = stat()
            if linked {
                if lstat(path, &info) == 0, info.st_dev == compared.device, info.st_ino == compared.inode,
                   Int(info.st_size) == contents.utf8.count { return true }
                unlink(path)
            }
        }
        return try Self.write(&contents, to: path)
    }

    /// The device and inode of `path` when it is a regular file holding exactly `contents`, with
    /// this build's owner and permissions and no other link (one shared with a folder outside
    /// the site would let edits there change the new site).
    static func identity(of path: String, holding contents: inout String, mode: mode_t) -> (device: dev_t, inode: ino_t)? {
        // O_NOFOLLOW: no symbolic link; O_NONBLOCK: a FIFO put there must not hang the build.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o7777 == mode,
              info.st_nlink == 1, info.st_uid == geteuid() else { return nil }
        let same = contents.withUTF8 { bytes in
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
    /// Returns false when the folder does not exist yet.
    static func write(_ contents: inout String, to path: String) throws -> Bool {
        // O_EXCL: a path written twice must never truncate a file linked from the published site.
        var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == EEXIST && unlink(path) == 0 {
            descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        if descriptor < 0 {
            if errno == ENOENT { return false }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        defer { close(descriptor) }
        try contents.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
        }
        return true
    }
}
