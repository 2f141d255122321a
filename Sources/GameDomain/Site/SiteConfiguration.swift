/// `gamenight.yaml` at the root of the source folder: the settings of the site as a whole.
/// Every field has the value a site without the file gets.
public struct SiteConfiguration: Sendable, Hashable {
    /// The file's name in the source folder.
    public static let fileName = "gamenight.yaml"

    public var title: String?
    /// The index's meta description and the feed's subtitle.
    public var description: String?
    /// As written, with its place: a URL is checked where `BaseURL` lives (SiteRendering).
    public var baseURL: Located<String>?
    public var language: SiteLanguage = .en
    /// As written (`Asia/Tokyo`, `+09:00`), with its place: names are checked against the
    /// system's time-zone database when the site is built.
    public var timeZone: Located<String>?
    /// `markdown: {smartPunctuation: false}` keeps straight quotes and `--` in notes.
    public var smartPunctuation = true
    /// `texts:`, the site's own wording by key, as written: keys and placeholders are checked
    /// where the texts live (SiteRendering's `TextKey`).
    public var texts: [TextOverride] = []
    /// `ratings:` and `bowling: {handicap:}`.
    public var statistics = StatisticsSettings()
    /// `paginate:` nights or games per page of a long list (the nights, a kind's, a board
    /// game's or a player's games), as Hugo's `paginate`.
    public var paginate = SiteConfiguration.defaultPaginate
    public static let defaultPaginate = 50

    public init() {}
}

/// One `key: text` line of `texts:`.
public struct TextOverride: Sendable, Hashable {
    public var key: Located<String>
    public var text: Located<String>

    public init(key: Located<String>, text: Located<String>) {
        self.key = key
        self.text = text
    }
}

/// A value read from an input file with the place it was written, for a later check's error.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

/// The languages whose texts are built in (SiteRendering's `TextKey`).
public enum SiteLanguage: String, CaseIterable, Sendable, Hashable {
    case en
    case ja
}
