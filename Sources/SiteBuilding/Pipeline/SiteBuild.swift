import CardRasterizing
import Foundation
import GameDomain
import SiteRendering

/// The build, as the list of its stages: find → load → derive → render → publish → remember.
/// Each stage is a function from the values the stages before it made to a value of its own
/// (`Stages/`). State that outlives a build (`serve`'s `BuildMemory`, the cache file) is read
/// and kept here, between the stages, and nowhere else. Any input error stops the build before
/// anything is published, after every error of every file has been collected.
public enum SiteBuild {
    /// GameNight's version, printed by `--version`.
    public static let version = "0.2.0"

    public static func run(_ options: BuildOptions) async throws(BuildError) -> BuildSummary {
        let started = ContinuousClock.now
        try Publication.checkSource(options)
        return try await SiteLock.holding(options) { () async throws(BuildError) -> BuildSummary in
            let publication = try Publication(options)
            do throws(BuildError) {
                var summary = try await run(options, into: publication, started: started)
                let settled = publication.settle(summary.previousSite)
                summary.previousSite = settled.previous
                if let note = settled.note { summary.notes.append(note) }
                return summary
            } catch {
                publication.giveBack()
                throw error
            }
        }
    }

    private static func run(_ options: BuildOptions, into publication: Publication, started: ContinuousClock.Instant)
        async throws(BuildError) -> BuildSummary
    {
        var timings = BuildTimings()
        var phase = started
        let memory = options.memory
        let cache = options.cacheDirectory.map {
            BuildCache(directory: $0, source: options.source, output: options.output)
        }
        let cards = CardCache(
            directory: options.cacheDirectory, source: options.source, output: options.output,
            reads: options.readsCache,
            rasterizer: options.cardRasterizer, draw: options.drawCard)
        // The recycled folder is listed while the games are read: it depends on nothing in them.
        let recycled = Task { publication.listRecycled() }

        var loaded: Loaded
        let previousUnits: [String: CachedUnit]
        let staged: SiteStaging?
        let listed: (sources: [String], units: [String])
        var notes: [Diagnostic]
        switch try await findAndLoad(
            options, cache: cache, cards: cards, publication: publication, recycled: recycled, timings: &timings,
            phase: &phase)
        {
        case .reused(let written, let plan, let staging, let reusedNotes, let base):
            await options.afterStage?("render")
            let checkStart = options.measuresTimings ? threadCPUSeconds() : 0
            let previousSite = try Publish.run(
                written, staging, notesFiles: plan.notesFiles, site: plan.site, to: publication)
            if options.measuresTimings { timings.linkCheckCPU = written.linkCPU + threadCPUSeconds() - checkStart }
            timings.end("publish", since: &phase)
            await options.afterStage?("publish")
            notes = reusedNotes
            if let cache {
                var record = plan.record
                record.units.merge(written.units) { _, rendered in rendered }
                if plan.renderer.settings.cardsShown {
                    cards.prune(sitePaths: record.units.values.lazy.flatMap(\.files).map(\.path))
                }
                if plan.recordChanged || memory != nil {
                    if let note = Remember.keep(record, cache, memory: memory, since: base) { notes.append(note) }
                } else {
                    cache.touch()
                }
                timings.end("remember", since: &phase)
            }
            var built = summary(plan, written, previousSite, notes, timings, started)
            built.cardsDrawn = cards.drawnCount
            return built
        case .load(let games, let previous, let loadNotes, let staging):
            (loaded, previousUnits, listed, notes, staged) = (
                games, previous?.units ?? [:], previous?.listed ?? ([], []), loadNotes, staging
            )
        }
        let derived = await Derive.run(
            &loaded, options, caching: cache != nil,
            memory: memory?.catalogMemory ?? CatalogMemory(remembering: false), fragments: memory?.fragments,
            slugs: { memory?.slugs(for: $0) ?? Slug.assign($0) })
        memory?.catalogMemory = derived.catalogMemory
        if options.measuresTimings { timings.reviewCPU = derived.reviewCPU }
        timings.end("derive", since: &phase)

        let staging: SiteStaging
        if let staged { staging = staged } else { staging = try publication.stage(listed: await recycled.value) }
        let written: Written
        do {
            written = try await Render.run(
                derived, into: staging, measuringLinks: options.measuresTimings, progress: options.progress,
                previous: previousUnits, cards: cards)
        } catch {
            publication.discard(staging)
            throw .io(
                "cannot write the site to \(options.output.path) (the published site is unchanged): \(writeErrorText(error, again: options.rebuildAction))"
            )
        }
        timings.end("render", since: &phase)
        await options.afterStage?("render")

        let checkStart = options.measuresTimings ? threadCPUSeconds() : 0
        let previousSite = try Publish.run(
            written, staging, notesFiles: derived.notesFiles, site: loaded.site, to: publication)
        if options.measuresTimings { timings.linkCheckCPU = written.linkCPU + threadCPUSeconds() - checkStart }
        timings.end("publish", since: &phase)
        await options.afterStage?("publish")

        // Before the cache: a failed write of the cards' record is then followed by the cache's,
        // whose note says why.
        if derived.renderer.settings.cardsShown {
            cards.prune(sitePaths: written.units.values.lazy.flatMap(\.files).map(\.path))
        }
        if let cache {
            if let note = Remember.run(cache, loaded, derived, written, memory: memory, listed: listed) {
                notes.append(note)
            }
            timings.end("remember", since: &phase)
        }
        let leftOut = written.leftOut.sorted { $0.path < $1.path }
        let seconds: Double = (ContinuousClock.now - started) / .seconds(1)
        var summary = BuildSummary(
            games: derived.catalog.games.count, pages: written.pages, drafts: derived.drafts, seconds: seconds,
            rendered: written.rendered, reused: written.reused, gameFilesRead: loaded.filesRead,
            gamesDerived: derived.catalog.games.count + derived.drafts, previousSite: previousSite,
            notes: notes + derived.notes + leftOut, timings: timings,
            basePath: derived.renderer.settings.baseURL?.path ?? "/")
        summary.cardsDrawn = cards.drawnCount
        return summary
    }

    /// What draws the cards, asked of fontconfig when a card is first needed (27 ms, not spent by
    /// builds without cards) and once per process: pango, in the same process, does not see
    /// fonts installed after it started either. The next build sees new fonts.
    static let cardRasterizer = CardRasterizer.identity(fonts: [LinkCard.fontFamilies.ja, LinkCard.fontFamilies.other])

    /// What a build that derived nothing (`Cutoff`) made.
    private static func summary(
        _ plan: Cutoff.Plan, _ written: Written, _ previousSite: URL?, _ notes: [Diagnostic], _ timings: BuildTimings,
        _ started: ContinuousClock.Instant
    ) -> BuildSummary {
        let seconds: Double = (ContinuousClock.now - started) / .seconds(1)
        return BuildSummary(
            games: plan.record.units.values.count { $0.scorecard != nil }, pages: written.pages,
            drafts: plan.record.drafts,
            seconds: seconds, rendered: written.rendered, reused: written.reused, gameFilesRead: plan.filesRead,
            previousSite: previousSite, notes: notes + written.leftOut.sorted { $0.path < $1.path }, timings: timings,
            basePath: plan.renderer.settings.baseURL?.path ?? "/")
    }

    /// How the build goes on after finding: built without deriving (`Cutoff`), or with the games
    /// loaded, to derive (and a staging folder, when a build without deriving was tried).
    private enum Start {
        /// `base`: the last build's record, which the plan's brings up to date.
        case reused(Written, Cutoff.Plan, SiteStaging, notes: [Diagnostic], base: BuildRecord)
        case load(Loaded, previous: BuildRecord?, notes: [Diagnostic], staging: SiteStaging?)
    }

    /// Find, recall, and either cut off or load. Apart from `run` because an async function keeps
    /// its locals until it returns: the listing and the last build's record are freed here,
    /// before the site is rendered. Only the last build's units (and keys) go on.
    private static func findAndLoad(
        _ options: BuildOptions, cache: BuildCache?, cards: CardCache, publication: Publication,
        recycled: Task<SiteStaging?, Never>,
        timings: inout BuildTimings, phase: inout ContinuousClock.Instant
    ) async throws(BuildError) -> Start {
        let memory = options.memory
        // The last build's record is read on another core while the games are found: neither
        // needs the other, and together they were half of a one-file rebuild.
        async let recall = cache.map { Remember.recall($0, options) }
        let found = try Find.run(options, known: memory?.listing(of: options.source.path))
        memory?.keep(found.listing, of: options.source.path)
        timings.end("find", since: &phase)
        await options.afterStage?("find")

        let recalled = await recall
        if cache != nil { timings.end("recall", since: &phase) }
        let notes = found.notes + (recalled?.note.map { [$0] } ?? [])

        var staging: SiteStaging?
        if let record = recalled?.record, let plan = await Cutoff.plan(found, options, record: record) {
            timings.end("cutoff", since: &phase)
            let ready = try publication.stage(listed: await recycled.value)
            staging = ready
            do {
                if let written = try await Cutoff.render(
                    plan, into: ready, measuringLinks: options.measuresTimings, progress: options.progress, cards: cards
                ) {
                    timings.end("render", since: &phase)
                    return .reused(written, plan, ready, notes: notes, base: record)
                }
            } catch {
                publication.discard(ready)
                throw .io(
                    "cannot write the site to \(options.output.path) (the published site is unchanged): \(writeErrorText(error, again: options.rebuildAction))"
                )
            }
        }

        let loaded = try await Load.run(found, options, caching: cache != nil, previous: recalled?.record)
        timings.end("load", since: &phase)
        await options.afterStage?("load")
        var previous = recalled?.record
        previous?.games = [:]
        previous?.sources = [:]
        return .load(loaded, previous: previous, notes: recalled?.note.map { [$0] } ?? [], staging: staging)
    }

    /// Now, in nanoseconds since 1970: the clock file times are stamped with.
    static func wallClockNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.wrappingNanoseconds
    }

    /// The calling thread's CPU time. Links are recorded between suspension points, so each
    /// measured stretch runs on one thread.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
