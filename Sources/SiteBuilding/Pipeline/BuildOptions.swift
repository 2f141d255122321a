import CardRasterizing
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
    /// Link-preview cards (`og:image`) for scorecards, nights, players and years; off with
    /// `--no-cards`. Made only with a base URL (`SiteSettings.cardsShown`).
    public var makesCards = true
    /// A card's SVG bytes to its PNG bytes: librsvg; tests count the cards drawn through it.
    var drawCard: @Sendable ([UInt8]) throws -> [UInt8] = { svg in
        try CardRasterizer.png(svg: svg, width: LinkCard.width, height: LinkCard.height)
    }
    /// What draws the cards (`CardRasterizer.identity(fonts:)`), found when first needed if nil;
    /// tests name one, so that snapshots do not depend on the machine's fonts ("" adds nothing
    /// to a card's version).
    var cardRasterizer: String?
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
    /// Tests only: called after each stage with its name, to change the sources mid-build.
    var afterStage: (@Sendable (_ stage: String) async -> Void)?
    /// `serve`: the last build's record, in memory. The new record is kept there instead of
    /// being written, and `BuildMemory.save()` writes it once the reload is sent.
    public var memory: BuildMemory?
    /// What the user does to build again, ending the remedies of errors ("free some space on
    /// that disk and build again"): `serve` builds when a file is saved, so it says "save a file".
    public var rebuildAction = "build"
    /// Told at once of what cannot wait for the summary's notes: that the build waits for
    /// another build of the same output (`SiteLock`).
    public var notice: (@Sendable (Diagnostic) -> Void)?
    /// Called from any thread as files are written: (files written, files in all).
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    public init(source: URL, output: URL, templates: URL? = nil) {
        self.source = source
        self.output = output
        self.templates = templates
    }
}
