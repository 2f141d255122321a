public import Foundation
public import GameDomain
import GameFileParsing

/// `gamenight import`: the play logs' files → game files in a folder, in two passes so that a
/// log of any size is streamed (XML) and memory holds only one play at a time plus the names of
/// the people: the first pass settles everyone's display name, the second maps, writes and
/// counts each play.
public enum PlayImport {
    public struct Options: Sendable {
        public var into: URL
        public var dryRun = false
        public var force = false
        /// Told at once of what cannot wait for the summary: that another import into the
        /// folder is waited for.
        public var notice: (@Sendable (Diagnostic) -> Void)?

        public init(into: URL, dryRun: Bool = false, force: Bool = false) {
            self.into = into
            self.dryRun = dryRun
            self.force = force
        }
    }

    public struct Summary: Sendable {
        public var counts: [ImportFolder.Action: Int] = [:]
        /// Plays that could not be mapped (each has an error among the diagnostics).
        public var failed = 0
        /// Errors (a failed play, a malformed file) and notes (a conflict, a score left out).
        public var diagnostics: [Diagnostic] = []
        /// With `dryRun`, what would happen to each file: `new 2024-03-02/catan-123.md`.
        public var plan: [String] = []
        /// Files of imported plays that the logs no longer hold, though they cover their dates:
        /// deleted from the log since. Never deleted here; each has a note.
        public var missing: [String] = []

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        /// `12 plays: 9 new, 1 updated, 1 unchanged, 1 conflict; 1 play not imported`.
        public var line: String {
            let total = counts.values.reduce(0, +)
            var text =
                "\(counted(total, "play")): "
                + ImportFolder.Action.allCases.map { action in
                    let count = counts[action, default: 0]
                    return action == .conflict ? counted(count, "conflict") : "\(count) \(action.rawValue)"
                }.joined(separator: ", ")
            if failed > 0 { text += "; \(counted(failed, "play")) not imported" }
            if !missing.isEmpty { text += "; \(counted(missing.count, "file")) of plays no longer in the log" }
            return text
        }
    }

    /// `files`: the paths as the user named them, with their URLs.
    /// A dry run writes nothing, so it takes no lock; a real one holds the folder's
    /// (`ImportFolder.locked`) from reading the folder to its last write.
    public static func run(_ source: ImportOrigin.Source, files: [(path: String, url: URL)], options: Options) throws
        -> Summary
    {
        guard options.dryRun else {
            return try ImportFolder.locked(options.into, notice: options.notice) {
                try importing(source, files: files, options: options)
            }
        }
        return try importing(source, files: files, options: options)
    }

    private static func importing(_ source: ImportOrigin.Source, files: [(path: String, url: URL)], options: Options)
        throws -> Summary
    {
        var folder = try ImportFolder(root: options.into)
        var summary = Summary()
        var seen: Set<String> = []
        var dates: ClosedRange<String>?
        var people = PeopleDirectory()

        func handle(_ play: ImportedPlay, _ mapper: PlayMapper) throws {
            guard seen.insert(play.id).inserted else {
                summary.diagnostics.append(
                    play.place.diagnostic(
                        "play \(play.id) appears again; only its first entry is imported", severity: .note))
                return
            }
            let day = String(play.date.prefix(10))  // BG Stats adds the time of day
            dates = dates.map { min($0.lowerBound, day)...max($0.upperBound, day) } ?? day...day
            let mapped = mapper.map(play)
            summary.diagnostics += mapped.diagnostics
            if mapped.games.isEmpty { summary.failed += 1 }
            for game in mapped.games {
                let text = GameFileWriter.text(game)
                // What is written must read back as a game: a mapping the score keeper refuses is
                // reported as this play's error, never left in the folder to break the build.
                let parsed: Game
                switch GameFileParser.parse(text, path: game.relativePath) {
                case .success(let game): parsed = game
                case .failure(let errors):
                    summary.diagnostics.append(
                        play.place.diagnostic(
                            "play \(play.id): its game file would not read back: \(errors.diagnostics.first?.message ?? "")",
                            hint: "this play was not imported; please report it with the play"))
                    summary.failed += 1
                    continue
                }
                let before = folder.existingText(of: game)
                let (action, reason) =
                    options.dryRun
                    ? folder.plan(game, text: text)
                    : try folder.apply(game, text: text, force: options.force)
                // A name respelled in a file imported before (only later pages of a log named,
                // without the player's earliest play) is said, never done in silence. Only an
                // update of an untouched file, and only spellings of one name (case, accents).
                if action == .updated, reason == nil || reason?.hasPrefix("moved") == true,
                    let before = before.flatMap({ try? GameFileParser.parse($0, path: game.relativePath).get() }),
                    before.players.count == parsed.players.count
                {
                    let renamed = zip(before.players, parsed.players).filter { old, new in
                        old != new
                            && old.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                                == new.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                    }.map { "`\($0)` is now `\($1)`" }
                    if !renamed.isEmpty {
                        summary.diagnostics.append(
                            Diagnostic(
                                path: options.into.appendingPathComponent(game.relativePath).relativePath,
                                location: nil, severity: .note,
                                message: renamed.joined(separator: ", ")
                                    + ": a person's name is the one of their earliest play in the logs named",
                                hint: "if that play is on a page left out, import every page of the log"))
                    }
                }
                summary.counts[action, default: 0] += 1
                if options.dryRun {
                    summary.plan.append(
                        "\(action.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(game.relativePath)"
                            + (reason.map { " (\($0))" } ?? ""))
                } else if action == .conflict, let reason {
                    summary.diagnostics.append(
                        Diagnostic(
                            path: options.into.appendingPathComponent(game.relativePath).relativePath,
                            location: nil, severity: .note, message: "not replaced: \(reason)",
                            hint: "--force replaces it with the play as imported"))
                }
            }
        }

        switch source {
        case .bgg:
            for file in files { _ = BGGPlaysReader.read(file.url, path: file.path) { people.record($0) } }
            let mapper = PlayMapper(people: people.names())
            for file in files {
                var failure: (any Error)?
                summary.diagnostics += BGGPlaysReader.read(file.url, path: file.path) { play in
                    guard failure == nil else { return }
                    do { try handle(play, mapper) } catch { failure = error }
                }
                if let failure { throw failure }
            }
        case .bgstats:
            for file in files {
                let contents = BGStatsReader.read(file.url, path: file.path)
                summary.diagnostics += contents.diagnostics
                for play in contents.plays { people.record(play) }
                let mapper = PlayMapper(people: people.names())
                for play in contents.plays { try handle(play, mapper) }
            }
        }
        if let dates {
            let keys = Set(seen.map { ImportChecksum.key(ImportOrigin(source: source, id: $0)) })
            summary.missing = folder.missing(from: source, seen: keys, dates: dates)
            for path in summary.missing {
                if options.dryRun { summary.plan.append("missing   \(path)") }
                summary.diagnostics.append(
                    Diagnostic(
                        path: options.into.appendingPathComponent(path).relativePath, location: nil, severity: .note,
                        message: "this play is no longer in the log, which covers its date; it was left as it is",
                        hint: "delete the file if the play was deleted on purpose"))
            }
        }
        return summary
    }
}
