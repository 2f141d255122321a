public import Foundation
public import GameDomain
public import GameFileParsing
public import SiteRendering

/// What `gamenight build` needs to know.
public struct BuildOptions: Sendable {
    public var source: URL
    public var output: URL
    /// A folder of the user's templates replacing the built-in ones of the same name.
    public var templates: URL?
    public var allowsUnsafeHTML = false
    public var force = false
    /// How much one game file may ask for (bytes, players, moves, board size, rounds).
    public var limits = GameFileLimits()
    /// Optimal lengths of puzzle boards: the time limit and the cache folder (pattern databases,
    /// optimal lengths found before).
    public var solving = SolverSettings()
    /// `--base-url`: absolute links for the feed, the sitemap and canonical links.
    public var baseURL: BaseURL?
    /// `--drafts`: include games marked `draft: true`.
    public var includesDrafts = false
    /// Curly quotes and dashes in notes; off when the command line or `gamenight.yaml` says so.
    public var smartPunctuation = true
    /// `--timings`: measure the link check's CPU time too (two clock reads per file written).
    public var measuresTimings = false
    /// The build cache's folder (see `BuildCache`); nil builds every page and keeps no cache.
    public var cacheDirectory: String?
    /// `--no-cache`: build every page, ignoring the cache (a new one is still written).
    public var readsCache = true
    /// Leave the previous site's folder to the caller (`BuildSummary.previousSite`): `serve`
    /// announces the new site first, and keeps the folder as the next build's staging folder.
    public var keepsPreviousSite = false
    /// `serve`: the folder of the site before the published one, kept by this process, to stage
    /// into. Its files that did not change since are already links of the published ones.
    public var recycledStaging: URL?
    /// `gamenight build` and `serve`: keep the previous site's folder beside the output
    /// (`SitePublisher.keptFolder`) rather than delete it, and stage the next build into it
    /// unless `recycledStaging` names another. Its unchanged files are links of the published
    /// ones, so the next build neither links nor deletes them.
    public var keepsPreviousSiteBeside = false
    /// How much older than the listing a game file's status must be for the cache to vouch
    /// for it (`SourceStamp.settling`); tests shorten it.
    var stampSettling = SourceStamp.settling
    /// `serve`: the last build's record, in memory. The new record is kept there instead of
    /// being written, and `BuildMemory.save()` writes it once the reload is sent.
    public var memory: BuildMemory?
    /// Called from any thread as files are written: (files written, files in all).
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    public init(source: URL, output: URL, templates: URL? = nil) {
        self.source = source
        self.output = output
        self.templates = templates
    }
}

public struct BuildSummary: Sendable, Hashable {
    public var games: Int
    /// HTML pages written.
    public var pages: Int
    /// Games left out because they are drafts.
    public var drafts: Int
    public var seconds: Double
    /// Units of the site (a game's scorecard and images, a catalog page, the stylesheet)
    /// rendered, and linked unchanged from the previous build by the build cache.
    public var rendered = 0
    public var reused = 0
    /// Game files read; the others were vouched for by the build cache, by their status.
    public var gameFilesRead = 0
    /// The folder holding the previous site, still to remove; only with `BuildOptions.keepsPreviousSite`.
    public var previousSite: URL?
    /// Things worth knowing that did not stop the build (e.g. optima not computed).
    public var notes: [Diagnostic] = []
    public var timings = BuildTimings()
    /// The path of the site's base URL (`/games/` for `https://example.org/games/`), `/` without one.
    public var basePath = "/"
}

/// Where a build's time went (`gamenight build --timings`).
public struct BuildTimings: Sendable, Hashable {
    /// Wall-clock seconds of each phase, in order.
    public var phases: [Phase] = []
    /// CPU seconds spent finding and checking links, summed over the threads; nil unless
    /// `BuildOptions.measuresTimings`. Most of it is spent while pages are written.
    public var linkCheckCPU: Double?

    public struct Phase: Sendable, Hashable {
        public var name: String
        public var seconds: Double
    }

    mutating func end(_ name: String, since start: inout ContinuousClock.Instant) {
        let now = ContinuousClock.now
        phases.append(Phase(name: name, seconds: (now - start) / .seconds(1)))
        start = now
    }

    /// One line per phase, its wall-clock time aligned.
    public var table: [String] {
        let width = phases.map(\.name.count).max() ?? 0
        return phases.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + String(format: "  %6.3f s", $0.seconds) }
    }
}

/// The build pipeline: find → parse → render → publish. Any input error stops it before
/// anything is written, after every error of every file has been collected.
public enum SiteBuild {
    /// GameNight's version, printed by `--version`.
    public static let version = "0.2.0"

    public static func run(_ options: BuildOptions) async throws(BuildError) -> BuildSummary {
        var options = options
        let started = ContinuousClock.now
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.source.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .usage("the source folder \(options.source.relativePath) does not exist; pass the folder that holds your game files")
        }
        let publisher = SitePublisher(output: options.output, force: options.force)
        try publisher.check(source: options.source)
        guard options.keepsPreviousSiteBeside else { return try await run(options, publisher: publisher, started: started) }
        let claimed = options.recycledStaging == nil ? publisher.claimKept() : nil
        if let claimed { options.recycledStaging = claimed }
        let keepsPrevious = options.keepsPreviousSite
        options.keepsPreviousSite = true
        do {
            var summary = try await run(options, publisher: publisher, started: started)
            if !keepsPrevious, let previous = summary.previousSite {
                publisher.keepBeside(previous)
                summary.previousSite = nil
            }
            return summary
        } catch {
            // A build that failed before staging left the claimed folder as it was.
            if let claimed, FileManager.default.fileExists(atPath: claimed.path) { publisher.keepBeside(claimed) }
            throw error
        }
    }

    private static func run(_ options: BuildOptions, publisher: SitePublisher, started: ContinuousClock.Instant) async throws(BuildError) -> BuildSummary {
        var options = options
        var timings = BuildTimings()
        var phaseStart = started
        let cache = options.cacheDirectory.map { BuildCache(directory: $0, source: options.source, output: options.output) }
        var previous: BuildRecord?
        var notes: [Diagnostic] = []
        if let cache, options.readsCache {
            if let remembered = options.memory?.record(for: cache) {
                previous = remembered
            } else {
                let loaded = cache.load()
                previous = loaded.record
                if let note = loaded.note { notes.append(note) }
            }
            timings.end("read the build cache", since: &phaseStart)
        }
        // The recycled folder is listed while the games are read: it depends on nothing in them.
        let recycledFolder = options.recycledStaging
        async let recycled = recycledFolder.flatMap(publisher.listRecycled)
        var input = try await read(options, caching: cache != nil, previous: previous)
        // Only the units are needed from here on; the decoded games would double the games' memory.
        let previousUnits = previous?.units ?? [:]
        previous = nil
        timings.end("read, parse and solve", since: &phaseStart)
        let site = input.site
        options.smartPunctuation = options.smartPunctuation && site.configuration.smartPunctuation
        var memory = options.memory?.catalogMemory ?? CatalogMemory(remembering: false)
        let catalog = await SiteCatalog.make(input.games, statistics: site.configuration.statistics, memory: &memory)
        options.memory?.catalogMemory = memory
        input.games = []
        // The ratings and the other statistics are computed here, with the catalog.
        timings.end("catalog and statistics", since: &phaseStart)
        let settings = site.settings(baseURL: options.baseURL)
        let renderer = SiteRenderer(templates: input.templates, markdown: Markdown(allowsUnsafeHTML: options.allowsUnsafeHTML,
                                                                                  smartPunctuation: options.smartPunctuation),
                                    settings: settings)
        let dependencies = cache.map { _ in
            SiteDependencies(catalog, files: input.fingerprints, site: inputs(options, input: input, settings: settings),
                             known: options.memory?.parsedGames(parsing: input.parsing) ?? [:])
        }
        if let dependencies { options.memory?.keep(parsedGames: dependencies.parsed, parsing: input.parsing) }
        let staging = try publisher.stage(recycling: options.recycledStaging, listed: await recycled)
        // A recycled folder that is to be kept stays for the caller when the build fails: its
        // files are checked one by one before any is used again, and deleting it takes a while.
        let discard = { if !(options.keepsPreviousSiteBeside && staging.recycled) { publisher.discard(staging) } }
        let written: Written
        do {
            written = try await write(catalog, with: renderer, notes: input.notesFiles, to: staging, measuringLinks: options.measuresTimings,
                                      progress: options.progress, dependencies: dependencies, previous: previousUnits)
        } catch {
            discard()
            throw .io("cannot write the site to \(options.output.path): \(fileErrorText(error))")
        }
        timings.end("render and write", since: &phaseStart)
        let checkStart = options.measuresTimings ? threadCPUSeconds() : 0
        // A page that could not be written breaks the links to it: those errors would only repeat.
        let problems = written.problems.isEmpty
            ? written.links.problems(templates: input.templateFiles) { page in
                // A scorecard is games/<slug>.html.
                guard page.hasPrefix("games/"), let source = input.notesFiles[String(page.dropFirst(6).dropLast(5))],
                      case .success(let text) = source.file.read(path: source.path) else { return nil }
                return (source.path, text)
            }
            : written.problems.sorted { $0.path < $1.path }
        if options.measuresTimings { timings.linkCheckCPU = written.linkCPU + threadCPUSeconds() - checkStart }
        timings.end("check links", since: &phaseStart)
        guard problems.isEmpty else {
            discard()
            throw .input(problems)
        }
        // Every file of the recycled folder is one of the new site's (the usual case) unless fewer
        // of them were found there.
        if staging.recycled, written.present.count != staging.existing.count - (staging.existing[SitePublisher.marker] == nil ? 0 : 1) {
            staging.removeFiles(except: written.present)
        }
        let previousSite = try publisher.publish(staging, keepingPrevious: options.keepsPreviousSite)
        timings.end("publish", since: &phaseStart)
        if let cache {
            let record = BuildRecord(site: cache.site, parsing: input.parsing, games: input.cachedGames, units: written.units, sources: input.sources)
            if let memory = options.memory {
                memory.remember(record, of: cache)
            } else if let note = cache.save(record) {
                notes.append(note)
            }
            timings.end("save the build cache", since: &phaseStart)
        }
        return BuildSummary(games: catalog.games.count, pages: written.pages, drafts: input.drafts,
                            seconds: (ContinuousClock.now - started) / .seconds(1), rendered: written.rendered, reused: written.reused,
                            gameFilesRead: input.filesRead,
                            previousSite: previousSite, notes: notes + input.notes + written.leftOut.sorted { $0.path < $1.path }, timings: timings,
                            basePath: settings.baseURL?.path ?? "/")
    }

    /// What the pages are made from.
    struct Input {
        /// In the order found; drafts left out unless asked for.
        var games: [SiteGame]
        /// By game slug: where each scorecard's notes are, and the path to name in an error.
        var notesFiles: [String: (path: String, file: NotesFile)]
        var templates: Templates
        /// The user's templates (file name → path, text), to point at a broken link in them.
        var templateFiles: [String: (path: String, text: String)]
        var site: SiteConfigurationFile
        var drafts: Int
        var notes: [Diagnostic]
        /// For the build cache (empty without one): each game's file fingerprint by slug, every
        /// parse to keep, and the fingerprint of what parses depend on.
        var fingerprints: [String: Fingerprint] = [:]
        var cachedGames: [Fingerprint: CachedGame] = [:]
        var sources: [String: StampedSource] = [:]
        var filesRead = 0
        var parsing = Fingerprint(high: 0, low: 0)
    }

    /// What every page depends on: the program (its version and built-in templates), the user's
    /// templates, `gamenight.yaml`, the options.
    static func inputs(_ options: BuildOptions, input: Input, settings: SiteSettings) -> Fingerprint {
        var hasher = StableHasher()
        hasher.combine(BuildCache.magic)
        hasher.combine(input.parsing)
        for (name, file) in input.templateFiles.sorted(by: { $0.key < $1.key }) {
            hasher.combine(name)
            hasher.combine(file.text)
        }
        hasher.combine(input.site.bytes.map(\.description) ?? "no gamenight.yaml")
        hasher.combine(options.allowsUnsafeHTML)
        hasher.combine(options.smartPunctuation)
        hasher.combine(settings.baseURL?.description ?? "")
        hasher.combine(options.includesDrafts)
        hasher.combine(String(describing: options.solving))
        return hasher.finalize()
    }

    /// Finds, loads and solves the games and reads the templates. Apart from `run` because an
    /// async function keeps its locals until it returns: here the listing, the loader's output
    /// and their copies are freed before the site is written (a tenth of the peak memory).
    /// `caching`: fingerprint the files for the build cache, reusing the parses of `previous`.
    static func read(_ options: BuildOptions, caching: Bool = false, previous: BuildRecord? = nil) async throws(BuildError) -> Input {
        let listed = wallClockNanoseconds()
        let selection = try GameFileSelection(folder: options.source, memory: options.memory)
        var notes = selection.notes
        var problems = selection.problems
        // Built anyway (a new site has none yet), but never in silence: the folder may be mistyped.
        if selection.files.isEmpty, problems.isEmpty {
            notes.append(Diagnostic(path: options.source.relativePath, location: nil, severity: .note,
                                    message: "no game files (*.md) in this folder, so the site has no games",
                                    hint: "check the folder's name, or write a game with gamenight new"))
        }
        var site = SiteConfigurationFile()
        switch SiteConfigurationFile.load(in: options.source) {
        case .success(let loaded): site = loaded
        case .failure(let errors): problems += errors.diagnostics
        }
        let templates: Templates?
        var templateFiles: [String: (path: String, text: String)] = [:]
        do {
            templateFiles = try TemplateFolder.read(options.templates)
            templates = try Templates(overrides: templateFiles)
        } catch let error as TemplateErrors {
            problems += error.errors
            templates = nil
        } catch let error as BuildError {
            throw error
        } catch {
            throw .io("cannot read the templates folder: \(fileErrorText(error))")
        }

        let trustsStatus = caching && SourceStamp.isTrusted(under: options.source.path)
        let sources = trustsStatus ? previous?.sources ?? [:] : [:]
        let files = selection.files.map { file in
            let source = sources[file.relativePath].flatMap { $0.stamp == file.stamp ? $0 : nil }
            return (path: file.path, url: file.url, known: source.map { (bytes: $0.bytes, size: $0.stamp.size) })
        }
        // Notes stay in their files until their scorecard is rendered: they are most of a parsed
        // game's memory, and no other page shows them.
        var parsing = StableHasher()
        parsing.combine(BuildCache.program)
        parsing.combine(String(describing: options.limits))
        let parsingKey = parsing.finalize()
        let cached = caching ? previous?.parsing == parsingKey ? previous?.games ?? [:] : [:] : nil
        var outcome = await GameLoader.load(files, limits: options.limits, keepingNotes: false, reusing: cached)
        problems += outcome.diagnostics
        guard problems.isEmpty, let templates else { throw .input(problems) }

        let paths = selection.files.map(\.relativePath)
        let slugs = options.memory?.slugs(for: paths) ?? Slug.assign(paths)
        notes += await OptimumFiller.fill(&outcome.games, options.solving)
        var games: [SiteGame] = []
        games.reserveCapacity(outcome.games.count)
        // Sized up front: `serve` makes them anew for every save.
        var notesFiles: [String: (path: String, file: NotesFile)] = Dictionary(minimumCapacity: outcome.games.count)
        var drafts = 0
        var fingerprints: [String: Fingerprint] = Dictionary(minimumCapacity: outcome.games.count)
        var cachedGames = [Fingerprint: CachedGame](minimumCapacity: outcome.games.count)
        var stamped: [String: StampedSource] = Dictionary(minimumCapacity: trustsStatus ? outcome.games.count : 0)
        var filesRead = 0
        for (file, loaded) in zip(selection.files, outcome.games) {
            if let bytes = loaded.bytes, cachedGames[bytes] == nil {
                cachedGames[bytes] = CachedGame(bytes: bytes, notesCount: loaded.notesFile?.notesCount, game: loaded.game)
            }
            // The status was taken before the file was read: it vouches for those bytes only if
            // no write could have come after it unseen.
            if loaded.wasRead { filesRead += 1 }
            if trustsStatus, let bytes = loaded.bytes, let stamp = file.stamp, stamp.size == loaded.notesFile?.size,
               max(stamp.modified, stamp.changed) < listed - options.stampSettling {
                stamped[file.relativePath] = StampedSource(stamp: stamp, bytes: bytes)
            }
            if loaded.game.isDraft && !options.includesDrafts {
                drafts += 1
                continue
            }
            let entry = SiteGame(game: loaded.game, slug: slugs[file.relativePath] ?? Slug.make(from: file.relativePath), file: file.relativePath)
            if let notesFile = loaded.notesFile, notesFiles[entry.slug] == nil { notesFiles[entry.slug] = (loaded.path, notesFile) }
            if let bytes = loaded.bytes { fingerprints[entry.slug] = bytes }
            games.append(entry)
        }
        return Input(games: games, notesFiles: notesFiles, templates: templates, templateFiles: templateFiles, site: site, drafts: drafts, notes: notes,
                     fingerprints: fingerprints, cachedGames: cachedGames, sources: stamped, filesRead: filesRead, parsing: parsingKey)
    }

    /// Renders every file on all cores and streams it to disk, so memory holds the catalog and
    /// one page per core, never the whole site. Each scorecard's notes are read back from
    /// `notes` (by slug) as it is rendered; a file that can no longer give them is a problem
    /// returned, after the other pages are written. The links of every page are recorded as it
    /// is written, to be checked once all files are.
    static func write(_ catalog: SiteCatalog, with renderer: SiteRenderer, notes: [String: (path: String, file: NotesFile)],
                      to staging: SiteStaging, measuringLinks: Bool = false, progress: (@Sendable (Int, Int) -> Void)?,
                      dependencies: SiteDependencies? = nil, previous: [String: CachedUnit] = [:]) async throws -> Written {
        // Workers take the next item as they finish one, the kind pages (the biggest) first: a
        // rebuild that renders a dozen parts is not left waiting on one worker.
        let pages = renderer.pages(catalog)
        let isKind: (CatalogPage) -> Bool = { if case .kind = $0 { true } else { false } }
        let items = (pages.filter(isKind) + pages.filter { !isKind($0) }).map(WorkItem.page)
            + catalog.games.indices.map(WorkItem.game) + [.stylesheet]
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let counter = Counter(), taken = Counter()
        let rootPath = renderer.settings.baseURL?.path ?? "/"
        return try await withThrowingTaskGroup(of: Written.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var html = 0
                    var problems: [Diagnostic] = []
                    var leftOut: [Diagnostic] = []
                    // Room for each worker's share of the files (about two a unit) and units.
                    var links = LinkCheck(rootPath: rootPath, files: 2 * items.count / workers)
                    var linkCPU = 0.0
                    var units: [String: CachedUnit] = [:]
                    units.reserveCapacity(items.count / workers)
                    var rendered = 0, reused = 0
                    var present: [Int] = []
                    func count(_ written: [String]) {
                        for path in written { if let file = staging.existing[path] { present.append(file.index) } }
                    }
                    while true {
                        let next = taken.increment() - 1
                        guard next < items.count else { break }
                        let item = items[next]
                        try Task.checkCancellation()
                        let unit = dependencies?.unit(item, in: catalog)
                        // Unchanged inputs: the previous build's files, if they are still as it left them.
                        if let unit, let cached = previous[unit.id], cached.inputs == unit.inputs,
                           cached.files.allSatisfy(staging.reuse) {
                            for file in cached.files { links.record(unread: file.path) }
                            if staging.recycled { count(cached.files.map(\.path)) }
                            units[unit.id] = cached
                            reused += 1
                            html += item.pages
                            if let progress { progress(counter.increment(), items.count) }
                            continue
                        }
                        let files: [SiteFile]
                        var template: String?
                        do throws(Diagnostic) {
                            switch item {
                            case .game(let index):
                                var entry = catalog.games[index]
                                if let source = notes[entry.slug] {
                                    switch source.file.read(path: source.path) {
                                    case .success(let text): entry.game.notes = text
                                    case .failure(let problem):
                                        problems.append(problem)
                                        continue
                                    }
                                }
                                files = try renderer.files(for: entry, in: catalog)
                                template = "scorecard"
                                if !renderer.markdown.allowsUnsafeHTML, Self.mayLoseMarkup(entry.game.notes), let page = files.first {
                                    leftOut += Self.leftOut(in: page.contents, path: notes[entry.slug]?.path ?? entry.file)
                                }
                            case .page(let page):
                                files = [try renderer.render(page, catalog)]
                                template = page.template
                            case .stylesheet:
                                files = [renderer.stylesheet]
                            }
                        } catch {
                            // A page over the output budget, or a tag that cannot render: nothing is published.
                            problems.append(error)
                            continue
                        }
                        var stamps: [FileStamp] = []
                        for file in files { stamps.append(try staging.write(file)) }
                        if staging.recycled { count(files.map(\.path)) }
                        let linkStart = measuringLinks ? threadCPUSeconds() : 0
                        for file in files { links.record(file, template: template) }
                        if measuringLinks { linkCPU += threadCPUSeconds() - linkStart }
                        html += item.pages
                        rendered += 1
                        if let unit { units[unit.id] = CachedUnit(inputs: unit.inputs, files: stamps) }
                        if let progress { progress(counter.increment(), items.count) }
                    }
                    return Written(pages: html, problems: problems, links: links, linkCPU: linkCPU, units: units, rendered: rendered, reused: reused,
                                   present: present, leftOut: leftOut)
                }
            }
            return try await group.reduce(into: Written(pages: 0, problems: [], links: LinkCheck(rootPath: rootPath), linkCPU: 0, units: [:], rendered: 0, reused: 0)) { all, part in
                var part = part
                all.pages += part.pages
                all.problems += part.problems
                let mergeStart = measuringLinks ? threadCPUSeconds() : 0
                all.links.merge(&part.links)
                if measuringLinks { all.linkCPU += part.linkCPU + threadCPUSeconds() - mergeStart }
                // Each unit is one worker's: the smaller dictionary goes into the larger.
                if all.units.count < part.units.count { swap(&all.units, &part.units) }
                all.units.merge(part.units) { first, _ in first }
                all.rendered += part.rendered
                all.reused += part.reused
                all.present += part.present
                all.leftOut += part.leftOut
            }
        }
    }

    /// What `write` did: the HTML pages written, the notes that could not be read back, the
    /// links (and the CPU seconds spent on them, when measured), and each unit's inputs and files
    /// for the build cache.
    struct Written: Sendable {
        var pages: Int
        var problems: [Diagnostic]
        var links: LinkCheck
        var linkCPU: Double
        var units: [String: CachedUnit]
        var rendered: Int
        var reused: Int
        /// The new site's files already in the recycled folder it is staged into, by their index
        /// there (`SiteStaging.existing`); only with one.
        var present: [Int] = []
        /// Notes whose raw HTML or unsafe links cmark left out, among the scorecards rendered.
        var leftOut: [Diagnostic] = []
    }

    /// Whether notes can hold what cmark's safe mode leaves out: a `<` (raw HTML) or an address
    /// of a scheme it drops. A look at the notes' bytes spares searching every scorecard (with
    /// Foundation's `contains`, a third of a 10,000-game build's CPU).
    static func mayLoseMarkup(_ notes: String) -> Bool {
        var hasColon = false
        for byte in notes.utf8 {
            if byte == UInt8(ascii: "<") { return true }
            if byte == UInt8(ascii: ":") { hasColon = true }
        }
        guard hasColon else { return false }
        // Plain loops: the generic `firstRange(of:)` looks up type metadata on every call.
        let lower = Array(notes.lowercased().utf8)
        return ["javascript:", "vbscript:", "file:"].contains { scheme in
            let pattern = Array(scheme.utf8)
            return lower.count >= pattern.count && (0...lower.count - pattern.count).contains { lower[$0..<$0 + pattern.count].elementsEqual(pattern) }
        }
    }

    /// A note for a scorecard whose notes lost raw HTML or a link to cmark's safe mode (its
    /// marks in `page`): the page differs from the file, and the user should know.
    static func leftOut(in page: String, path: String) -> [Diagnostic] {
        var what: [String] = []
        if page.contains("<!-- raw HTML omitted -->") { what.append("raw HTML") }
        if page.contains("<a href=\"\">") || page.contains("<img src=\"\"") { what.append("a javascript:, vbscript: or file: address") }
        guard !what.isEmpty else { return [] }
        return [Diagnostic(path: path, location: nil, severity: .note, message: what.joined(separator: " and ") + " in the notes was left out of the page",
                           hint: "--unsafe-html lets it through, for notes you trust")]
    }

    /// The calling thread's CPU time. Links are recorded between suspension points, so each
    /// measured stretch runs on one thread.
    /// Now, in nanoseconds since 1970: the clock file times are stamped with.
    static func wallClockNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.wrappingNanoseconds
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// One unit of `SiteBuild.write`'s work: a game's scorecard and images, a catalog page, or the
/// stylesheet.
enum WorkItem {
    case game(Int)
    case page(CatalogPage)
    case stylesheet

    /// HTML pages among its files: a game's scorecard (the rest are its images), a catalog page
    /// unless it is the feed or the sitemap.
    var pages: Int {
        switch self {
        case .game: 1
        case .page(let page): page.isHTML ? 1 : 0
        case .stylesheet: 0
        }
    }
}

/// Files written so far, counted from every worker. (`Atomic` needs macOS 15; we support 14.)
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
