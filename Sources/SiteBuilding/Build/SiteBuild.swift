public import Foundation
import GameDomain
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
    public var maxFileSize = GameLoader.defaultSizeLimit
    /// How much one game file may ask for (players, moves, board size, rounds).
    public var limits = GameFileLimits()
    /// Optimal lengths of puzzle boards: the time limit and the pattern-database cache.
    public var solving = PuzzleSolving()
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
    public var notes: [String] = []
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

        let listing: GameFileFinder.Listing
        do {
            listing = try GameFileFinder.list(options.source)
        } catch {
            throw .io("cannot list \(options.source.relativePath): \(error.localizedDescription)")
        }
        let found = listing.files
        var notes = listing.linksOutside.map { link in
            "note: skipped \(displayPath(link, in: options.source)): a symbolic link pointing outside the source folder (links are followed only inside it)"
        }
        var problems: [String] = []
        let templates: Templates?
        do {
            templates = try Templates(overrides: try TemplateFolder.read(options.templates))
        } catch let error as TemplateErrors {
            problems += error.errors.map(\.description)
            templates = nil
        } catch {
            throw .io("cannot read the templates folder: \(error.localizedDescription)")
        }

        let files = found.map { (path: displayPath($0.relativePath, in: options.source), url: $0.url) }
        let outcome = await GameLoader.load(files, sizeLimit: options.maxFileSize, limits: options.limits)
        problems += outcome.diagnostics.map(\.description)
        guard problems.isEmpty, let templates else { throw .input(problems) }

        let slugs = Slug.assign(found.map(\.relativePath))
        let (solved, solvingNotes) = await PuzzleOptima.fill(outcome.games.map(\.game), options.solving)
        notes += solvingNotes
        let all = zip(found, solved).map { file, game in
            SiteGame(game: game, slug: slugs[file.relativePath] ?? Slug.make(from: file.relativePath))
        }
        let games = options.includesDrafts ? all : all.filter { !$0.game.isDraft }
        let catalog = SiteCatalog(games)
        let renderer = SiteRenderer(templates: templates, markdown: Markdown(allowsUnsafeHTML: options.allowsUnsafeHTML),
                                    settings: SiteSettings(baseURL: options.baseURL))
        let staging = try publisher.stage()
        let pages: Int
        do {
            pages = try await write(catalog, with: renderer, to: staging, progress: options.progress)
        } catch {
            publisher.discard(staging)
            throw .io("cannot write the site to \(options.output.path): \(error.localizedDescription)")
        }
        try publisher.publish(staging)
        return BuildSummary(games: games.count, pages: pages, drafts: all.count - games.count,
                            seconds: (ContinuousClock.now - started) / .seconds(1), notes: notes)
    }

    /// Renders every file on all cores and streams it to disk, so memory holds the catalog and
    /// one page per core, never the whole site. Returns the number of HTML pages.
    static func write(_ catalog: SiteCatalog, with renderer: SiteRenderer, to staging: SiteStaging,
                      progress: (@Sendable (Int, Int) -> Void)?) async throws -> Int {
        let pages = renderer.pages(catalog)
        let total = catalog.games.count + pages.count + 1
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let counter = Counter()
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var html = 0
                    // Striding spreads the big pages (players, kinds) over the workers.
                    for item in stride(from: worker, to: total, by: workers) {
                        try Task.checkCancellation()
                        let files = if item < catalog.games.count {
                            renderer.files(for: catalog.games[item])
                        } else if item < catalog.games.count + pages.count {
                            [renderer.render(pages[item - catalog.games.count], catalog)]
                        } else {
                            [renderer.stylesheet]
                        }
                        for file in files { try staging.write(file) }
                        html += files.filter { $0.path.hasSuffix(".html") }.count
                        if let progress { progress(counter.increment(), total) }
                    }
                    return html
                }
            }
            return try await group.reduce(0, +)
        }
    }

    /// `examples/catan.md` when the source is `examples`; just `catan.md` when it is `.`.
    public static func displayPath(_ relativePath: String, in source: URL) -> String {
        let base = source.relativePath
        if base == "." || base.isEmpty { return relativePath }
        return (base.hasSuffix("/") ? base : base + "/") + relativePath
    }
}

/// The user's `--templates` folder: `*.mustache` files and `style.css`.
enum TemplateFolder {
    static func read(_ folder: URL?) throws -> [String: (path: String, text: String)] {
        guard let folder else { return [:] }
        var files: [String: (path: String, text: String)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".mustache") || name == "style.css" {
            let url = folder.appendingPathComponent(name)
            files[name] = (SiteBuild.displayPath(name, in: folder), try String(contentsOf: url, encoding: .utf8))
        }
        return files
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
