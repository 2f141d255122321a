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

    public init() {}
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

/// The languages a site can be written in. A language is listed here once it has a name; it
/// is accepted once its texts exist (`hasTexts`).
public enum SiteLanguage: String, CaseIterable, Sendable, Hashable {
    case en
    case ja

    /// Whether every text of the site exists in this language.
    public var hasTexts: Bool {
        switch self {
        case .en: true
        case .ja: false
        }
    }
}
