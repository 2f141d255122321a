public import GameDomain

/// Every problem found in one game file, in file order.
public struct GameFileErrors: Error, Sendable, Hashable {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// Turns a game file's text into a `Game`: YAML front matter for the facts, the Markdown body
/// for the notes. All problems of the file are reported together.
public enum GameFileParser {
    static let commonKeys = ["game", "title", "date", "status", "draft", "location", "duration", "import"]

    static func reader(for kind: GameKind) -> any GameKindReader.Type {
        switch kind {
        case .scores: ScoresReader.self
        case .bowling: BowlingReader.self
        case .fifteen: FifteenReader.self
        }
    }

    /// The `game:` values this build understands.
    public static var kindNames: [String] { GameKind.allCases.map(\.rawValue) }

    public static func parse(_ text: String, path: String, limits: GameFileLimits = GameFileLimits()) -> Result<
        Game, GameFileErrors
    > {
        var reader = GameFileReader(path: path, limits: limits)
        let game = read(text, reader: &reader)
        if let game, reader.diagnostics.isEmpty { return .success(game) }
        return .failure(GameFileErrors(diagnostics: reader.report))
    }

    /// A game file's notes exactly as `parse` puts them in `Game.notes`, without parsing the rest;
    /// nil when the text has no front matter.
    public static func notes(_ text: String) -> String? {
        try? FrontMatter.split(text).get().body
    }

    /// `bgg: 13`: a positive whole number.
    static func boardGameGeekID(_ node: YAMLNode, reader: inout GameFileReader) -> Int? {
        guard let id = node.integer, id > 0, id <= GameFileReader.pointsLimit else {
            reader.fail(
                node,
                "`bgg` must be the board game's BoardGameGeek id, a whole number from 1 up, found \(node.summary)",
                hint: "take it from the game's address: boardgamegeek.com/boardgame/13/catan is `bgg: 13`")
            return nil
        }
        return id
    }

    static func read(_ text: String, reader: inout GameFileReader) -> Game? {
        let frontMatter: FrontMatter
        switch FrontMatter.split(text) {
        case .success(let split): frontMatter = split
        case .failure(let error):
            reader.fail(at: error.location, error.message)
            return nil
        }
        let root: YAMLNode
        switch YAMLNode.parse(frontMatter.yaml, firstLine: frontMatter.yamlFirstLine) {
        case .success(let node?): root = node
        case .success(nil):
            reader.fail(
                at: SourceLocation(line: 1, column: 1),
                "the front matter is empty; add at least `game:`, `title:` and `date:`")
            return nil
        case .failure(let error):
            reader.fail(at: error.location, error.message)
            return nil
        }

        // Which kind decides which keys are allowed, so read `game:` first.
        let kindNames = kindNames
        guard root.pairs != nil else {
            reader.fail(root, "the front matter must be a mapping of `key: value` lines, found \(root.summary)")
            return nil
        }
        let gameValue = root.pairs?.first { $0.key.scalar == "game" }?.value
        guard let gameValue else {
            reader.fail(
                root,
                "missing key `game`; say which game this is: \(kindNames.map { "`game: \($0)`" }.joined(separator: ", "))"
            )
            return nil
        }
        guard let gameKind = gameValue.scalar.flatMap(GameKind.init(rawValue:)) else {
            reader.fail(
                gameValue,
                "unknown game \(gameValue.summary)\(suggestion(for: gameValue.scalar ?? "", among: kindNames)); known games are \(kindNames.joined(separator: ", "))"
            )
            return nil
        }
        let accepted = reader.limits.acceptedKinds
        guard accepted.contains(gameKind) else {
            reader.fail(
                gameValue,
                "this is a `game: \(gameKind.rawValue)` file; only \(accepted.map { "`game: \($0.rawValue)`" }.joined(separator: " and ")) files are read here"
            )
            return nil
        }
        let kind = Self.reader(for: gameKind)
        guard let fields = reader.fields(of: root, allowed: commonKeys + kind.keys, in: "the front matter") else {
            return nil
        }

        let title = fields["title"].flatMap { reader.text($0, "`title`") }
        let date: GameDate?
        if let node = fields["date"] {
            date = reader.text(node, "`date`").flatMap { text in
                let date = GameDate(text)
                if date == nil {
                    reader.fail(
                        node,
                        Self.missingDay(text).map { "`date` names \($0), found `\(text)`; check it for a typo" }
                            ?? "`date` must be an ISO date such as 2026-11-20 or a date-time such as 2026-11-20T19:30, found `\(text)`"
                    )
                }
                return date
            }
        } else {
            fields.requireMissing(
                "date", "missing key `date`; add the day the game was played, e.g. `date: 2026-11-20`", reader: &reader)
            date = nil
        }
        fields.requireMissing(
            "title", "missing key `title`; add a title for the scorecard, e.g. `title: Catan, second table`",
            reader: &reader)
        let status = fields["status"].map { reader.choice($0, "status", as: GameStatus.self) } ?? .finished
        let isDraft = fields["draft"].map { reader.flag($0, "`draft`") } ?? false
        let location = fields["location"].map { reader.text($0, "`location`") }
        let duration = fields["duration"].map { reader.minutes($0, "`duration`") }
        let origin = fields["import"].map { reader.importOrigin($0) }
        // A wrong status does not stop the rest from being checked, as if the game were still
        // being played (the status with the fewest checks): every error in one run, none made up.
        let content = kind.read(fields, status: status ?? .playing, reader: &reader)
        // Score-keeper games name their board game; bowling and the puzzle are their own.
        let boardgame = fields["boardgame"].flatMap { reader.text($0, "`boardgame` (the board game's name)") }
        let bgg = fields["bgg"].flatMap { boardGameGeekID($0, reader: &reader) }
        // Seats name the players, so they are checked once the players are read.
        let seating: Seating? =
            if case .scores(let scores) = content {
                ScoresReader.readSeating(fields, players: scores.players, reader: &reader)
            } else { nil }
        guard let title, let date, status != nil, let content, let isDraft, location != .some(nil),
            duration != .some(nil), origin != .some(nil)
        else { return nil }
        return Game(
            title: title, date: date, notes: frontMatter.body, content: content, isDraft: isDraft,
            boardgameName: boardgame, bggID: bgg,
            location: location ?? nil, durationMinutes: duration ?? nil, origin: origin ?? nil, seating: seating)
    }

    /// For a date in the right shape whose month or day does not exist (`2026-11-31`), what is
    /// wrong: "a day that does not exist" or "a month that does not exist".
    static func missingDay(_ text: String) -> String? {
        let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], let year = Int(parts[0]), year >= 1,
            let month = Int(parts[1]), let day = Int(parts[2]),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        if !(1...12).contains(month) { return "a month that does not exist" }
        return day >= 1 && GameDate(String(text.prefix(10))) != nil ? nil : "a day that does not exist"
    }
}
