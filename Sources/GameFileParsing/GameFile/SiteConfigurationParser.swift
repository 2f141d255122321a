public import GameDomain

/// Reads `gamenight.yaml` with the game files' YAML reader: the same located errors, the same
/// did-you-mean for unknown keys.
public enum SiteConfigurationParser {
    static let keys = [
        "title", "description", "baseURL", "language", "timeZone", "markdown", "texts", "ratings", "bowling",
        "paginate",
    ]
    static let markdownKeys = ["smartPunctuation"]
    static let ratingsKeys = ["enabled", "minimumGames", "perBoardgameMinimum"]
    static let bowlingKeys = ["handicap"]
    static let handicapKeys = ["basis", "percentage"]

    public static func parse(_ text: String, path: String) -> Result<SiteConfiguration, GameFileErrors> {
        let (configuration, diagnostics) = readAll(text, path: path)
        if let configuration, diagnostics.isEmpty { return .success(configuration) }
        return .failure(GameFileErrors(diagnostics: diagnostics))
    }

    /// What could be read beside every problem found, so that the build checks what was read
    /// (the base URL, the time zone, the texts) and one run reports all of the file's problems.
    public static func readAll(_ text: String, path: String) -> (
        configuration: SiteConfiguration?, diagnostics: [Diagnostic]
    ) {
        var reader = GameFileReader(path: path, limits: GameFileLimits())
        let configuration = read(text, reader: &reader)
        return (configuration, reader.report)
    }

    static func read(_ text: String, reader: inout GameFileReader) -> SiteConfiguration? {
        var configuration = SiteConfiguration()
        let root: YAMLNode
        switch YAMLNode.parse(text, firstLine: 1) {
        case .success(let node?): root = node
        case .success(nil): return configuration
        case .failure(let error):
            // The YAML reader's messages speak of game files' front matter.
            reader.fail(
                at: error.location, error.message.replacing("the front matter", with: SiteConfiguration.fileName))
            return nil
        }
        guard let fields = reader.fields(of: root, allowed: keys, in: SiteConfiguration.fileName) else { return nil }
        configuration.title = fields["title"].flatMap { reader.text($0, "`title`") }
        configuration.description = fields["description"].flatMap { reader.text($0, "`description`") }
        if let node = fields["baseURL"], let url = reader.text(node, "`baseURL`") {
            configuration.baseURL = Located(url, at: node.location)
        }
        if let node = fields["timeZone"], let zone = reader.text(node, "`timeZone`") {
            configuration.timeZone = Located(zone, at: node.location)
        }
        if let node = fields["language"], let language = reader.choice(node, "language", as: SiteLanguage.self) {
            configuration.language = language
        }
        if let node = fields["texts"] {
            if let pairs = node.pairs {
                for (key, value) in pairs {
                    // Spaces count in texts (`listLast: " and "`), so they are kept as written.
                    guard let name = key.scalar else {
                        reader.fail(key, "`texts` has a key that is not plain text")
                        continue
                    }
                    guard let text = value.scalar, !value.isNull else {
                        reader.fail(
                            value, "`texts: \(name)` must be text, found \(value.isNull ? "nothing" : value.summary)")
                        continue
                    }
                    configuration.texts.append(
                        TextOverride(key: Located(name, at: key.location), text: Located(text, at: value.location)))
                }
            } else {
                reader.fail(node, "`texts` must be a mapping of `key: text` lines, found \(node.summary)")
            }
        }
        if let node = fields["paginate"], let value = reader.count(node, "`paginate`", in: 1...10_000) {
            configuration.paginate = value
        }
        if let node = fields["markdown"],
            let markdown = reader.fields(of: node, allowed: markdownKeys, in: "`markdown`")
        {
            if let smart = markdown["smartPunctuation"], let value = reader.flag(smart, "`smartPunctuation`") {
                configuration.smartPunctuation = value
            }
        }
        if let node = fields["ratings"], let ratings = reader.fields(of: node, allowed: ratingsKeys, in: "`ratings`") {
            if let enabled = ratings["enabled"], let value = reader.flag(enabled, "`enabled`") {
                configuration.statistics.ratings = value
            }
            if let games = ratings["minimumGames"], let value = reader.count(games, "`minimumGames`", in: 1...1_000_000)
            {
                configuration.statistics.minimumGames = value
            }
            if let games = ratings["perBoardgameMinimum"],
                let value = reader.count(games, "`perBoardgameMinimum`", in: 1...1_000_000)
            {
                configuration.statistics.perBoardgameMinimum = value
            }
        }
        if let node = fields["bowling"], let bowling = reader.fields(of: node, allowed: bowlingKeys, in: "`bowling`"),
            let node = bowling["handicap"],
            let handicap = reader.fields(of: node, allowed: handicapKeys, in: "`handicap`")
        {
            handicap.requireMissing(
                "basis", "`handicap` needs `basis`, the pins it counts from, e.g. `basis: 220`", reader: &reader)
            handicap.requireMissing(
                "percentage", "`handicap` needs `percentage`, e.g. `percentage: 90` for 90 %", reader: &reader)
            let basis = handicap["basis"].flatMap { reader.count($0, "`basis`", in: 1...300) }
            let percentage = handicap["percentage"].flatMap { reader.count($0, "`percentage`", in: 0...100) }
            if let basis, let percentage {
                configuration.statistics.handicap = BowlingHandicap(basis: basis, percentage: percentage)
            }
        }
        return configuration
    }
}

extension GameFileReader {
    /// A whole number in `range`, such as a minimum number of games or a percentage.
    mutating func count(_ node: YAMLNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = node.integer, range.contains(value) else {
            fail(
                node,
                "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(node.isNull ? "nothing" : node.summary)"
            )
            return nil
        }
        return value
    }
}

extension SiteConfigurationParser {
    /// `readAll` of the file's bytes, with the game files' size limit and UTF-8 check.
    public static func readAll(bytes: UnsafeRawBufferPointer, path: String) -> (
        configuration: SiteConfiguration?, diagnostics: [Diagnostic]
    ) {
        let limits = GameFileLimits()
        guard bytes.count <= limits.maxFileSize else {
            return (
                nil,
                [
                    Diagnostic(
                        path: path, location: SourceLocation(line: 1, column: 1),
                        message: limits.exceeded(.fileSize, bytes.count))
                ]
            )
        }
        switch GameFileParser.decodeUTF8(bytes) {
        case .success(let text): return readAll(text, path: path)
        case .failure(let bad):
            return (
                nil,
                [
                    Diagnostic(
                        path: path, location: bad.location, message: "the file is not valid UTF-8; save it as UTF-8")
                ]
            )
        }
    }
}
