public import Foundation
public import GameDomain

/// One game file as a play of a play log: the inverse of `PlayMapper` on the fields both logs
/// hold (docs/EXPORT.md lists them, and what does not survive). Neutral between the formats;
/// `BGGPlaysWriter` and `BGStatsWriter` write it.
struct ExportedPlay: Sendable, Hashable {
    struct Player: Sendable, Hashable {
        var name: String
        /// The final score, only where points decide the game and every player has one of their own.
        var score: Int?
        /// The place of the player's side, only where ranks decide the game.
        var rank: Int?
        var won: Bool
        /// The player's team; nil in a game without teams.
        var team: String?
        /// 1 went first, then round the table; nil when the file does not say.
        var startPosition: Int?
    }

    /// The play's id in the log written: the file's `import:` id where it came from that log,
    /// else one made from the file's path (`PlayExport.derivedID`).
    var id: String
    /// BGG's `quantity`: the copies of one imported play, written back as one entry.
    var quantity = 1
    var file: String
    var date: GameDate
    var boardgame: String
    /// BG Stats' board: the title's part after `<boardgame> – `, as the importer wrote it.
    var variant: String?
    var bggID: Int?
    var location: String?
    var durationMinutes: Int?
    /// The notes as plain text (the importer escaped the comments into Markdown).
    var comments: String
    var isIncomplete: Bool
    var isDraft: Bool
    var isCooperative: Bool
    var lowestWins: Bool
    var players: [Player]

    /// Nil for a game that is not a score keeper's (bowling, the fifteen puzzle).
    init?(_ filed: FiledGame, id: String) {
        let game = filed.game
        guard case .scores(let score) = game.content else { return nil }
        self.id = id
        file = filed.file
        date = game.date
        boardgame = game.boardgameName ?? game.title
        let prefix = boardgame + " – "
        variant =
            game.title.hasPrefix(prefix) && game.title.count > prefix.count
            ? String(game.title.dropFirst(prefix.count)) : nil
        bggID = game.bggID
        location = game.location
        durationMinutes = game.durationMinutes
        comments = MarkdownText.unescaped(game.notes).trimmingCharacters(in: .whitespacesAndNewlines)
        isIncomplete = score.status != .finished
        isDraft = game.isDraft
        isCooperative = score.isCooperative
        lowestWins = score.win == .lowest
        players = Self.players(of: score, seating: game.seating)
    }

    static func players(of game: ScoreGame, seating: Seating?) -> [Player] {
        let teamOf = Dictionary(
            game.teams.flatMap { team in team.players.map { ($0, team.name) } }, uniquingKeysWith: { first, _ in first }
        )
        // Each player's side is their team in a team game, else themselves.
        func side(_ player: String) -> String { teamOf[player] ?? player }
        // Standings are computed whatever the status, so that an unfinished game's leaders still
        // tell BGG's reader which end of the scores wins.
        var placeOf: [String: Int] = [:]
        for row in game.standings { for player in row.players { placeOf[player] = row.place } }
        var scores: [String: Int] = [:]
        var ranks: [String: Int] = [:]
        var won: (String) -> Bool = { placeOf[$0] == 1 }
        switch game.decision {
        case .points(let points):
            // A game without points yet (or a play the log gave no result) has no leaders: the
            // standings' tie at the start would make everyone a winner.
            if case .rounds(_, let rounds) = points.kept, rounds.isEmpty {
                won = { _ in false }
                break
            }
            // Scores kept by team have no player's share.
            let totals = game.players.map { game.total(of: $0) }
            if !totals.contains(nil) {
                scores = Dictionary(
                    zip(game.players, totals.compactMap { $0 }), uniquingKeysWith: { first, _ in first })
            }
        case .ranks(let byside, _):
            for player in game.players { ranks[player] = byside[side(player)] }
        case .winners(let sides, _):
            won = { sides.contains(side($0)) }
        case .cooperative(let result):
            won = { _ in result ?? false }
        }
        // BGG's start positions: the turn order from the first player round the table when the
        // seats name everyone, else only the first player.
        var positions: [String: Int] = [:]
        if let seating {
            let order = seating.turnOrder
            if order.count == game.players.count, Set(order) == Set(game.players) {
                for (index, name) in order.enumerated() { positions[name] = index + 1 }
            } else if let first = seating.firstPlayer {
                positions[first] = 1
            }
        }
        return game.players.map { name in
            Player(
                name: name, score: scores[name], rank: ranks[name], won: won(name), team: teamOf[name],
                startPosition: positions[name])
        }
    }
}

/// `gamenight export`: game files written back out as a play log the importers read.
public enum PlayExport {
    public struct Output: Sendable {
        /// The document: BGG's XML or BG Stats' JSON.
        public var data: Data
        /// How many plays it holds (BGG's repeats count once).
        public var plays: Int
        /// The games left out, with why: `not exported: bowling has no BGG/BG Stats play form`.
        public var skipped: [Diagnostic]
    }

    /// `games`: paths relative to the folder exported (they make the ids, so the same folder
    /// gives the same bytes wherever it is).
    public static func bgg(_ games: [FiledGame]) -> Output {
        let (plays, skipped) = plays(of: games, for: .bgg)
        return Output(data: Data(BGGPlaysWriter.document(plays).utf8), plays: plays.count, skipped: skipped)
    }

    public static func bgstats(_ games: [FiledGame]) throws -> Output {
        let (plays, skipped) = plays(of: games, for: .bgstats)
        return Output(data: try BGStatsWriter.document(plays), plays: plays.count, skipped: skipped)
    }

    /// The plays in date order, then path order; BGG's copies of one play (`import:` with
    /// `copy:`) joined again as one entry with its `quantity`.
    static func plays(of games: [FiledGame], for source: ImportOrigin.Source) -> ([ExportedPlay], [Diagnostic]) {
        // Day, time as written, path: a total order (two dates can be neither `<` nor `==`,
        // `19:30` written after a `T` or a space), so the input's order never shows.
        // Paths by their bytes: `String`'s `<` holds two spellings of `café` (NFC, NFD) equal.
        let ordered = games.sorted { a, b in
            let first = (a.game.date.day, a.game.date.time ?? "")
            let second = (b.game.date.day, b.game.date.time ?? "")
            return first != second ? first < second : a.file.utf8.lexicographicallyPrecedes(b.file.utf8)
        }
        var skipped: [Diagnostic] = []
        // Files of one BGG play, by id: the copies go back only when they are 1 to N exactly.
        var copies: [String: [Int]] = [:]
        for filed in ordered {
            if source == .bgg, let origin = filed.game.origin, origin.source == .bgg,
                PlayMapper.isSafeID(origin.id, source: .bgg)
            {
                copies[origin.id, default: []].append(origin.copy ?? 1)
            }
        }
        var used: Set<String> = []
        var plays: [ExportedPlay] = []
        for filed in ordered {
            var id = derivedID(filed.file, for: source)
            var quantity = 1
            // An id the importer would refuse (a file's `import:` edited by hand) is not kept.
            if let origin = filed.game.origin, origin.source == source, PlayMapper.isSafeID(origin.id, source: source) {
                let numbers = copies[origin.id] ?? []
                let joined = numbers.count > 1 && numbers.sorted() == Array(1...numbers.count)
                // The first copy stands for them all; the others are the same play.
                if joined, origin.copy != nil { continue }
                // A second file with the same play (a copy of the file) gets an id of its own.
                if origin.copy == nil, !used.contains(origin.id) {
                    id = origin.id
                    if joined { quantity = numbers.count }
                }
            }
            guard var play = ExportedPlay(filed, id: id) else {
                skipped.append(
                    Diagnostic(
                        path: filed.file, location: nil, severity: .note,
                        message: "not exported: \(filed.game.kind.rawValue) has no BGG/BG Stats play form"))
                continue
            }
            used.insert(id)
            play.quantity = quantity
            plays.append(play)
        }
        return (plays, skipped)
    }

    /// A play id made from a file's path, for a game that has none in this log: BGG's a number
    /// (FNV-1a 64 of the path, in decimal), BG Stats' a UUID (two FNV-1a 64 sums). The same path
    /// gives the same id on every run and machine.
    static func derivedID(_ path: String, for source: ImportOrigin.Source) -> String {
        var first = FNV1a64()
        var second = FNV1a64()
        first.combine(path.utf8)
        second.combine(("gamenight export " + path).utf8)
        switch source {
        case .bgg:
            return String(first.value)
        case .bgstats:
            let hex = (first.hex + second.hex).uppercased()
            let cuts = [8, 4, 4, 4, 12]
            var parts: [Substring] = []
            var rest = Substring(hex)
            for length in cuts {
                parts.append(rest.prefix(length))
                rest = rest.dropFirst(length)
            }
            return parts.joined(separator: "-")
        }
    }
}
