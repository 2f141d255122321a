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
        let publication = try Publication(options)
        do {
            var summary = try await run(options, into: publication, started: started)
            summary.previousSite = publication.settle(summary.previousSite)
            return summary
        } catch {
            publication.giveBack()
            throw error
        }
    }

    private static func run(_ options: BuildOptions, into publication: Publication, started: ContinuousClock.Instant) async throws(BuildError) -> BuildSummary {
        var timings = BuildTimings(), phase = started
        let memory = options.memory
        let cache = options.cacheDirectory.map { BuildCache(directory: $0, source: options.source, output: options.output) }
        // The recycled folder is listed while the games are read: it depends on nothing in them.
        async let recycled = publication.listRecycled()

        var (loaded, previousUnits, notes) = try await findAndLoad(options, cache: cache, timings: &timings, phase: &phase)

        let derived = await Derive.run(&loaded, options, caching: cache != nil,
                                       memory: memory?.catalogMemory ?? CatalogMemory(remembering: false),
                                       slugs: { memory?.slugs(for: $0) ?? Slug.assign($0) },
                                       parsed: memory?.parsedGames(parsing: loaded.parsing) ?? [:])
        memory?.catalogMemory = derived.catalogMemory
        if let dependencies = derived.dependencies { memory?.keep(parsedGames: dependencies.parsed, parsing: loaded.parsing) }
        timings.end("derive", since: &phase)

        let staging = try publication.stage(listed: await recycled)
        let written: Written
        do {
            written = try await Render.run(derived, into: staging, measuringLinks: options.measuresTimings, progress: options.progress,
                                           previous: previousUnits)
        } catch {
            publication.discard(staging)
            throw .io("cannot write the site to \(options.output.path): \(fileErrorText(error))")
        }
        timings.end("render", since: &phase)

        let checkStart = options.measuresTimings ? threadCPUSeconds() : 0
        let previousSite = try Publish.run(written, staging, derived, site: loaded.site, to: publication)
        if options.measuresTimings { timings.linkCheckCPU = written.linkCPU + threadCPUSeconds() - checkStart }
        timings.end("publish", since: &phase)

        if let cache {
            if let note = Remember.run(cache, loaded, derived, written, memory: memory) { notes.append(note) }
            timings.end("remember", since: &phase)
        }
        let leftOut = written.leftOut.sorted { $0.path < $1.path }
        let seconds: Double = (ContinuousClock.now - started) / .seconds(1)
        return BuildSummary(games: derived.catalog.games.count, pages: written.pages, drafts: derived.drafts, seconds: seconds,
                            rendered: written.rendered, reused: written.reused, gameFilesRead: loaded.filesRead, previousSite: previousSite,
                            notes: notes + derived.notes + leftOut, timings: timings, basePath: derived.renderer.settings.baseURL?.path ?? "/")
    }

    /// Find, recall and load. Apart from `run` because an async function keeps its locals until
    /// it returns: the listing and the last build's decoded games are freed here, before the
    /// site is rendered. Only the last build's units go on, to the render stage.
    private static func findAndLoad(_ options: BuildOptions, cache: BuildCache?, timings: inout BuildTimings, phase: inout ContinuousClock.Instant)
        async throws(BuildError) -> (Loaded, previousUnits: [String: CachedUnit], notes: [Diagnostic]) {
        let memory = options.memory
        let found = try Find.run(options, known: memory?.listing(of: options.source.path))
        memory?.keep(found.listing, of: options.source.path)
        timings.end("find", since: &phase)

        let recalled = cache.map { Remember.recall($0, options) }
        if cache != nil { timings.end("recall", since: &phase) }

        let loaded = try await Load.run(found, options, caching: cache != nil, previous: recalled?.record)
        timings.end("load", since: &phase)
        return (loaded, recalled?.record?.units ?? [:], recalled?.note.map { [$0] } ?? [])
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
