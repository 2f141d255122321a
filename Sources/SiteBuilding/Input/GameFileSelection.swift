public import Foundation
public import GameDomain

/// The game files a command reads, found the one way every command finds them: a folder is
/// listed by `GameFileFinder`, a file stands for itself. Paths are the ones messages show.
public struct GameFileSelection: Sendable {
    public struct File: Sendable, Hashable {
        /// As messages and `score --json` show it: `examples/catan.md` for the source `examples`.
        public var path: String
        /// Relative to the folder it was found in (or the argument, for a file named directly);
        /// the site's slugs are made from it.
        public var relativePath: String
        public var url: URL
        /// The file's status when its folder was listed; nil for a file named directly.
        var stamp: SourceStamp? = nil
    }

    public var files: [File] = []
    /// One note per symbolic link left out because it points outside its folder.
    public var notes: [Diagnostic] = []
    /// One error per game file or folder whose name is not UTF-8: its games cannot be read.
    public var problems: [Diagnostic] = []

    /// Every game file under `folder`.
    public init(folder: URL) throws(BuildError) {
        try self.init(folder: folder, memory: nil)
    }

    /// Every game file under `folder`; `memory` (`serve`'s) spares listing it all again when
    /// its file watcher said which paths changed since the last listing.
    init(folder: URL, memory: BuildMemory?) throws(BuildError) {
        let listing: GameFileFinder.Listing
        let known = memory?.listing(of: folder.path)
        do {
            listing = try known?.listing ?? GameFileFinder.list(folder)
        } catch {
            throw .io("cannot list \(folder.relativePath): \(fileErrorText(error))")
        }
        if let memory, let known { memory.keep(listing, of: folder.path, moment: known.moment, updated: known.listing != nil) }
        let prefix = Self.displayPrefix(of: folder)
        files = listing.files.map { File(path: prefix + $0.relativePath, relativePath: $0.relativePath, url: $0.url, stamp: $0.stamp) }
        notes = listing.linksOutside.map { link in
            Diagnostic(path: Self.displayPath(link, in: folder), location: nil, severity: .note,
                       message: "skipped: a symbolic link pointing outside the source folder (links are followed only inside it)")
        }
        problems = listing.namesNotUTF8.map { name in
            Diagnostic(path: Self.displayPath(name, in: folder), location: nil,
                       message: "the name is not UTF-8 text (its bytes other than ASCII are shown as \\xNN), so no game under it can be read",
                       hint: "rename it in UTF-8, for example in a file manager or with `convmv -f latin1 -t utf8 --notest NAME`")
        }
    }

    /// The files and folders named on a command line, in that order. A folder without game
    /// files is an error: the user named it to read games from it.
    public init(arguments: [String]) throws(BuildError) {
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(File(path: argument, relativePath: argument, url: URL(fileURLWithPath: argument)))
                continue
            }
            let folder = try GameFileSelection(folder: URL(fileURLWithPath: argument))
            guard !folder.files.isEmpty || !folder.problems.isEmpty else {
                throw .input([Diagnostic(path: argument, location: nil, message: "no game files (*.md) in this folder", hint: "pass a folder or files that hold games")])
            }
            files += folder.files
            notes += folder.notes
            problems += folder.problems
        }
    }

    /// `examples/catan.md` when the source is `examples`; just `catan.md` when it is `.`.
    static func displayPath(_ relativePath: String, in source: URL) -> String {
        displayPrefix(of: source) + relativePath
    }

    /// What `displayPath` puts before a relative path.
    static func displayPrefix(of source: URL) -> String {
        let base = source.relativePath
        if base == "." || base.isEmpty { return "" }
        return base.hasSuffix("/") ? base : base + "/"
    }
}
