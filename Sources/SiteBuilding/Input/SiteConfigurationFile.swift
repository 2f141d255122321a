public import Foundation
public import GameDomain
public import GameFileParsing
public import SiteRendering

/// `gamenight.yaml`, read and checked: what the parser cannot check without Foundation (the base
/// URL, time-zone names) is checked here, and reported at the place it was written.
public struct SiteConfigurationFile: Sendable {
    public var configuration = SiteConfiguration()
    public var baseURL: BaseURL?
    public var utcOffset: (@Sendable (GameDate) -> String)?
    /// The built-in texts of the site's language with its `texts:` overrides.
    public var texts = SiteTexts()
    /// The fingerprint of the file's bytes (nil without a file), for the build cache.
    var fingerprint: Fingerprint?

    /// The configuration in `source`, the defaults when there is none, or every problem in it.
    public static func load(in source: URL) -> Result<SiteConfigurationFile, GameFileErrors> {
        let url = source.appendingPathComponent(SiteConfiguration.fileName)
        let path = GameFileSelection.displayPath(SiteConfiguration.fileName, in: source)
        guard FileManager.default.fileExists(atPath: url.path) else { return .success(SiteConfigurationFile()) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(
                GameFileErrors(diagnostics: [
                    Diagnostic(
                        path: path, location: nil, message: "cannot be read: \(fileErrorText(error))",
                        hint: readRemedy(error))
                ]))
        }
        return read(data, path: path)
    }

    /// The configuration in `data`, the bytes of the file at `path`, or every problem in it.
    public static func read(_ data: Data, path: String) -> Result<SiteConfigurationFile, GameFileErrors> {
        let (configuration, parseProblems) = data.withUnsafeBytes {
            SiteConfigurationParser.readAll(bytes: $0, path: path)
        }
        guard let configuration else { return .failure(GameFileErrors(diagnostics: parseProblems)) }
        var file = SiteConfigurationFile()
        file.fingerprint = data.withUnsafeBytes(Fingerprint.of)
        file.configuration = configuration
        var problems: [Diagnostic] = []
        if let url = file.configuration.baseURL {
            file.baseURL = BaseURL(url.value)
            if file.baseURL == nil {
                problems.append(
                    Diagnostic(
                        path: path, location: url.location,
                        message:
                            "`baseURL` must be an absolute http:// or https:// URL such as https://example.org/games/, found `\(url.value)`"
                    ))
            }
        }
        if let zone = file.configuration.timeZone {
            file.utcOffset = utcOffset(zone.value)
            if file.utcOffset == nil {
                let names = TimeZone.knownTimeZoneIdentifiers
                // An abbreviation (CET, CST) may stand for several zones, so none is suggested.
                let message =
                    if TimeZone.abbreviationDictionary[zone.value.uppercased()] != nil {
                        "`timeZone` `\(zone.value)` is an abbreviation, which names no single place; write your place's zone, "
                            + "such as Europe/Berlin or America/New_York, or your offset from UTC, such as +01:00"
                    } else {
                        "unknown `timeZone` `\(zone.value)`\(suggestion(for: zone.value, among: names)); write a name such as Asia/Tokyo or an offset such as +09:00"
                    }
                problems.append(Diagnostic(path: path, location: zone.location, message: message))
            }
        }
        var overrides: [TextKey: String] = [:]
        for override in file.configuration.texts {
            let name = override.key.value
            guard let key = TextKey(rawValue: name) else {
                problems.append(
                    Diagnostic(
                        path: path, location: override.key.location,
                        message:
                            "unknown text key `\(name)` in `texts`\(suggestion(for: name, among: TextKey.allCases.map(\.rawValue))); the keys are listed in docs/TEXTS.md"
                    ))
                continue
            }
            if let problem = SiteTexts.problem(override.text.value, for: key) {
                problems.append(Diagnostic(path: path, location: override.text.location, message: problem))
            }
            overrides[key] = override.text.value
        }
        file.texts = SiteTexts(file.configuration.language, overrides: overrides)
        if parseProblems.isEmpty && problems.isEmpty { return .success(file) }
        // In the file's order; at one place, in the order found (the parser's note of errors not
        // shown comes after the last error it shows).
        let all = (parseProblems + problems).enumerated().sorted {
            ($0.element.location?.line ?? 0, $0.element.location?.column ?? 0, $0.offset) < (
                $1.element.location?.line ?? 0, $1.element.location?.column ?? 0, $1.offset
            )
        }
        return .failure(GameFileErrors(diagnostics: all.map(\.element)))
    }

    /// What the pages take from the file; `baseURL` (from `--base-url`) wins over the file's.
    public func settings(baseURL: BaseURL? = nil) -> SiteSettings {
        var settings = SiteSettings(
            baseURL: baseURL ?? self.baseURL, texts: texts, title: configuration.title,
            description: configuration.description, utcOffset: utcOffset)
        settings.statistics = configuration.statistics
        settings.paginate = configuration.paginate
        return settings
    }

    /// The offset of a game's local time in `zone`: a fixed `±HH:MM` (or `Z`), or an IANA name,
    /// whose offset depends on the date (summer time).
    static func utcOffset(_ zone: String) -> (@Sendable (GameDate) -> String)? {
        if zone == "Z" || zone == "UTC" || zone == "GMT" { return { _ in "Z" } }
        if let fixed = GameDate("2000-01-01T00:00" + zone), fixed.text.count == 22 { return { _ in zone } }
        guard zone.contains("/"), let timeZone = TimeZone(identifier: zone) else { return nil }
        return { date in
            let text = Array(date.text.utf8)
            func number(_ range: Range<Int>) -> Int? {
                range.upperBound <= text.count ? Int(String(decoding: text[range], as: UTF8.self)) : nil
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let components = DateComponents(
                year: number(0..<4), month: number(5..<7), day: number(8..<10),
                hour: number(11..<13) ?? 0, minute: number(14..<16) ?? 0)
            let seconds = calendar.date(from: components).map(timeZone.secondsFromGMT(for:)) ?? 0
            let sign = seconds < 0 ? "-" : "+"
            let minutes = abs(seconds) / 60
            return sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
        }
    }
}
