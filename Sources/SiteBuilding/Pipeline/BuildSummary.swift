public import Foundation
public import GameDomain

/// What a build made, for the command to print.
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
    /// Games the derive stage went through: none when the catalog was the last build's (`Cutoff`).
    public var gamesDerived = 0
    /// The folder holding the previous site, still to remove; only with `BuildOptions.keepsPreviousSite`.
    public var previousSite: URL?
    /// Things worth knowing that did not stop the build (e.g. optima not computed).
    public var notes: [Diagnostic] = []
    public var timings = BuildTimings()
    /// The path of the site's base URL (`/games/` for `https://example.org/games/`), `/` without one.
    public var basePath = "/"
    /// Link-preview cards drawn by this build; the others were the last build's, or taken from
    /// the cache's folder of cards (`CardCache`).
    public var cardsDrawn = 0
}

/// Where a build's time went (`gamenight build --timings`).
public struct BuildTimings: Sendable, Hashable {
    /// Wall-clock seconds of each phase, in order.
    public var phases: [Phase] = []
    /// CPU seconds spent finding and checking links, summed over the threads; nil unless
    /// `BuildOptions.measuresTimings`. Most of it is spent while pages are written.
    public var linkCheckCPU: Double?
    /// CPU seconds spent computing the years in review and the board games' seat and score
    /// figures; nil unless `BuildOptions.measuresTimings`.
    public var reviewCPU: Double?

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
        return phases.map {
            $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + String(format: "  %6.3f s", $0.seconds)
        }
    }
}
