public import GameDomain

/// What the layout needs to know about every page (`{{page.…}}` in templates).
struct PageInfo: Encodable {
    /// `lang` of `<html>`: `en`.
    var language: String
    /// The site's title: "GameNight" unless `gamenight.yaml` names one.
    var siteTitle: String
    /// The title `gamenight.yaml` gives, nil without one (the footer then names only GameNight).
    var siteName: String?
    /// The way back to the site's root from this page: `""`, `"../"`, or an absolute path on the 404 page.
    var root: String
    var title: String
    var description: String
    /// The page's absolute URL, only with `--base-url`.
    var canonical: String?
    /// Whether the site has a feed to link to (only with `--base-url`).
    var feed: Bool
    /// The footer's sentence, naming the site when `gamenight.yaml` gives a title.
    var footer: String
    /// Whether the page links to the calendar of nights in its head (the index).
    var calendar = false
    /// A scorecard's schema.org JSON-LD, escaped for its `<script>` element (`StructuredData`).
    var structuredData: String? = nil
    /// The page's link-preview card (`og:image`), only with cards and `--base-url`.
    var card: CardMeta? = nil
    /// Whether the header has a search box: not on the search page, which is one.
    var searchBox = true
}

/// The site-wide settings pages depend on.
public struct SiteSettings: Sendable {
    /// Absolute URL of the site's root, ending in `/`; enables the feed, the sitemap and canonical links.
    public var baseURL: BaseURL?
    public var language: SiteLanguage { texts.language }
    /// Every word of the site, in its language with `gamenight.yaml`'s overrides.
    public var texts: SiteTexts
    /// From `gamenight.yaml`; nil keeps the built-in texts.
    public var title: String?
    public var description: String?
    /// The UTC offset (`+09:00`) of a game's local date and time, for the feed's timestamps; nil
    /// reads them as UTC.
    public var utcOffset: (@Sendable (GameDate) -> String)?
    /// `ratings:` and the bowling handicap from `gamenight.yaml`.
    public var statistics = StatisticsSettings()
    /// `paginate:` from `gamenight.yaml`: items per page of a long list (`Paging`).
    public var paginate = SiteConfiguration.defaultPaginate
    /// Whether scorecards, nights, players and years get a link-preview card (`LinkCard`). Cards
    /// are made only with `baseURL`: `og:image` must be an absolute URL (`cardsShown`).
    public var cards = false
    /// What draws the cards (`CardRasterizer.identity(fonts:)`: librsvg, cairo and the font
    /// files), folded into each card's `og:image` version: new fonts draw another picture.
    public var cardVersion = ""

    /// Whether pages name a card: crawlers take `og:image` only as an absolute URL, so a site
    /// without a base URL has no cards at all rather than cards no page could point to.
    public var cardsShown: Bool { cards && baseURL != nil }

    /// `texts` defaults to the built-in texts of `language`.
    public init(
        baseURL: BaseURL? = nil, language: SiteLanguage = .en, texts: SiteTexts? = nil, title: String? = nil,
        description: String? = nil, utcOffset: (@Sendable (GameDate) -> String)? = nil
    ) {
        self.baseURL = baseURL
        self.texts = texts ?? SiteTexts(language)
        self.title = title
        self.description = description
        self.utcOffset = utcOffset
    }

    func page(_ path: String, title: String, description: String) -> PageInfo {
        let depth = path.split(separator: "/").count - 1
        let footer = self.title.map { texts.format(.footerNamed, ["site": $0]) } ?? texts[.footer]
        return PageInfo(
            language: language.rawValue, siteTitle: self.title ?? texts[.siteTitle], siteName: self.title,
            root: String(repeating: "../", count: depth),
            title: title, description: description, canonical: baseURL?.absolute(path), feed: baseURL != nil,
            footer: footer)
    }
}

/// `--base-url`: where the site will be published.
public struct BaseURL: Sendable, Hashable, CustomStringConvertible {
    /// Always ends in `/`.
    public let description: String

    /// Accepts `http://` and `https://` URLs with a host; adds the trailing `/`.
    public init?(_ text: String) {
        let lower = text.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lower.hasPrefix) else { return nil }
        let rest = text.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty, !text.contains(where: { $0.isWhitespace || "\"<>\\^`{|}#?".contains($0) }) else {
            return nil
        }
        description = text.hasSuffix("/") ? text : text + "/"
    }

    /// `https://example.org/night/` + `games/a.html`; a path in another script is percent-encoded
    /// UTF-8 (`players/%E8%8A%B1%E5%AD%90.html`), as feeds and sitemaps require.
    public func absolute(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 >= 0x80 }) else { return description + path }
        let digits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in path.utf8 {
            if byte < 0x80 {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return description + String(decoding: encoded, as: UTF8.self)
    }

    /// The URL's path (`/night/`): the 404 page is served at any depth, so it links from the root.
    public var path: String {
        let afterScheme = description.drop { $0 != "/" }.dropFirst(2)
        return String(afterScheme.drop { $0 != "/" })
    }
}
