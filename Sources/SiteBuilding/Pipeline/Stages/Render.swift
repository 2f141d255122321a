import Foundation
import GameDomain
import SiteRendering

/// Render: every unit of the site (a game's scorecard and images, a catalog page, the
/// stylesheet) to bytes, streamed into the staging folder; a unit whose inputs did not change
/// since the last build is linked from it instead.
enum Render {
    /// Renders every file on all cores and streams it to disk, so memory holds the catalog and
    /// one page per core, never the whole site. Each scorecard's notes are read back from
    /// `notes` (by slug) as it is rendered; a file that can no longer give them is a problem
    /// returned, after the other pages are written. The links of every page are recorded as it
    /// is written, to be checked once all files are.
    static func run(
        _ derived: Derived, into staging: SiteStaging, measuringLinks: Bool, progress: (@Sendable (Int, Int) -> Void)?,
        previous: [String: CachedUnit], cards: CardCache
    ) async throws -> Written {
        let catalog = derived.catalog
        let renderer = derived.renderer
        let notes = derived.notesFiles
        let dependencies = derived.dependencies
        // Workers take the next item as they finish one, the kind pages (the biggest) first: a
        // rebuild that renders a dozen parts is not left waiting on one worker.
        let pages = renderer.pages(catalog)
        let isKind: (CatalogPage) -> Bool = { if case .kind = $0 { true } else { false } }
        let items =
            (pages.filter(isKind) + pages.filter { !isKind($0) }).map(WorkItem.page)
            + catalog.games.indices.map(WorkItem.game) + [.stylesheet]
        let rootPath = renderer.settings.baseURL?.path ?? "/"
        // Every scorecard is written, or its problem stops the build before the links are
        // checked: recorded first, the links to them need not be kept.
        let links = LinkCheck.Shared(rootPath: rootPath, files: 2 * items.count)
        for game in catalog.games { links.record(unread: SiteCatalog.path(of: game)) }
        return try await share(
            items.count, into: staging, rootPath: rootPath,
            measuringLinks: measuringLinks,
            progress: progress, cards: cards, links: links
        ) { next, worker in
            let item = items[next]
            let unit = dependencies?.unit(item, in: catalog)
            // Unchanged inputs: the previous build's files, if they are still as it left them.
            if let unit, let cached = previous[unit.id], cached.inputs == unit.inputs,
                worker.reuse(cached, as: unit.id, pages: item.pages)
            {
                return
            }
            switch item {
            case .game(let index):
                let entry = catalog.games[index]
                let changes = renderer.ratingChanges(of: entry, in: catalog)
                let memo = unit.flatMap { unit in
                    unit.context.map {
                        ScorecardMemo(file: entry.file, slug: entry.slug, context: $0, ratingChanges: changes)
                    }
                }
                try worker.scorecard(
                    entry, ratingChanges: changes, notes: notes[entry.slug], renderer: renderer,
                    unit: unit.map { ($0.id, $0.inputs, memo) })
            case .page(let page):
                var files = [try renderer.render(page, catalog)]
                if let card = renderer.card(for: page, catalog) {
                    files.append(try worker.cards.file(for: card, page: files[0].path))
                }
                try worker.write(
                    files, template: page.template, pages: item.pages, unit: unit.map { ($0.id, $0.inputs, nil) })
            case .stylesheet:
                try worker.write(
                    [renderer.stylesheet], template: nil, pages: 0, unit: unit.map { ($0.id, $0.inputs, nil) })
            }
        }
    }

    /// Renders `count` jobs on all cores and streams their files to disk, so memory holds the
    /// catalog and one page per core, never the whole site. Workers take the next job as they
    /// finish one. A job's `Diagnostic` (a page over the output budget, a tag that cannot render,
    /// notes that can no longer be read) is collected, and the other jobs go on: nothing is
    /// published then. Any other error (a file that cannot be written) ends the stage. `links`: a
    /// check that may hold files already (a new one otherwise).
    static func share(
        _ count: Int, into staging: SiteStaging, rootPath: String, measuringLinks: Bool,
        progress: (@Sendable (Int, Int) -> Void)?,
        cards: CardCache, links: LinkCheck.Shared? = nil,
        _ job: @escaping @Sendable (Int, inout RenderWorker) throws -> Void
    ) async throws -> Written {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let counter = Counter()
        let taken = Counter()
        let links = links ?? LinkCheck.Shared(rootPath: rootPath, files: 2 * count)
        return try await withThrowingTaskGroup(of: Written.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    // Room for each worker's share of the files (about two a unit) and units.
                    var worker = RenderWorker(
                        staging: staging, measuringLinks: measuringLinks, cards: cards,
                        written: Written(links: links))
                    defer { if worker.previousFolder >= 0 { close(worker.previousFolder) } }
                    worker.written.units.reserveCapacity(count / workers)
                    while true {
                        let next = taken.increment() - 1
                        guard next < count else { break }
                        try Task.checkCancellation()
                        do {
                            try job(next, &worker)
                        } catch let problem as Diagnostic {
                            worker.written.problems.append(problem)
                            continue
                        }
                        if let progress { progress(counter.increment(), count) }
                    }
                    return worker.written
                }
            }
            return try await group.reduce(into: Written(links: links)) { all, part in
                var part = part
                all.pages += part.pages
                all.problems += part.problems
                all.linkCPU += part.linkCPU
                // Each unit is one worker's: the smaller dictionary goes into the larger.
                if all.units.count < part.units.count { swap(&all.units, &part.units) }
                all.units.merge(part.units) { first, _ in first }
                all.rendered += part.rendered
                all.reused += part.reused
                all.unreusable += part.unreusable
                all.present += part.present
                all.leftOut += part.leftOut
            }
        }
    }

    /// Whether notes can hold what cmark's safe mode leaves out: a `<` (raw HTML) or an address
    /// of a scheme it drops. A look at the notes' bytes spares searching every scorecard (with
    /// Foundation's `contains`, a third of a 10,000-game build's CPU).
    static func mayLoseMarkup(_ notes: String) -> Bool {
        var notes = notes
        return notes.withUTF8 { bytes in
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "<"): return true
                // A scheme ends at its colon; cmark compares schemes ignoring ASCII case.
                case UInt8(ascii: ":"):
                    if droppedSchemes.contains(where: { Self.bytes(bytes[..<index], endWith: $0) }) { return true }
                default: continue
                }
            }
            return false
        }
    }

    private static let droppedSchemes = ["javascript", "vbscript", "file"].map { Array($0.utf8) }

    /// Whether `text` ends with `suffix` (lowercase ASCII letters), ignoring ASCII case.
    private static func bytes(_ text: UnsafeBufferPointer<UInt8>.SubSequence, endWith suffix: [UInt8]) -> Bool {
        guard text.count >= suffix.count else { return false }
        return zip(text.suffix(suffix.count), suffix).allSatisfy { $0 | 0x20 == $1 }
    }

    /// A note for a scorecard whose notes lost raw HTML or a link to cmark's safe mode (its
    /// marks in `page`): the page differs from the file, and the user should know.
    static func leftOut(in page: String, path: String) -> [Diagnostic] {
        var what: [String] = []
        if page.contains("<!-- raw HTML omitted -->") { what.append("raw HTML") }
        if page.contains("<a href=\"\">") || page.contains("<img src=\"\"") {
            what.append("a javascript:, vbscript: or file: address")
        }
        guard !what.isEmpty else { return [] }
        return [
            Diagnostic(
                path: path, location: nil, severity: .note,
                message: what.joined(separator: " and ") + " in the notes was left out of the page",
                hint: "--unsafe-html lets it through, for notes you trust")
        ]
    }
}

/// What the render stage did: the HTML pages written, the notes that could not be read back, the
/// links (and the CPU seconds spent on them, when measured), and each unit's inputs and files
/// for the build cache.
struct Written: Sendable {
    var pages = 0
    var problems: [Diagnostic] = []
    var links: LinkCheck.Shared
    var linkCPU = 0.0
    var units: [String: CachedUnit] = [:]
    var rendered = 0
    var reused = 0
    /// Units to reuse whose files were no longer as the last build left them (`Cutoff` only).
    var unreusable = 0
    /// The new site's files already in the recycled folder it is staged into, by their index
    /// there (`SiteStaging.existing`); only with one.
    var present: [Int] = []
    /// Notes whose raw HTML or unsafe links cmark left out, among the scorecards rendered.
    var leftOut: [Diagnostic] = []
}

/// One worker of the render stage, and what it wrote.
struct RenderWorker {
    let staging: SiteStaging
    let measuringLinks: Bool
    /// Draws the pages' link-preview cards, or takes them from the cache folder.
    let cards: CardCache
    var written: Written
    /// `SiteStaging.openPrevious()`, for this worker's reuse checks.
    let previousFolder: Int32

    init(staging: SiteStaging, measuringLinks: Bool, cards: CardCache, written: Written) {
        self.staging = staging
        self.measuringLinks = measuringLinks
        self.cards = cards
        self.written = written
        previousFolder = staging.openPrevious()
    }

    /// Links a unit's files from the previous build when they are still as it left them.
    /// `recording: false` leaves it out of `written.units`, for a caller that keeps the last
    /// build's units and adds only the ones rendered (`Cutoff`).
    mutating func reuse(_ cached: CachedUnit, as id: String, pages: Int, recording: Bool = true) -> Bool {
        guard cached.files.allSatisfy({ staging.reuse($0, previousFolder: previousFolder) }) else { return false }
        written.links.record(unread: cached.files.map(\.path))
        if staging.recycled { count(cached.files.map(\.path)) }
        if recording { written.units[id] = cached }
        written.reused += 1
        written.pages += pages
        return true
    }

    /// Writes a unit's files and records their links; `unit`: its id, inputs and memo, for the cache.
    mutating func write(
        _ files: [SiteFile], template: String?, pages: Int,
        unit: (id: String, inputs: Fingerprint, memo: ScorecardMemo?)?
    ) throws {
        var stamps: [FileStamp] = []
        for file in files { stamps.append(try staging.write(file)) }
        if staging.recycled { count(files.map(\.path)) }
        let linkStart = measuringLinks ? SiteBuild.threadCPUSeconds() : 0
        written.links.record(files, template: template)
        if measuringLinks { written.linkCPU += SiteBuild.threadCPUSeconds() - linkStart }
        written.pages += pages
        written.rendered += 1
        if let unit { written.units[unit.id] = CachedUnit(inputs: unit.inputs, files: stamps, scorecard: unit.memo) }
    }

    /// A game's scorecard and images, its notes read back from their file.
    mutating func scorecard(
        _ entry: SiteGame, ratingChanges: [RatingChangeView], notes: (path: String, file: NotesFile)?,
        renderer: SiteRenderer,
        unit: (id: String, inputs: Fingerprint, memo: ScorecardMemo?)?
    ) throws {
        var entry = entry
        if let notes { entry.setNotes(try notes.file.read(path: notes.path).get()) }
        var files = try renderer.files(for: entry, ratingChanges: ratingChanges)
        if let card = renderer.card(for: entry), let page = files.first {
            files.append(try cards.file(for: card, page: page.path))
        }
        if !renderer.markdown.allowsUnsafeHTML, Render.mayLoseMarkup(entry.game.notes), let page = files.first {
            written.leftOut += Render.leftOut(in: page.contents, path: notes?.path ?? entry.file)
        }
        try write(files, template: "scorecard", pages: 1, unit: unit)
    }

    /// The new site's files already in the recycled folder (`Written.present`).
    private mutating func count(_ paths: [String]) {
        for path in paths { if let file = staging.existing[path] { written.present.append(file.index) } }
    }
}

/// One unit of `Render.run`'s work: a game's scorecard and images, a catalog page, or the
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

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
