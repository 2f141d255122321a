import Foundation
import GameDomain
import SiteRendering

/// Early cutoff: the catalog (statistics, ratings, every list) follows from the games as parsed,
/// notes left out, from their paths and from the site's inputs. When none of those changed
/// since the last build (notes edited, a file saved as it was), the last build's catalog is
/// this one's, so nothing is derived: the scorecards of the changed files are rendered again
/// from their memos (`ScorecardMemo`), and every other unit is the last build's.
enum Cutoff {
    /// What the catalog is derived from: the site's inputs (`Derive.inputs`), and each game
    /// file's path and parse in the order found. Nil when a file's parse is not known.
    static func key(site: Fingerprint, paths: [String], _ sources: [String: StampedSource]) -> Fingerprint? {
        var hasher = StableHasher()
        hasher.combine(site)
        hasher.combine(paths.count)
        for path in paths {
            guard let source = sources[path] else { return nil }
            hasher.combine(path)
            hasher.combine(source.parseFingerprint)
        }
        return hasher.finalize()
    }

    /// A build that derives nothing: what changed, and the record it updates.
    struct Plan: Sendable {
        /// By unit id: the scorecards to render again, each with its game as the last build
        /// derived it (notes left in the file) and its memo.
        var scorecards: [String: (entry: SiteGame, memo: ScorecardMemo, notes: (path: String, file: NotesFile))]
        var renderer: SiteRenderer
        var site: SiteInputs
        /// The last build's record brought up to date: sources, parses and, once rendered, units.
        var record: BuildRecord
        var filesRead: Int
        /// Whether the record changed at all: a game file read changed, or its status now vouches for it.
        var recordChanged: Bool

        /// By game slug, as `Derived.notesFiles`: the changed scorecards' notes.
        var notesFiles: NotesFiles {
            var files = NotesFiles(minimumCapacity: scorecards.count)
            for scorecard in scorecards.values {
                files.add(
                    slug: scorecard.entry.slug, path: scorecard.notes.path, relativePath: scorecard.entry.file,
                    file: scorecard.notes.file)
            }
            return files
        }
    }

    /// The plan, or nil when the catalog may have changed (or anything is amiss: the build then
    /// derives, and reports what is).
    static func plan(_ found: Found, _ options: BuildOptions, record: BuildRecord) async -> Plan? {
        let parsing = Load.parsing(options)
        guard let cutoff = record.cutoff, record.parsing == parsing, found.problems.isEmpty,
            let templates = found.templates
        else { return nil }
        let site = SiteInputs(
            configurationFile: found.configuration, templates: templates, templateFiles: found.templateFiles)
        let (renderer, siteInputs) = Derive.rendering(site, options, parsing: parsing)

        // The files whose status does not vouch for their bytes are read (and parsed, unless
        // the cache has their bytes' parse).
        // The last build's sources, with the files read brought up to date: when the key below
        // matches, the same paths as the last build's. Changed in place, not made anew: a
        // rebuild after one edit should cost little more than looking at each file.
        let trustsStatus = SourceStamp.isTrusted(under: options.source.path)
        var sources = record.sources
        var recordChanged = false
        let toRead = found.files.filter { file in
            guard trustsStatus, let source = record.sources[file.relativePath], source.stamp != nil else { return true }
            return source.stamp != file.stamp
        }
        let outcome = await GameLoader.load(
            toRead.map { ($0.path, $0.location, nil) }, limits: options.limits, keepingNotes: false,
            reusing: record.games)
        guard outcome.diagnostics.isEmpty, outcome.games.count == toRead.count else { return nil }
        var changed: [(file: GameFileSelection.File, loaded: LoadedGame, before: StampedSource)] = []
        for (file, loaded) in zip(toRead, outcome.games) {
            guard let bytes = loaded.fileFingerprint, let parse = loaded.parseFingerprint else { return nil }
            let stamp = trustsStatus ? Load.trusted(file.stamp, of: loaded, listed: found.listing.time, options) : nil
            let source = StampedSource(stamp: stamp, fileFingerprint: bytes, parseFingerprint: parse)
            let before = sources.updateValue(source, forKey: file.relativePath)
            recordChanged = recordChanged || before != source
            if let before, before.fileFingerprint != bytes { changed.append((file, loaded, before)) }
        }
        guard key(site: siteInputs, paths: found.files.map(\.relativePath), sources) == cutoff else { return nil }

        var updated = record
        updated.sources = sources
        var scorecards: [String: (entry: SiteGame, memo: ScorecardMemo, notes: (path: String, file: NotesFile))] = [:]
        if !changed.isEmpty {
            let changedFiles = Set(changed.map(\.file.relativePath))
            var memos: [String: (id: String, memo: ScorecardMemo)] = [:]
            for (id, unit) in record.units {
                if let memo = unit.scorecard, changedFiles.contains(memo.file), memos[memo.file] == nil {
                    memos[memo.file] = (id, memo)
                }
            }
            // Parses no file has any more: each changed file's old one, unless another file holds its bytes.
            var gone = Set(changed.map(\.before.fileFingerprint))
            for source in sources.values where !gone.isEmpty { gone.remove(source.fileFingerprint) }
            for fingerprint in gone { updated.games[fingerprint] = nil }
            for (file, loaded, before) in changed {
                // The same parse as the last build's: its game, the optimum filled in, is this one's.
                guard let bytes = loaded.fileFingerprint, let parse = loaded.parseFingerprint,
                    let notesFile = loaded.notesFile,
                    let game = record.games[before.fileFingerprint]?.game
                else { return nil }
                updated.games[bytes] = CachedGame(
                    fileFingerprint: bytes, parseFingerprint: parse, notesCount: notesFile.notesCount, game: game)
                // A draft left out of the site has no scorecard.
                guard let (id, memo) = memos[file.relativePath] else { continue }
                guard memo.ratingChanges != nil else { return nil }
                scorecards[id] = (SiteGame(game: game, slug: memo.slug, file: memo.file), memo, (file.path, notesFile))
            }
        }
        return Plan(
            scorecards: scorecards, renderer: renderer, site: site, record: updated, filesRead: toRead.count,
            recordChanged: recordChanged)
    }

    /// Renders the plan's scorecards and links every other unit from the last build; the units
    /// rendered are `Written.units`, the others are the plan's record's as they were. Nil when a
    /// unit's files are no longer as the last build left them: it must be rendered, from the
    /// catalog, and the build derives after all (into the same staging folder).
    static func render(
        _ plan: Plan, into staging: SiteStaging, measuringLinks: Bool, progress: (@Sendable (Int, Int) -> Void)?,
        cards: CardCache
    ) async throws -> Written? {
        let units = Array(plan.record.units)
        let renderer = plan.renderer
        let scorecards = plan.scorecards
        let written = try await Render.share(
            units.count, into: staging, rootPath: renderer.settings.baseURL?.path ?? "/",
            measuringLinks: measuringLinks,
            progress: progress, cards: cards
        ) { next, worker in
            let (id, cached) = units[next]
            if let (entry, memo, notes) = scorecards[id] {
                let bytes = notes.file.fingerprint
                try worker.scorecard(
                    entry, ratingChanges: memo.ratingChanges ?? [], notes: notes, renderer: renderer,
                    unit: (
                        id, SiteDependencies.Unit.scorecardInputs(context: memo.context, fileFingerprint: bytes), memo
                    ))
            } else if !worker.reuse(
                cached, as: id, pages: cached.files.count { $0.path.hasSuffix(".html") }, recording: false)
            {
                worker.written.unreusable += 1
            }
        }
        return written.unreusable == 0 ? written : nil
    }
}
