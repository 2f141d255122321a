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
    /// Curly quotes and dashes in notes (cmark's smart punctuation); `--no-smart-punctuation` turns it off.
    public var smartPunctuation = true
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
    /// Things worth knowing that did not stop the build (e.g. optima not computed).
    public var notes: [Diagnostic] = []
}

/// The build pipeline: find → parse → render → publish. Any input error stops it before
/// anything is written, after every error of every file has been collected.
public enum SiteBuild {
    public static func run(_ options: BuildOptions) async throws(BuildError) -> BuildSummary {
        let started = ContinuousClock.now
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.source.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .usage("the source folder \(options.source.relativePath) does not exist; pass the folder that holds your game files")
        }
        let publisher = SitePublisher(output: options.output, force: options.force)
        try publisher.check(source: options.source)

        var input = try await read(options)
        let catalog = SiteCatalog(input.games)
        input.games = []
        let renderer = SiteRenderer(templates: input.templates, markdown: Markdown(allowsUnsafeHTML: options.allowsUnsafeHTML,
                                                                                  smartPunctuation: options.smartPunctuation),
                                    settings: SiteSettings(baseURL: options.baseURL))
        let staging = try publisher.stage()
        let written: (pages: Int, problems: [Diagnostic])
        do {
            written = try await write(catalog, with: renderer, notes: input.notesFiles, to: staging, progress: options.progress)
        } catch {
            publisher.discard(staging)
            throw .io("cannot write the site to \(options.output.path): \(error.localizedDescription)")
        }
        guard written.problems.isEmpty else {
            publisher.discard(staging)
            throw .input(written.problems.sorted { $0.path < $1.path })
        }
        try publisher.publish(staging)
        return BuildSummary(games: catalog.games.count, pages: written.pages, drafts: input.drafts,
                            seconds: (ContinuousClock.now - started) / .seconds(1), notes: input.notes)
    }

    /// What the pages are made from.
    struct Input {
        /// In the order found; drafts left out unless asked for.
        var games: [SiteGame]
        /// By game slug: where each scorecard's notes are, and the path to name in an error.
        var notesFiles: [String: (path: String, file: NotesFile)]
        var templates: Templates
        var drafts: Int
        var notes: [Diagnostic]
    }

    /// Finds, loads and solves the games and reads the templates. Apart from `run` because an
    /// async function keeps its locals until it returns: here the listing, the loader's output
    /// and their copies are freed before the site is written (a tenth of the peak memory).
    static func read(_ options: BuildOptions) async throws(BuildError) -> Input {
        let selection = try GameFileSelection(folder: options.source)
        var notes = selection.notes
        var problems: [Diagnostic] = []
        let templates: Templates?
        do {
            templates = try Templates(overrides: try TemplateFolder.read(options.templates))
        } catch let error as TemplateErrors {
            problems += error.errors
            templates = nil
        } catch {
            throw .io("cannot read the templates folder: \(error.localizedDescription)")
        }

        let files = selection.files.map { (path: $0.path, url: $0.url) }
        // Notes stay in their files until their scorecard is rendered: they are most of a parsed
        // game's memory, and no other page shows them.
        var outcome = await GameLoader.load(files, limits: options.limits, keepingNotes: false)
        problems += outcome.diagnostics
        guard problems.isEmpty, let templates else { throw .input(problems) }

        let slugs = Slug.assign(selection.files.map(\.relativePath))
        notes += await OptimumFiller.fill(&outcome.games, options.solving)
        var games: [SiteGame] = []
        games.reserveCapacity(outcome.games.count)
        var notesFiles: [String: (path: String, file: NotesFile)] = [:]
        var drafts = 0
        for (file, loaded) in zip(selection.files, outcome.games) {
            if loaded.game.isDraft && !options.includesDrafts {
                drafts += 1
                continue
            }
            let entry = SiteGame(game: loaded.game, slug: slugs[file.relativePath] ?? Slug.make(from: file.relativePath))
            if let notesFile = loaded.notesFile, notesFiles[entry.slug] == nil { notesFiles[entry.slug] = (loaded.path, notesFile) }
            games.append(entry)
        }
        return Input(games: games, notesFiles: notesFiles, templates: templates, drafts: drafts, notes: notes)
    }

    /// Renders every file on all cores and streams it to disk, so memory holds the catalog and
    /// one page per core, never the whole site. Each scorecard's notes are read back from
    /// `notes` (by slug) as it is rendered; a file that can no longer give them is a problem
    /// returned, after the other pages are written. Returns the number of HTML pages.
    static func write(_ catalog: SiteCatalog, with renderer: SiteRenderer, notes: [String: (path: String, file: NotesFile)],
                      to staging: SiteStaging, progress: (@Sendable (Int, Int) -> Void)?) async throws -> (pages: Int, problems: [Diagnostic]) {
        let items = catalog.games.indices.map(WorkItem.game) + renderer.pages(catalog).map(WorkItem.page) + [.stylesheet]
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let counter = Counter()
        return try await withThrowingTaskGroup(of: (pages: Int, problems: [Diagnostic]).self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var html = 0
                    var problems: [Diagnostic] = []
                    // Striding spreads the big pages (players, kinds) over the workers.
                    for item in stride(from: worker, to: items.count, by: workers).map({ items[$0] }) {
                        try Task.checkCancellation()
                        let files: [SiteFile]
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
                                files = try renderer.files(for: entry)
                                html += 1  // the scorecard; the rest are its images
                            case .page(let page):
                                files = [try renderer.render(page, catalog)]
                                if page.isHTML { html += 1 }
                            case .stylesheet:
                                files = [renderer.stylesheet]
                            }
                        } catch {
                            // A page over the output budget, or a tag that cannot render: nothing is published.
                            problems.append(error)
                            continue
                        }
                        for file in files { try staging.write(file) }
                        if let progress { progress(counter.increment(), items.count) }
                    }
                    return (html, problems)
                }
            }
            return try await group.reduce((0, [])) { ($0.pages + $1.pages, $0.problems + $1.problems) }
        }
    }
}

/// One unit of `SiteBuild.write`'s work: a game's scorecard and images, a catalog page, or the
/// stylesheet.
enum WorkItem {
    case game(Int)
    case page(CatalogPage)
    case stylesheet
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
