public import ArgumentParser
public import SiteBuilding

/// The flags `gamenight build` and `gamenight serve` share, with the same names and help, so
/// the two commands cannot drift apart. Each command keeps the flags whose help differs
/// (`--out`, `--templates`, `--base-url`, `--solve-seconds`).
public struct SiteBuildFlags: ParsableArguments {
    @Flag(help: "Let raw HTML and javascript: links in notes through. Only for notes you trust.")
    public var unsafeHTML = false

    @Flag(
        name: .customLong("smart-punctuation"), inversion: .prefixedNo,
        help: "Curly quotes, dashes and ellipses for straight quotes, -- and ... in notes.")
    public var smartPunctuation = true

    @Flag(help: "Replace --out even if it is a non-empty folder that gamenight did not write.")
    public var force = false

    @Flag(help: "Include games marked `draft: true`.")
    public var drafts = false

    @Flag(
        name: .customLong("cards"), inversion: .prefixedNo,
        help:
            "Link-preview cards (og:image, 1200 by 630 PNG) for scorecards, nights, players and years; made only with --base-url."
    )
    public var cards = true

    public init() {}

    /// Sets these flags' parts of a build.
    public func apply(to options: inout BuildOptions) {
        options.allowsUnsafeHTML = unsafeHTML
        options.smartPunctuation = smartPunctuation
        options.force = force
        options.includesDrafts = drafts
        options.makesCards = cards
    }
}
