import Foundation
import GameDomain
import GameFileParsing
import SiteRendering

/// What every page is rendered with besides the games: `gamenight.yaml` and the templates.
struct SiteInputs: Sendable {
    var configurationFile: SiteConfigurationFile
    var templates: Templates
    /// The user's templates (file name → path, text), to point at a broken link in them.
    var templateFiles: [String: (path: String, text: String)]
}

/// What the load stage made: every game file parsed, in the order found.
struct Loaded: Sendable {
    /// Parallel arrays: each game with the file it was read from.
    var games: [LoadedGame]
    var files: [GameFileSelection.File]
    var site: SiteInputs
    var notes: [Diagnostic]
    /// What a parse depends on besides the file's bytes: the program and the limits.
    var parsing: Fingerprint
    /// Every game file by relative path, with the status the next build may trust (`SourceStamp`).
    var sources: [String: StampedSource]
    var filesRead: Int
}

/// Load: read and parse every game file in parallel, or take its parse from the build cache.
/// Every error of every file, and those the find stage carried on, are thrown together.
enum Load {
    /// `caching`: fingerprint the files for the build cache, reusing the parses of `previous`.
    static func run(_ found: Found, _ options: BuildOptions, caching: Bool, previous: BuildRecord?)
        async throws(BuildError) -> Loaded
    {
        let trustsStatus = caching && SourceStamp.isTrusted(under: options.source.path)
        let sources = trustsStatus ? previous?.sources ?? [:] : [:]
        let files = found.files.map { file in
            let source = sources[file.relativePath].flatMap { $0.stamp != nil && $0.stamp == file.stamp ? $0 : nil }
            return (
                path: file.path, location: file.location,
                known: source.flatMap { source in
                    source.stamp.map { (fileFingerprint: source.fileFingerprint, size: $0.size) }
                }
            )
        }
        let parsingKey = parsing(options)
        let cached = caching ? previous?.parsing == parsingKey ? previous?.games ?? [:] : [:] : nil
        // Notes stay in their files until their scorecard is rendered: they are most of a parsed
        // game's memory, and no other page shows them.
        let outcome = await GameLoader.load(files, limits: options.limits, keepingNotes: false, reusing: cached)
        // Every file was listed: one that is gone when read was moved or deleted meanwhile.
        let gone = "cannot read the file: \(fileErrorText(POSIXError(.ENOENT)))"
        let problems =
            found.problems
            + outcome.diagnostics.map { problem in
                guard problem.message == gone, problem.hint == nil else { return problem }
                var moved = problem
                moved.hint = "it was moved or deleted after the folder was listed; build again"
                return moved
            }
        guard problems.isEmpty, let templates = found.templates else { throw .input(problems) }

        var stamped: [String: StampedSource] = Dictionary(minimumCapacity: caching ? outcome.games.count : 0)
        var filesRead = 0
        for (file, loaded) in zip(found.files, outcome.games) {
            if loaded.wasRead { filesRead += 1 }
            guard let bytes = loaded.fileFingerprint, let parse = loaded.parseFingerprint else { continue }
            stamped[file.relativePath] = StampedSource(
                stamp: trustsStatus ? Self.trusted(file.stamp, of: loaded, listed: found.listing.time, options) : nil,
                fileFingerprint: bytes, parseFingerprint: parse)
        }
        return Loaded(
            games: outcome.games, files: found.files,
            site: SiteInputs(
                configurationFile: found.configuration, templates: templates, templateFiles: found.templateFiles),
            notes: found.notes, parsing: parsingKey, sources: stamped, filesRead: filesRead)
    }

    /// The parsing key: what a parse depends on besides the file's bytes, the program and the limits.
    static func parsing(_ options: BuildOptions) -> Fingerprint {
        var parsing = StableHasher()
        parsing.combine(BuildCache.program)
        parsing.combine(String(describing: options.limits))
        return parsing.finalize()
    }

    /// The status of a file as listed, if it may vouch for the bytes it was read with: it was
    /// taken before the file was read, so only if no write could have come after it unseen.
    static func trusted(_ stamp: SourceStamp?, of loaded: LoadedGame, listed: Int64, _ options: BuildOptions)
        -> SourceStamp?
    {
        guard let stamp, stamp.size == loaded.notesFile?.size,
            max(stamp.modified, stamp.changed) < listed - options.stampSettling
        else { return nil }
        return stamp
    }
}
