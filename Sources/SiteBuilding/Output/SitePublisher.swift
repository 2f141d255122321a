import CSystemShims
public import Foundation
public import GameDomain
import SiteRendering

/// Writes a whole site into a staging folder beside the output folder and swaps it in only when
/// complete: an error or a kill at any moment leaves the previously published site as it was.
public struct SitePublisher: Sendable {
    /// Marks a folder as written by gamenight, so it may be replaced on the next build.
    public static let marker = ".gamenight"

    public var output: URL
    /// Replace a non-empty folder that has no marker.
    public var force: Bool
    /// What the user does to build again, for the remedies of errors (`BuildOptions.rebuildAction`).
    public var rebuildAction: String

    public init(output: URL, force: Bool = false, rebuildAction: String = "build") {
        self.output = output.standardizedFileURL
        self.force = force
        self.rebuildAction = rebuildAction
    }

    /// Refuses output folders that would lose someone's files: a non-empty folder gamenight did
    /// not make, or one that holds the game files themselves. First puts back a previous site
    /// that a killed build left beside it, so even a build that fails later does not lose it.
    public func check(source: URL) throws(BuildError) {
        do {
            try recoverLeftovers(in: output.deletingLastPathComponent(), name: output.lastPathComponent)
        } catch {
            throw .io("cannot put back the previous site beside \(output.path): \(fileErrorText(error))")
        }
        let out = output.resolvingSymlinksInPath().path
        let src = source.standardizedFileURL.resolvingSymlinksInPath().path
        if src == out || src.hasPrefix(out.hasSuffix("/") ? out : out + "/") {
            throw .usage(
                "--out \(output.path) holds the game files in \(source.path); choose a folder outside them, e.g. --out site"
            )
        }
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: output.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw .usage("--out \(output.path) is a file, not a folder; choose a folder for the site")
        }
        // The site is swapped in by a rename beside the output, which cannot move a mount point.
        var info = stat()
        var parentInfo = stat()
        if lstat(output.path, &info) == 0, lstat(output.deletingLastPathComponent().path, &parentInfo) == 0,
            info.st_dev != parentInfo.st_dev
        {
            throw .usage(
                "--out \(output.path) is a mount point, and the site is replaced whole by a rename beside it; choose a folder inside it, e.g. --out \(output.path)/site"
            )
        }
        let contents = (try? manager.contentsOfDirectory(atPath: output.path)) ?? []
        // A folder of the user's inside the source may hold games this build reads: replacing
        // it, even forced, would hide them in the kept previous site.
        if !contents.isEmpty, !contents.contains(Self.marker), out.hasPrefix(src.hasSuffix("/") ? src : src + "/"),
            let game = (try? GameFileFinder.list(URL(fileURLWithPath: out, isDirectory: true)))?.files.first
        {
            throw .usage(
                "--out \(output.path) holds game files this build reads (\(game.relativePath)); choose a folder without any, e.g. --out site"
            )
        }
        if !force, !contents.isEmpty, !contents.contains(Self.marker) {
            throw .usage(
                "refusing to replace \(output.path): it is not empty and was not written by gamenight (no \(Self.marker) file); choose another --out or pass --force"
            )
        }
    }

    /// A new, empty staging folder beside the output folder, after removing those of killed
    /// builds; or `recycled`, a previous site's folder this process kept there, if it is still
    /// nothing but files and folders.
    public func stage(recycling recycled: URL? = nil) throws(BuildError) -> SiteStaging {
        try stage(recycling: recycled, listed: recycled.flatMap(listRecycled))
    }

    /// The staging folder made of `recycled`, a previous site's folder this process kept, if it
    /// is still nothing but files and folders (its listing takes a while: a build makes it
    /// while it reads the games).
    func listRecycled(_ recycled: URL) -> SiteStaging? {
        SiteStaging.recycling(
            recycled, previous: FileManager.default.fileExists(atPath: output.path) ? output.path : nil)
    }

    /// `stage(recycling:)` with the recycled folder's `listRecycled` made.
    func stage(recycling recycled: URL?, listed: SiteStaging?) throws(BuildError) -> SiteStaging {
        if let recycled {
            if let listed { return listed }
            try? FileManager.default.removeItem(at: recycled)
        }
        let manager = FileManager.default
        let parent = output.deletingLastPathComponent()
        let name = output.lastPathComponent
        let staging = newStagingFolder()
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            try recoverLeftovers(in: parent, name: name)
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw .io(
                "cannot create a staging folder for the site beside \(output.path): \(writeErrorText(error, again: rebuildAction))"
            )
        }
        var isFolder: ObjCBool = false
        let published = manager.fileExists(atPath: output.path, isDirectory: &isFolder) && isFolder.boolValue
        return SiteStaging(folder: staging, previous: published ? output.path : nil)
    }

    /// A staging folder's name beside the output: the process and a random part, as builds in
    /// one process must not share a folder either.
    func newStagingFolder() -> URL {
        let build = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: .min ... .max))"
        return output.deletingLastPathComponent().appendingPathComponent(
            ".\(output.lastPathComponent).staging-\(build)")
    }

    /// Where the site before the published one waits for the next build
    /// (`BuildOptions.keepsPreviousSiteBeside`).
    public var keptFolder: URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).previous")
    }

    /// The kept folder, renamed to a staging folder of this build: no other build can take it
    /// too, and a kill leaves it to be removed as any staging folder is. Nil when there is none,
    /// or it is not a site gamenight wrote (no `.gamenight` file) in a folder of this user's.
    func claimKept() -> URL? {
        guard Self.isOurSite(keptFolder.path) else { return nil }
        let claimed = newStagingFolder()
        guard rename(keptFolder.path, claimed.path) == 0 else { return nil }
        // Whatever was renamed is checked again: the path was looked at before, not held.
        guard Self.isOurSite(claimed.path) else {
            if rename(claimed.path, keptFolder.path) != 0 { unlink(claimed.path) }
            return nil
        }
        return claimed
    }

    /// A folder (not a link) of this user's holding the marker as a plain file.
    static func isOurSite(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else { return false }
        return lstat(path + "/" + marker, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Keeps `folder`, a previous site's, as the kept folder; removes it when another build
    /// kept one first, or when it is not a folder (a published site that was a symbolic link
    /// leaves the link here). Only its owner may read it, as it can hold pages the new site
    /// dropped (a game made a draft) and the output's parent may be served too; a `.gitignore`
    /// keeps it out of the repository the site may be published from. The next build removes
    /// that file with the others the new site lacks, and `publish` sets the folder's permissions.
    /// Returns a note when the `.gitignore` could not be written: it is a courtesy, so the build
    /// still succeeds, and a half-written one is removed. A folder that cannot be made private
    /// is removed, with a note: keeping it only saves the next build some work.
    @discardableResult
    public func keepBeside(_ folder: URL) -> Diagnostic? {
        var info = stat()
        guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
            rename(folder.path, keptFolder.path) == 0
        else {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        let kept = open(keptFolder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard kept >= 0 else { return removeKept(because: errno) }
        defer { close(kept) }
        guard (gamenight_fault(keptFolder.path) == 0 ? fchmod(kept, 0o700) : -1) == 0 else {
            let error = errno
            // A file system without permissions may refuse the change of a folder private already.
            var status = stat()
            if fstat(kept, &status) == 0, status.st_mode & 0o077 == 0 { return nil }
            return removeKept(because: error)
        }
        let path = keptFolder.path + "/.gitignore"
        let ignore =
            gamenight_fault(path) == 0
            ? openat(kept, ".gitignore", O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) : -1
        // EEXIST: a failed build gave the folder back with its `.gitignore`.
        guard ignore >= 0 else { return errno == EEXIST ? nil : Self.ignoreNote(path) }
        defer { close(ignore) }
        let text = Array("# The site before the published one, kept by gamenight for its next build.\n*\n".utf8)
        var offset = 0
        while offset < text.count {
            let written = text.withUnsafeBytes {
                gamenight_write(ignore, path, $0.baseAddress.map { $0 + offset }, text.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                // Half a `.gitignore` (a full disk) would ignore nothing, or the wrong files.
                let note = Self.ignoreNote(path)
                unlinkat(kept, ".gitignore", 0)
                return note
            }
            offset += written
        }
        return nil
    }

    /// Removes the kept folder, which could not be made private (`error`, an errno); returns the
    /// note saying so, or saying what to do when it cannot be removed either.
    func removeKept(because error: Int32) -> Diagnostic {
        let reason = fileErrorText(POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO))
        do {
            try FileManager.default.removeItem(at: keptFolder)
        } catch {
            return Diagnostic(
                path: keptFolder.path, location: nil, severity: .note,
                message:
                    "the site before this one is kept beside the output for the next build, but it could not be made readable by you only (\(reason)) nor removed (\(fileErrorText(error))), and it may hold pages the new site dropped",
                hint: "remove that folder, or make it private with chmod 700")
        }
        return Diagnostic(
            path: keptFolder.path, location: nil, severity: .note,
            message:
                "the site before this one was removed rather than kept beside the output for the next build: it could not be made readable by you only (\(reason)), and it may hold pages the new site dropped",
            hint:
                "nothing is lost, but the next build writes every file again; if this comes on every build, the file system may not support permissions (FAT, SMB): choose an output folder on one that does"
        )
    }

    /// The note of a `.gitignore` that could not be written (errno says why).
    static func ignoreNote(_ path: String) -> Diagnostic {
        Diagnostic(
            path: path, location: nil, severity: .note,
            message:
                "the site before this one is kept beside the output for the next build, but its .gitignore could not be written: \(fileErrorText(fileError(path)))",
            hint:
                "git may list that folder until the next build removes it; free some space or make the folder writable")
    }

    /// Gives a recycled staging folder the permissions a new folder gets here (a kept one was
    /// made readable by its owner only), through the folder's own descriptor.
    static func setNewFolderMode(_ folder: URL, probe: URL) throws {
        guard mkdir(probe.path, 0o777) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var info = stat()
        let probed = lstat(probe.path, &info) == 0
        rmdir(probe.path)
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard probed, descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Marks the staged site as ours and swaps it in for the published one. The previous site's
    /// folder is removed, or returned for the caller to remove when `keepingPrevious`.
    @discardableResult
    public func publish(_ staging: SiteStaging, keepingPrevious: Bool = false) throws(BuildError) -> URL? {
        do {
            try staging.write(
                SiteFile(
                    path: Self.marker,
                    contents: "This folder is written by `gamenight build` and replaced whole on every build.\n"))
            if staging.recycled { try Self.setNewFolderMode(staging.folder, probe: newStagingFolder()) }
            let previous = try swapIn(staging.folder)
            if !keepingPrevious, let previous { try? FileManager.default.removeItem(at: previous) }
            return keepingPrevious ? previous : nil
        } catch {
            // A recycled folder goes back beside the output (`Publication.discard`), as documented.
            if !(staging.recycled && keepingPrevious) { discard(staging) }
            if let error = error as? BuildError { throw error }
            if let stranded = error as? Stranded {
                throw .io(
                    "cannot write the site to \(output.path): \(writeErrorText(stranded.error, again: rebuildAction)); the previous site could not be put back there either (\(fileErrorText(stranded.putBack))) and is now at \(stranded.previous.path): move it back to \(output.path) meanwhile"
                )
            }
            throw .io(
                "cannot write the site to \(output.path) (the published site is unchanged): \(writeErrorText(error, again: rebuildAction))"
            )
        }
    }

    public func discard(_ staging: SiteStaging) {
        try? FileManager.default.removeItem(at: staging.folder)
    }

    /// Returns the folder now holding the previous site, if there was one.
    func swapIn(_ staging: URL) throws -> URL? {
        let manager = FileManager.default
        guard manager.fileExists(atPath: output.path) else {
            try manager.moveItem(at: staging, to: output)
            return nil
        }
        if (gamenight_fault(output.path) == 0 ? gamenight_exchange_paths(staging.path, output.path) : -1) == 0 {
            // `staging` now holds the previous site.
            return staging
        }
        // Any other error (denied, read-only, a mount point, a full disk) would fail the renames
        // too. The site stays as it was.
        guard Self.cannotExchange(errno) else { throw fileError(output.path) }
        // No atomic exchange on this file system: two renames, with a brief moment between them.
        // A kill in that moment leaves the site in `old`, which the next build puts back. Both
        // are beside the output, so a rename never copies. Each consults the fault layer on its
        // destination.
        let old = output.deletingLastPathComponent().appendingPathComponent(
            staging.lastPathComponent.replacingOccurrences(of: ".staging-", with: ".old-"))
        guard (gamenight_fault(old.path) == 0 ? rename(output.path, old.path) : -1) == 0 else {
            throw fileError(output.path)
        }
        guard (gamenight_fault(output.path) == 0 ? rename(staging.path, output.path) : -1) == 0 else {
            let error = fileError(output.path)
            guard (gamenight_fault(output.path) == 0 ? rename(old.path, output.path) : -1) == 0 else {
                throw Stranded(previous: old, error: error, putBack: fileError(output.path))
            }
            throw error
        }
        return old
    }

    /// A failed swap that could not put the previous site back: it is at `previous`, and
    /// nothing is at the output.
    struct Stranded: Error {
        var previous: URL
        /// Why the new site could not take the output's place.
        var error: any Error
        /// Why the previous site could not go back.
        var putBack: any Error
    }

    /// Whether `error`, from `gamenight_exchange_paths`, may say only that the exchange itself is
    /// missing: no renameat2 (ENOSYS, also a sandbox's answer), a file system without
    /// RENAME_EXCHANGE (EINVAL), or without RENAME_SWAP on macOS (ENOTSUP); or a seccomp
    /// profile that refuses the call it does not know (EPERM, older container runtimes). A
    /// real permission problem then fails the first rename too, with the site where it was.
    static func cannotExchange(_ error: Int32) -> Bool {
        [ENOSYS, EINVAL, ENOTSUP, EOPNOTSUPP, EPERM].contains(error)
    }

    /// Cleans up after builds that were killed: their staging folders are removed, and a
    /// previous site caught between the two renames of `swapIn` is put back. Folders of builds
    /// still running (their process is alive) are left alone.
    func recoverLeftovers(in parent: URL, name: String) throws {
        let manager = FileManager.default
        for entry in (try? manager.contentsOfDirectory(atPath: parent.path))?.sorted() ?? [] {
            // By bytes: the output's twin in the other Unicode normalisation is another folder.
            let kind: String
            if entry.utf8.starts(with: ".\(name).staging-".utf8) {
                kind = "staging"
            } else if entry.utf8.starts(with: ".\(name).old-".utf8) {
                kind = "old"
            } else {
                continue
            }
            // After ".name.kind-".
            let build = String(decoding: entry.utf8.dropFirst(name.utf8.count + kind.utf8.count + 3), as: UTF8.self)
            if let process = Int32(build.prefix { $0 != "-" }), process > 0, kill(process, 0) == 0 || errno == EPERM {
                continue
            }
            let leftover = parent.appendingPathComponent(entry)
            if kind == "old", !manager.fileExists(atPath: output.path) {
                try manager.moveItem(at: leftover, to: output)
            } else {
                try? manager.removeItem(at: leftover)
            }
        }
    }
}
