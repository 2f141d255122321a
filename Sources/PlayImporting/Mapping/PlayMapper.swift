import Foundation
public import GameDomain
import GameFileParsing

/// Makes an `ImportedPlay` into game files' values (one per repeat of the play), by the rules of
/// README's "Import your plays": scores where every player has one, else ranks, else winners;
/// cooperative and team plays as the source says. What cannot be mapped is an error about that
/// play; what is mapped with a loss (a score that is not a whole number) is a note.
public struct PlayMapper: Sendable {
    /// A positive number a game file can hold (the parser's limit, 10⁹); the file leaves out others
    /// rather than fail to read back.
    static func gameFileNumber(_ value: Int) -> Int? { value > 0 && value <= 1_000_000_000 ? value : nil }

    /// Display names from `PeopleDirectory.names()`.
    let people: [PersonIdentity: String]

    /// BGG's `quantity` writes one file per play; past this, the entry is refused.
    public static let maximumQuantity = 100

    public init(people: [PersonIdentity: String]) {
        self.people = people
    }

    public struct Mapped: Sendable {
        public var games: [ImportedGame] = []
        public var diagnostics: [Diagnostic] = []
    }

    public func map(_ play: ImportedPlay) -> Mapped {
        var mapped = Mapped()
        let what = "play \(PlainText.line(play.id).prefix(64))"
        func fail(_ message: String, hint: String) -> Mapped {
            mapped.diagnostics.append(play.place.diagnostic("\(what): \(message)", hint: hint))
            return mapped
        }
        guard Self.isSafeID(play.id, source: play.source) else {
            return fail(
                "the play id `\(PlainText.line(play.id).prefix(80))` is not \(play.source == .bgg ? "a number" : "a UUID")",
                hint: "this play was not imported; the id names its file, so it must be the one the play log gave it")
        }
        guard let date = Self.date(play.date) else {
            return fail(
                "the date `\(PlainText.line(play.date).prefix(40))` is not a date",
                hint: "this play was not imported; give it a date in \(play.source.title) and export again")
        }
        let boardgame = PlainText.line(play.boardgame)
        guard !boardgame.isEmpty else {
            return fail(
                "it names no game",
                hint: "this play was not imported; pick its game in \(play.source.title) and export again")
        }
        guard (1...Self.maximumQuantity).contains(play.quantity) else {
            return fail(
                "quantity \(play.quantity): one file is written per play, at most \(Self.maximumQuantity)",
                hint: "this play was not imported; log it as several entries")
        }

        let players = names(of: play)
        var notes: [String] = []
        // Everyone wins or loses together in a cooperative play: its teams say nothing (and the
        // score keeper refuses them there).
        let teams = play.isCooperative ? [] : teams(of: play, players: players)
        let result = result(of: play, players: players, teams: teams, notes: &notes)
        for note in notes { mapped.diagnostics.append(play.place.diagnostic("\(what): \(note)", severity: .note)) }
        let location = play.location.map(PlainText.line).flatMap { $0.isEmpty ? nil : $0 }
        let markdown = MarkdownText.escaped(play.comments ?? "")
        let slug = Slug.make(from: boardgame, fallback: "game")
        let variant = play.variant.map(PlainText.line).flatMap { $0.isEmpty ? nil : $0 }
        for copy in 1...play.quantity {
            var title = boardgame + (variant.map { " – \($0)" } ?? "")
            if play.quantity > 1 { title += " (\(copy) of \(play.quantity))" }
            let suffix = copy > 1 ? "-\(copy)" : ""
            mapped.games.append(
                ImportedGame(
                    origin: ImportOrigin(source: play.source, id: play.id, copy: copy > 1 ? copy : nil),
                    relativePath: "\(date.day)/\(slug)-\(play.id.lowercased())\(suffix).md",
                    title: title, date: date, boardgame: boardgame, bggID: play.bggID.flatMap(Self.gameFileNumber),
                    location: location, durationMinutes: play.durationMinutes.flatMap(Self.gameFileNumber),
                    isPlaying: play.isIncomplete, isDraft: play.isLeftOutOfStatistics,
                    players: players, teams: teams, result: result, seating: Self.seating(of: play, players: players),
                    notes: markdown))
        }
        // A file the build would refuse (more players than a game file holds, a comment past its
        // size) is not written: the play is refused here, where its place in the log is known
        // (found by the fuzzer). Copies differ only in their numbers: the last is the longest.
        if let last = mapped.games.last {
            let text = GameFileWriter.text(last)
            let limits = GameFileLimits()
            var reason: String?
            if text.utf8.count > limits.maxFileSize {
                reason = limits.exceeded(.fileSize, text.utf8.count)
            } else if case .failure(let errors) = GameFileParser.parse(text, path: last.relativePath, limits: limits) {
                reason = errors.diagnostics.first?.message ?? "it does not read back"
            }
            if let reason {
                mapped.games = []
                return fail(
                    "its game file would not be read: \(Self.limitMessage(reason))",
                    hint: "this play was not imported; shorten it in \(play.source.title) and export again")
            }
        }
        return mapped
    }

    /// A parser message without the advice to raise a limit: `gamenight build` refuses the file
    /// until its flag is given, so the import leaves the play out instead.
    static func limitMessage(_ message: String) -> String {
        message.range(of: "; raise it with").map { String(message[..<$0.lowerBound]) } ?? message
    }

    /// Ids name files: BGG's are numbers, BG Stats' UUIDs (hexadecimal digits and hyphens).
    static func isSafeID(_ id: String, source: ImportOrigin.Source) -> Bool {
        guard (1...64).contains(id.utf8.count) else { return false }
        switch source {
        case .bgg: return id.utf8.allSatisfy { (48...57).contains($0) }
        case .bgstats: return id.allSatisfy { $0.isHexDigit || $0 == "-" } && id.first != "-"
        }
    }

    /// `2024-03-02` stays; `2024-03-02 19:30:00` becomes `2024-03-02T19:30` (seconds say nothing
    /// about a game night).
    static func date(_ text: String) -> GameDate? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let utf8 = Array(text.utf8)
        if utf8.count >= 16, utf8[10] == UInt8(ascii: " ") || utf8[10] == UInt8(ascii: "T") {
            return GameDate(
                String(decoding: utf8[0..<10], as: UTF8.self) + "T" + String(decoding: utf8[11..<16], as: UTF8.self))
        }
        return utf8.count == 10 ? GameDate(text) : nil
    }

    /// The players' display names, unique within the play (GameNight requires it): the same
    /// name twice (two guests called Player, BG Stats' anonymous player) gets ` 2`, ` 3`.
    func names(of play: ImportedPlay) -> [String] {
        var taken: Set<String> = []
        return play.players.enumerated().map { index, player in
            var base = people[player.identity] ?? PlainText.line(player.name)
            if base.isEmpty {
                if case .bggUsername(let username) = player.identity {
                    base = username
                } else {
                    base = "Player \(index + 1)"
                }
            }
            var name = base
            var counter = 1
            while taken.contains(PlayerName.identity(of: name)) {
                counter += 1
                name = "\(base) \(counter)"
            }
            taken.insert(PlayerName.identity(of: name))
            return name
        }
    }

    func result(of play: ImportedPlay, players names: [String], teams: [ImportedGame.Team], notes: inout [String])
        -> ImportedGame.Result
    {
        let players = play.players
        guard !players.isEmpty else { return .none }
        let winners = zip(players, names).filter { $0.0.won }.map(\.1)
        if play.isCooperative { return .cooperative(won: !winners.isEmpty) }

        let scores = players.map { PlayScore.read($0.score) }
        let points = scores.compactMap { if case .points(let value) = $0 { value } else { nil } }
        if points.count == players.count {
            let lowestWins = play.lowestWins ?? Self.lowestWins(points: points, won: players.map(\.won))
            let best = lowestWins ? points.min() : points.max()
            let top = Set(zip(names, points).filter { $0.1 == best }.map(\.0))
            if teams.isEmpty, !winners.isEmpty, Set(winners) != top, !play.isIncomplete {
                notes.append(
                    "the play log says \(list(winners)) won, the scores say \(list(names.filter(top.contains))); the scorecard follows the scores"
                )
            }
            return .scores(names, points, lowestWins: lowestWins)
        }
        if let index = scores.firstIndex(where: { if case .unreadable = $0 { true } else { false } }),
            case .unreadable(let why) = scores[index]
        {
            let written = PlainText.line(players[index].score ?? "").prefix(40)
            notes.append(
                "\(names[index])'s score `\(written)` cannot be read (\(why)); game files hold whole-number scores, so this play is imported without scores"
            )
        } else if !points.isEmpty {
            notes.append(
                "only \(points.count) of \(players.count) players have a score; the play is imported without scores")
        }
        let ranks = players.compactMap { $0.rank.flatMap { $0 > 0 ? $0 : nil } }
        // In a team play, ranks and winners name teams: a team places as its best player.
        let rankOf = Dictionary(zip(names, ranks), uniquingKeysWith: min)
        if ranks.count == players.count {
            if teams.isEmpty { return .ranks(names, Self.places(ranks)) }
            return .ranks(
                teams.map(\.name), Self.places(teams.map { $0.players.compactMap { rankOf[$0] }.min() ?? Int.max }))
        }
        let winningSides =
            teams.isEmpty ? winners : teams.filter { !Set($0.players).isDisjoint(with: winners) }.map(\.name)
        return winningSides.isEmpty ? .none : .winners(winningSides)
    }

    /// Who went first: the one player BG Stats marks as `startPlayer`, or BGG's `startposition`
    /// 1. When the start positions are 1 to the number of players, each once, also the seats, in
    /// that order (BGG's start positions go round the table). Nil when the log says nothing clear.
    static func seating(of play: ImportedPlay, players names: [String]) -> Seating? {
        let starters = zip(play.players, names).filter(\.0.isStartPlayer).map(\.1)
        let positions = play.players.map { $0.startPosition.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        if !positions.isEmpty, Set(positions) == Set((1...positions.count).map(Optional.some)) {
            let seats = zip(positions, names).sorted { ($0.0 ?? 0) < ($1.0 ?? 0) }.map(\.1)
            return Seating(first: starters.count == 1 ? starters.first : nil, seats: seats)
        }
        let first = starters.count == 1 ? starters : zip(positions, names).filter { $0.0 == 1 }.map(\.1)
        return first.count == 1 ? Seating(first: first.first) : nil
    }

    /// Ranks as places: 1 plus the number of sides ranked better, so the order and the ties stay
    /// and the places run from 1 (a log may rank `2, 2, 3` or skip numbers; the score keeper
    /// wants a first place and no place past the number of sides; found by the fuzzer).
    static func places(_ ranks: [Int]) -> [Int] {
        ranks.map { rank in 1 + ranks.count { $0 < rank } }
    }

    /// BGG does not say which end wins: when the players marked as winners all have the lowest
    /// score, and it is not also the highest, the lowest wins (golf, Hearts); else the highest.
    static func lowestWins(points: [Int], won: [Bool]) -> Bool {
        guard let low = points.min(), let high = points.max(), low < high, won.contains(true) else { return false }
        return zip(points, won).allSatisfy { !$0.1 || $0.0 == low }
    }

    /// Team plays: each named team with its players; a player without a team is a team of their
    /// own, `Team <name>` (a team may not have a player's name).
    func teams(of play: ImportedPlay, players names: [String]) -> [ImportedGame.Team] {
        guard play.players.contains(where: { $0.team != nil }) else { return [] }
        let playerNames = Set(names.map(PlayerName.identity(of:)))
        var teams: [ImportedGame.Team] = []
        for (player, name) in zip(play.players, names) {
            var team = player.team.map(PlainText.line).flatMap { $0.isEmpty ? nil : $0 } ?? "Team \(name)"
            while playerNames.contains(PlayerName.identity(of: team)) { team += " (team)" }
            if let index = teams.firstIndex(where: { PlayerName.identity(of: $0.name) == PlayerName.identity(of: team) }
            ) {
                teams[index].players.append(name)
            } else {
                teams.append(ImportedGame.Team(name: team, players: [name]))
            }
        }
        return teams
    }

    private func list(_ names: [String]) -> String {
        names.isEmpty ? "nobody" : names.joined(separator: ", ")
    }
}

extension ImportOrigin.Source {
    /// The play log's name in messages.
    public var title: String {
        switch self {
        case .bgg: "BoardGameGeek"
        case .bgstats: "BG Stats"
        }
    }
}
