import Foundation
import GameDomain
import GameFileParsing

/// `gamenight score`: each game's computed result, as text or as one JSON document.
public enum ScoreReport {
    /// One game in `score --json`. Later game kinds add their own fields.
    struct GameJSON: Encodable {
        struct Player: Encodable {
            var name: String
            var total: Int?
            var place: Int? = nil
            /// A bowler's frames.
            var frames: [Frame]? = nil
            /// A puzzle racer's fields, written beside the common ones.
            var puzzle: PuzzlePlayer? = nil

            enum CodingKeys: String, CodingKey { case name, total, place, frames }

            // `total` is written as `null` for an unfinished bowling line (synthesized encoding
            // would drop it); puzzle racers have no total.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                if puzzle == nil { try container.encode(total, forKey: .total) }
                try container.encodeIfPresent(place, forKey: .place)
                try container.encodeIfPresent(frames, forKey: .frames)
                try puzzle?.encode(to: encoder)
            }
        }

        /// A bowling frame: its marks as on the sheet and its running total, `null` until known.
        struct Frame: Encodable {
            var balls: [String]
            @ExplicitNull var score: Int?
        }

        /// A puzzle racer's fields; `time` and `optimal` are `null` when unknown.
        struct PuzzlePlayer: Encodable {
            var solved: Bool
            var moves: Int
            @ExplicitNull var time: Double?
            @ExplicitNull var optimal: Int?
            var final: [[Int]]
        }

        var file: String
        var game: GameKind
        var title: String
        var date: String
        var status: String
        var players: [Player]
        var winners: [String]
        /// A puzzle game's start board: rows of tiles, 0 for the blank.
        var start: [[Int]]? = nil
    }

    public static func json(_ games: [LoadedGame]) -> String {
        let documents = games.map { loaded in
            let game = loaded.game
            return GameJSON(file: loaded.path, game: game.kind, title: game.title, date: game.date.text,
                            status: game.status.rawValue, players: players(of: game), winners: game.winners,
                            start: start(of: game))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Foundation pretty-prints an empty array over three lines.
        guard !documents.isEmpty, let data = try? encoder.encode(documents) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    static func start(of game: Game) -> [[Int]]? {
        if case .fifteen(let puzzle) = game.content { puzzle.start.rows } else { nil }
    }

    static func players(of game: Game) -> [GameJSON.Player] {
        switch game.content {
        case .scores(let scores):
            let places = Dictionary(scores.standings.map { ($0.player, $0.place) }, uniquingKeysWith: { a, _ in a })
            return scores.players.map { .init(name: $0, total: scores.total(of: $0), place: places[$0]) }
        case .bowling(let bowling):
            return bowling.players.map { player in
                .init(name: player.name, total: player.line.total,
                      frames: player.line.frames.map { .init(balls: $0.marks, score: $0.runningTotal) })
            }
        case .fifteen(let puzzle):
            return zip(puzzle.players, puzzle.places).map { player, place in
                let result = player.result
                return .init(name: player.name, total: nil, place: place, puzzle: .init(
                    solved: result.solved, moves: result.moveCount, time: result.seconds,
                    optimal: puzzle.optimum?.moves, final: player.replay.final.rows
                ))
            }
        }
    }

    /// `9.` under `10.`: places line up on their dots.
    static func rightAligned(_ place: String, _ column: [String]) -> String {
        String(repeating: " ", count: (column.map(\.count).max() ?? 0) - place.count) + place
    }

    public static func text(_ games: [LoadedGame]) -> String {
        games.map { loaded in
            let game = loaded.game
            var lines = ["\(loaded.path): \(game.title) (\(game.kind.rawValue), \(game.date.text), \(game.status.rawValue))"]
            switch game.content {
            case .scores(let scores):
                let width = scores.players.map(TerminalColumns.count).max() ?? 0
                let places = scores.standings.map { "\($0.place)." }
                for (row, place) in zip(scores.standings, places) {
                    let crown = game.winners.contains(row.player) ? "  winner" : ""
                    lines.append("  \(rightAligned(place, places)) \(TerminalColumns.padded(row.player, to: width))  \(row.total)\(crown)")
                }
            case .bowling(let bowling):
                let width = bowling.players.map { TerminalColumns.count($0.name) }.max() ?? 0
                for player in bowling.players {
                    let crown = game.winners.contains(player.name) ? "  winner" : ""
                    let total = player.line.total.map(String.init) ?? "in progress"
                    let sheet = BowlingNotation.format(player.line)
                    lines.append("  \(TerminalColumns.padded(player.name, to: width))  \(sheet.isEmpty ? "(no balls yet)" : sheet)  = \(total)\(crown)")
                }
            case .fifteen(let puzzle):
                let width = puzzle.players.map { TerminalColumns.count($0.name) }.max() ?? 0
                let places = puzzle.places.map { $0.map { "\($0)." } ?? "-." }
                let optimal = puzzle.optimum?.moves.map { "\($0) moves" } ?? "not computed"
                lines.append("  \(puzzle.size)×\(puzzle.size), optimal \(optimal)")
                for (player, place) in zip(puzzle.players, places) {
                    let crown = game.winners.contains(player.name) ? "  winner" : ""
                    let result = player.result
                    let time = result.seconds.map { ", \(PuzzleReplayText.seconds($0)) s" } ?? ""
                    let outcome = result.solved ? "solved in \(result.moveCount) moves\(time)" : "not solved (\(result.moveCount) moves\(time))"
                    lines.append("  \(rightAligned(place, places)) \(TerminalColumns.padded(player.name, to: width))  \(outcome)\(crown)")
                }
            }
            if game.status != .finished { lines.append("  no winner yet: the game is \(game.status.rawValue == "setup" ? "being set up" : "still being played")") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
