import Foundation
import GameDomain
import SiteRendering

/// Everything computed from the games before a page is rendered, in one place.
struct Derived: Sendable {
    /// The games (drafts left out unless asked for), players, nights, kinds and statistics.
    var catalog: SiteCatalog
    /// By game slug: where each scorecard's notes are, and the path to name in an error.
    var notesFiles: NotesFiles
    var renderer: SiteRenderer
    /// What each unit of the site depends on; only with a build cache.
    var dependencies: SiteDependencies?
    /// Every parse to keep for the next build (drafts too), by the fingerprint of its file's bytes.
    var parses: [Fingerprint: CachedGame]
    var drafts: Int
    var notes: [Diagnostic]
    /// What the next build of `serve` resumes from.
    var catalogMemory: CatalogMemory
    /// `Cutoff.key` of this build's inputs, when the next build may trust it (`BuildRecord.cutoff`).
    var cutoff: Fingerprint?
    /// CPU seconds spent on the years in review and the board games' seat and score figures
    /// (`BuildTimings.reviewCPU`).
    var reviewCPU = 0.0
}

/// Derive: puzzle optima, slugs, the catalog with its statistics and ratings, the renderer's
/// settings and the units' dependencies. Nothing here reads or writes a file but the solver's
/// caches.
enum Derive {
    /// `loaded`'s games and files are emptied: from here on the catalog holds the games, once.
    /// `fragments`: the parts of pages kept from the last builds (`serve`'s), with a build cache.
    static func run(
        _ loaded: inout Loaded, _ options: BuildOptions, caching: Bool, memory: CatalogMemory,
        fragments: FragmentStore? = nil, slugs: ([String]) -> [String: String]
    ) async -> Derived {
        var notes = loaded.notes
        let solverNotes = await OptimumFiller.fill(&loaded.games, options.solving)
        notes += solverNotes
        let assigned = slugs(loaded.files.map(\.relativePath))
        var games: [SiteGame] = []
        games.reserveCapacity(loaded.games.count)
        // Sized up front: `serve` makes them anew for every save.
        var notesFiles = NotesFiles(minimumCapacity: loaded.games.count)
        var fingerprints: [String: (file: Fingerprint, parse: Fingerprint)] = Dictionary(
            minimumCapacity: caching ? loaded.games.count : 0)
        var parses = [Fingerprint: CachedGame](minimumCapacity: caching ? loaded.games.count : 0)
        var drafts = 0
        for (file, game) in zip(loaded.files, loaded.games) {
            let entry =
                game.game.isDraft && !options.includesDrafts
                ? nil
                : entry(
                    game, slug: assigned[file.relativePath] ?? Slug.make(from: file.relativePath),
                    file: file.relativePath, previous: memory.games[file.relativePath])
            if let bytes = game.fileFingerprint, let parse = game.parseFingerprint, parses[bytes] == nil {
                parses[bytes] = CachedGame(
                    fileFingerprint: bytes, parseFingerprint: parse, notesCount: game.notesFile?.notesCount,
                    body: entry.map(CachedGame.Body.site) ?? .game(game.game))
            }
            guard let entry else {
                drafts += 1
                continue
            }
            if let notesFile = game.notesFile {
                notesFiles.add(slug: entry.slug, path: game.path, relativePath: entry.file, file: notesFile)
            }
            if let bytes = game.fileFingerprint, let parse = game.parseFingerprint {
                fingerprints[entry.slug] = (bytes, parse)
            }
            games.append(entry)
        }
        let paths = caching ? loaded.files.map(\.relativePath) : []
        loaded.games = []
        loaded.files = []
        let site = loaded.site
        var memory = memory
        // The board games' seat and score figures, on another core while the catalog is made.
        let filed = games.map { FiledGame($0) }
        let figuresMemory = memory.figures
        let yearsMemory = memory.years
        async let figures = cpuTimed { BoardgameFigures.make(filed, memory: figuresMemory) }
        // The years in review likewise; their rating climbs wait for the catalog's ratings.
        async let years = cpuTimed { YearInReview.unrated(filed, memory: yearsMemory) }
        let catalog = await SiteCatalog.make(
            games, statistics: site.configurationFile.configuration.statistics, memory: &memory)
        games = []
        let (plainRenderer, siteInputs) = rendering(site, options, parsing: loaded.parsing)
        var renderer = plainRenderer
        let (madeFigures, figuresCPU) = await figures
        (renderer.boardgameFigures, memory.figures) = madeFigures
        let (reviewed, yearsCPU) = await years
        memory.years = reviewed.memory
        let (rated, ratedCPU) = cpuTimed { YearInReview.rated(reviewed.reviews, catalog.statistics.ratings) }
        renderer.years = rated
        let dependencies =
            caching
            ? SiteDependencies(
                catalog, files: fingerprints, site: siteInputs, paginate: renderer.settings.paginate,
                years: renderer.years, describe: { fragments?.figures(of: $0) ?? String(describing: $0) }) : nil
        if let fragments, let dependencies {
            renderer.fragments = FragmentStore.Build(store: fragments, dependencies: dependencies, catalog: catalog)
        }
        // A solver's note is said by this stage alone: the next build must derive to say it again.
        let cutoff = caching && solverNotes.isEmpty ? Cutoff.key(site: siteInputs, paths: paths, loaded.sources) : nil
        return Derived(
            catalog: catalog, notesFiles: notesFiles, renderer: renderer, dependencies: dependencies, parses: parses,
            drafts: drafts, notes: notes, catalogMemory: memory, cutoff: cutoff,
            reviewCPU: figuresCPU + yearsCPU + ratedCPU)
    }

    /// The catalog's entry of a game: the last build's own when the game came from it, at the
    /// same file and slug, with the same puzzle optimum (the one thing this stage fills in).
    /// It then keeps its box, by which the catalog's memories know it unchanged at a glance.
    static func entry(_ loaded: LoadedGame, slug: String, file: String, previous: SiteGame?) -> SiteGame {
        if let kept = loaded.entry, kept.file.utf8.elementsEqual(file.utf8), kept.slug.utf8.elementsEqual(slug.utf8),
            optimum(of: kept.game) == optimum(of: loaded.game)
        {
            return kept
        }
        return SiteGame(game: loaded.game, slug: slug, file: file, reusing: previous)
    }

    private static func optimum(of game: Game) -> PuzzleOptimum? {
        if case .fifteen(let puzzle) = game.content { puzzle.optimum } else { nil }
    }

    /// `work`'s result and the CPU seconds it took, on the one thread it runs on (it does not suspend).
    private static func cpuTimed<T>(_ work: () -> T) -> (T, Double) {
        let start = SiteBuild.threadCPUSeconds()
        let result = work()
        return (result, SiteBuild.threadCPUSeconds() - start)
    }

    /// The renderer of the site, and the fingerprint of `inputs`.
    static func rendering(_ site: SiteInputs, _ options: BuildOptions, parsing: Fingerprint) -> (
        SiteRenderer, inputs: Fingerprint
    ) {
        let smartPunctuation = options.smartPunctuation && site.configurationFile.configuration.smartPunctuation
        var settings = site.configurationFile.settings(baseURL: options.baseURL)
        settings.cards = options.makesCards
        if settings.cardsShown { settings.cardVersion = options.cardRasterizer ?? SiteBuild.cardRasterizer }
        let renderer = SiteRenderer(
            templates: site.templates,
            markdown: Markdown(allowsUnsafeHTML: options.allowsUnsafeHTML, smartPunctuation: smartPunctuation),
            settings: settings)
        return (
            renderer, inputs(options, site, parsing: parsing, settings: settings, smartPunctuation: smartPunctuation)
        )
    }

    /// What every page depends on: the program (its version and built-in templates), the user's
    /// templates, `gamenight.yaml`, the options.
    static func inputs(
        _ options: BuildOptions, _ site: SiteInputs, parsing: Fingerprint, settings: SiteSettings,
        smartPunctuation: Bool
    ) -> Fingerprint {
        var hasher = StableHasher()
        hasher.combine(BuildCache.magic)
        hasher.combine(parsing)
        for (name, file) in site.templateFiles.sorted(by: { $0.key < $1.key }) {
            hasher.combine(name)
            hasher.combine(file.text)
        }
        hasher.combine(site.configurationFile.fingerprint.map(\.description) ?? "no gamenight.yaml")
        hasher.combine(options.allowsUnsafeHTML)
        hasher.combine(smartPunctuation)
        hasher.combine(settings.baseURL?.description ?? "")
        hasher.combine(options.includesDrafts)
        hasher.combine(settings.cardsShown)
        hasher.combine(settings.cardsShown ? settings.cardVersion : "")
        hasher.combine(String(describing: options.solving))
        return hasher.finalize()
    }
}
