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
        /// Where to read it: a real path for a file found in a folder, the argument for one named.
        var location: String
        /// The file's status when its folder was listed; nil for a file named directly.
        var stamp: SourceStamp? = nil

        public var url: URL { URL(fileURLWithPath: location, isDirectory: false) }
    }

    public var files: [File] = []
    /// One note per symbolic link left out because it points outside its folder.
    public var notes: [Diagnostic] = []
    /// One error per game file or folder whose name is not UTF-8: its games cannot be read.
    public var problems: [Diagnostic] = []

    /// A listing as `serve`'s `BuildMemory` keeps it, and when it was made.
    struct Listed: Sendable {
        /// Only when the listing is to be kept (`serve`): a build keeps no copy of it otherwise.
        var listing: GameFileFinder.Listing?
        /// `BuildMemory.listing(of:)`'s moment, and whether the listing was made from the last one.
        var moment = 0
        var updated = false
        /// Nanoseconds since 1970, taken before listing: a file's status older than this (by
        /// `SourceStamp.settling`) cannot belong to a file still being written.
        var time: Int64
    }

    var listed = Listed(time: 0)

    /// Every game file under `folder`.
    public init(folder: URL) throws(BuildError) {
        try self.init(folder: folder, known: nil)
    }

    /// Every game file under `folder`. `known` (`serve`'s) is the last listing brought up to
    /// date with the paths its file watcher saw change, when that could be done: it spares
    /// listing the folder again. With it, the listing is kept in `listed`.
    init(folder: URL, known: (listing: GameFileFinder.Listing?, moment: Int)?) throws(BuildError) {
        let time = SiteBuild.wallClockNanoseconds()
        let listing: GameFileFinder.Listing
        do {
            listing = try known?.listing ?? GameFileFinder.list(folder)
        } catch {
            throw .io("cannot list \(folder.relativePath): \(fileErrorText(error))")
        }
        listed = Listed(
            listing: known == nil ? nil : listing, moment: known?.moment ?? 0, updated: known?.listing != nil,
            time: time)
        let prefix = Self.displayPrefix(of: folder)
        files = listing.files.map {
            File(path: prefix + $0.relativePath, relativePath: $0.relativePath, location: $0.realPath, stamp: $0.stamp)
        }
        notes = listing.linksOutside.map { link in
            Diagnostic(
                path: Self.displayPath(link, in: folder), location: nil, severity: .note,
                message:
                    "skipped: a symbolic link pointing outside the source folder (links are followed only inside it)")
        }
        problems = listing.namesNotUTF8.map { name in
            Diagnostic(
                path: Self.displayPath(name, in: folder), location: nil,
                message:
                    "the name is not UTF-8 text (its bytes other than ASCII are shown as \\xNN), so no game under it can be read",
                hint:
                    "rename it in UTF-8, for example in a file manager or with `convmv -f latin1 -t utf8 --notest NAME`"
            )
        }
    }

    /// The files and folders named on a command line, in that order. A folder without game
    /// files is an error: the user named it to read games from it.
    public init(arguments: [String]) throws(BuildError) {
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(File(path: argument, relativePath: argument, location: argument))
                continue
            }
            let folder = try GameFileSelection(folder: URL(fileURLWithPath: argument))
            guard !folder.files.isEmpty || !folder.problems.isEmpty else {
                throw .input([
                    Diagnostic(
                        path: argument, location: nil, message: "no game files (*.md) in this folder",
                        hint: "pass a folder or files that hold games")
                ])
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
