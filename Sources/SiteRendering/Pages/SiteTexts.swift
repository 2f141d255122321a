public import GameDomain

/// Every word the site prints, by key: the built-in English and Japanese tables, and a site's
/// overrides from `gamenight.yaml`'s `texts:`. Placeholders such as `{count}` are filled in
/// when a text is used; `TextKey.placeholders` lists the ones each key may use.
public struct SiteTexts: Sendable {
    public let language: SiteLanguage
    private let values: [TextKey: String]
    /// The texts as templates see them (`{{texts.winner}}`), made once per site, not per page.
    let template: TemplateValue

    /// The built-in texts of `language`, with `overrides` (already checked with `problem(_:for:)`).
    public init(_ language: SiteLanguage = .en, overrides: [TextKey: String] = [:]) {
        self.language = language
        var values: [TextKey: String] = [:]
        for key in TextKey.allCases { values[key] = overrides[key] ?? key.text(in: language) }
        self.values = values
        // `html` holds the texts escaped but for `'`, which is safe inside double-quoted
        // attributes and elements: the built-in English notes print their apostrophes as typed.
        let html = TemplateFields(
            TextKey.allCases.map { ($0.rawValue, .text(Escape.markup(values[$0] ?? "").replacing("&#39;", with: "'"))) }
        )
        template = .object(
            TemplateFields(TextKey.allCases.map { ($0.rawValue, .text(values[$0] ?? "")) } + [("html", .object(html))]))
    }

    public subscript(key: TextKey) -> String { values[key] ?? key.text(in: language) }

    /// The text of `key` with its placeholders filled in: `format(.gameCount, ["count": "3"])`.
    /// One pass over the text: dates and results are formatted for every row of long lists.
    func format(_ key: TextKey, _ arguments: KeyValuePairs<String, String>) -> String {
        fill(self[key], arguments)
    }

    /// The text of `key` on either side of `{placeholder}`, each filled in: for a sentence whose
    /// names are links, in whatever order a language (or the site's `texts:`) puts them. Nil
    /// when the text has no such placeholder.
    func format(_ key: TextKey, around placeholder: String, _ arguments: KeyValuePairs<String, String>) -> (
        before: String, after: String
    )? {
        let text = self[key]
        guard let range = text.range(of: "{" + placeholder + "}") else { return nil }
        return (fill(String(text[..<range.lowerBound]), arguments), fill(String(text[range.upperBound...]), arguments))
    }

    private func fill(_ text: String, _ arguments: KeyValuePairs<String, String>) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        // Bytes, not `Character`s: the braces are ASCII, so every index found is a boundary.
        // Into a byte buffer: dates and results are filled in for every row of long lists.
        let output = Escape.withUTF8(text) { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 32)
            var rest = 0
            while let open = bytes[rest...].firstIndex(of: UInt8(ascii: "{")) {
                output += UnsafeBufferPointer(rebasing: bytes[rest..<open])
                let after = open + 1
                if let close = bytes[after...].firstIndex(of: UInt8(ascii: "}")),
                    let value = Self.argument(named: UnsafeBufferPointer(rebasing: bytes[after..<close]), in: arguments)
                {
                    // A name or title cannot turn the rest of the sentence around (an unclosed RLO).
                    Escape.appendClosingBidi(value, to: &output)
                    rest = close + 1
                } else {
                    output.append(UInt8(ascii: "{"))
                    rest = after
                }
            }
            output += UnsafeBufferPointer(rebasing: bytes[rest...])
            return output
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func argument(named name: UnsafeBufferPointer<UInt8>, in arguments: KeyValuePairs<String, String>)
        -> String?
    {
        arguments.first { argument in
            Escape.withUTF8(argument.key) { $0.count == name.count && $0.elementsEqual(name) }
        }?.value
    }

    /// What is wrong with `text` as the override of `key`, nil when nothing is: a placeholder
    /// the key does not have.
    public static func problem(_ text: String, for key: TextKey) -> String? {
        let allowed = key.placeholders
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = String(after[..<close])
            if !allowed.contains(name), name.allSatisfy({ $0.isLetter }), !name.isEmpty {
                let list = allowed.isEmpty ? "none" : allowed.map { "{\($0)}" }.joined(separator: ", ")
                return "`{\(name)}` is not a placeholder of `\(key.rawValue)`; it may use: \(list)"
            }
            rest = after[after.index(after: close)...]
        }
        return nil
    }

    // MARK: - Domain values in words

    public func kind(_ kind: GameKind) -> String {
        switch kind {
        case .scores: self[.kindScores]
        case .bowling: self[.kindBowling]
        case .fifteen: self[.kindFifteen]
        }
    }

    func status(_ status: GameStatus) -> String {
        switch status {
        case .setup: self[.statusSetup]
        case .playing: self[.statusPlaying]
        case .finished: self[.statusFinished]
        }
    }

    func win(_ rule: WinRule) -> String {
        switch rule {
        case .highest: self[.winHighest]
        case .lowest: self[.winLowest]
        }
    }

    /// "Won together" or "Lost together" for a finished cooperative game, else nil.
    /// The winners of a finished game for lists and the feed: `Blue (Ann and Bo)` where teams
    /// won, as the scorecard names them, else the winning players; nil before the game ends.
    func winners(of entry: SiteGame) -> String? {
        let teams = if case .scores(let scores) = entry.game.content { scores.teams } else { [ScoreGame.Team]() }
        let names =
            teams.isEmpty
            ? entry.winners
            : entry.winnerNames.map { name in
                format(
                    .teamWithPlayers,
                    ["team": name, "players": self.names(teams.first { $0.name == name }?.players ?? [])])
            }
        return names.isEmpty ? nil : self.names(names)
    }

    /// What follows a sentence about a finished game in the feed and the calendar: " Won by Ann.",
    /// " Won together.", " Lost together."; empty before the game ends.
    func result(of entry: SiteGame) -> String {
        var result = winners(of: entry).map { format(.feedWonBy, ["names": $0]) } ?? ""
        if case .scores(let scores) = entry.game.content, let won = scores.sharedResult {
            result += self[won ? .feedWonTogether : .feedLostTogether]
        }
        return result
    }

    func sharedResult(of game: Game) -> String? {
        guard case .scores(let scores) = game.content, let won = scores.sharedResult else { return nil }
        return self[won ? .wonTogether : .lostTogether]
    }

    private static let months: [TextKey] = [
        .january, .february, .march, .april, .may, .june, .july, .august,
        .september, .october, .november, .december,
    ]
    private static let weekdays: [TextKey] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]

    /// "Friday, 20 November 2026" or `2026年11月20日(金)` for `2026-11-20`.
    private static let monthOffsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]

    public func day(_ date: GameDate) -> String {
        // `YYYY-MM-DD`, checked when the date was read.
        let digits = Array(date.text.utf8.prefix(10))
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            return digits[range].reduce(0) { value, byte in
                (48...57).contains(byte) ? value.map { $0 * 10 + Int(byte - 48) } : nil
            }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), (1...12).contains(month)
        else { return date.day }
        // Sakamoto's method: the weekday of a Gregorian date.
        let y = month < 3 ? year - 1 : year
        let weekday = ((y + y / 4 - y / 100 + y / 400 + Self.monthOffsets[month - 1] + day) % 7 + 7) % 7
        return format(
            .dateFormat,
            [
                "weekday": self[Self.weekdays[weekday]], "day": "\(day)",
                "month": self[Self.months[month - 1]], "year": "\(year)",
            ])
    }

    public func dateTime(_ date: GameDate) -> String {
        date.time.map { format(.dateTimeFormat, ["date": day(date), "time": $0]) } ?? day(date)
    }

    /// "A, B and C" or `A、B、C`.
    public func names(_ names: [String]) -> String {
        switch names.count {
        case 0: ""
        case 1: Escape.closingBidi(names[0])
        default:
            names.dropLast().map(Escape.closingBidi).joined(separator: self[.listSeparator]) + self[.listLast]
                + Escape.closingBidi(names.last ?? "")
        }
    }

    /// `67 %`, as the puzzle's efficiency column writes it.
    func percent(_ fraction: Double) -> String { format(.percent, ["value": "\(Int((fraction * 100).rounded()))"]) }

    /// `1st`, `2nd`, `3rd`, `11th`, `22nd`; `1位`.
    func ordinal(_ number: Int) -> String {
        let key: TextKey =
            (11...13).contains(number % 100)
            ? .ordinalOther
            : [1: .ordinalOne, 2: .ordinalTwo, 3: .ordinalFew][number % 10] ?? .ordinalOther
        return format(key, ["n": "\(number)"])
    }

    /// `1 game`, `3 games`: the `one` text for exactly one, else `other`.
    func count(_ number: Int, _ one: TextKey, _ other: TextKey) -> String {
        format(number == 1 ? one : other, ["count": "\(number)"])
    }
}
