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
    static func run(_ derived: Derived, into staging: SiteStaging, measuringLinks: Bool, progress: (@Sendable (Int, Int) -> Void)?,
                    previous: [String: CachedUnit]) async throws -> Written {
        let catalog = derived.catalog, renderer = derived.renderer, notes = derived.notesFiles, dependencies = derived.dependencies
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
                        let linkStart = measuringLinks ? SiteBuild.threadCPUSeconds() : 0
                        for file in files { links.record(file, template: template) }
                        if measuringLinks { linkCPU += SiteBuild.threadCPUSeconds() - linkStart }
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
                let mergeStart = measuringLinks ? SiteBuild.threadCPUSeconds() : 0
                all.links.merge(&part.links)
                if measuringLinks { all.linkCPU += part.linkCPU + SiteBuild.threadCPUSeconds() - mergeStart }
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
}

/// What the render stage did: the HTML pages written, the notes that could not be read back, the
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

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
