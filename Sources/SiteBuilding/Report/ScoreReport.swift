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
            /// A team game's player: their team.
            var team: String? = nil
            /// A bowler's frames.
            var frames: [Frame]? = nil
            /// A puzzle racer's fields, written beside the common ones.
            var puzzle: PuzzlePlayer? = nil

            enum CodingKeys: String, CodingKey { case name, total, place, team, frames }

            // `total` is written as `null` for an unfinished bowling line (synthesized encoding
            // would drop it); puzzle racers have no total.
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                if puzzle == nil { try container.encode(total, forKey: .total) }
                try container.encodeIfPresent(place, forKey: .place)
                try container.encodeIfPresent(team, forKey: .team)
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

        /// A team of a team game, in standings order; `total` is `null` when the game keeps no points.
        struct Team: Encodable {
            var name: String
            var players: [String]
            var place: Int
            @ExplicitNull var total: Int?
        }

        var file: String
        var game: GameKind
        var boardgame: String? = nil
        var bgg: Int? = nil
        /// Present (true) only for a cooperative game, with its `result`: "won", "lost", or `null`
        /// until it is finished.
        var cooperative: Bool? = nil
        var result: ExplicitNull<String>? = nil
        var teams: [Team]? = nil
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
            var json = GameJSON(
                file: loaded.path, game: game.kind, boardgame: game.boardgameName, bgg: game.bggID,
                title: game.title, date: game.date.text, status: game.status.rawValue,
                players: players(of: game), winners: game.winners, start: start(of: game))
            if case .scores(let scores) = game.content {
                if scores.isCooperative {
                    json.cooperative = true
                    json.result = ExplicitNull(wrappedValue: scores.sharedResult.map { $0 ? "won" : "lost" })
                }
                if !scores.teams.isEmpty {
                    json.teams = scores.standings.map {
                        .init(name: $0.name, players: $0.players, place: $0.place, total: $0.total)
                    }
                }
            }
            return json
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
            let standings = scores.standings
            let teams = !scores.teams.isEmpty
            return scores.players.map { player in
                let row = standings.first { $0.players.contains(player) }
                return .init(
                    name: player, total: scores.total(of: player), place: row?.place, team: teams ? row?.team : nil)
            }
        case .bowling(let bowling):
            return bowling.players.map { player in
                .init(
                    name: player.name, total: player.line.total,
                    frames: player.line.frames.map { .init(balls: $0.marks, score: $0.runningTotal) })
            }
        case .fifteen(let puzzle):
            return zip(puzzle.players, puzzle.places).map { player, place in
                let result = player.result
                return .init(
                    name: player.name, total: nil, place: place,
                    puzzle: .init(
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
            let kind = game.kind.rawValue + (game.boardgameName.map { ": \($0)" } ?? "")
            var lines = ["\(loaded.path): \(game.title) (\(kind), \(game.date.text), \(game.status.rawValue))"]
            switch game.content {
            case .scores(let scores) where scores.isCooperative:
                lines.append("  cooperative: \(scores.players.joined(separator: ", "))")
                if let won = scores.sharedResult { lines.append("  \(won ? "won" : "lost") together") }
            case .scores(let scores):
                // `Red (Ann, Bo)` for a team; a player's name alone.
                let names = scores.standings.map { row in
                    row.team.map { "\($0) (\(row.players.joined(separator: ", ")))" } ?? row.name
                }
                let width = names.map(TerminalColumns.count).max() ?? 0
                let places = scores.standings.map { "\($0.place)." }
                for (row, (name, place)) in zip(scores.standings, zip(names, places)) {
                    let crown = game.status == .finished && row.place == 1 ? "  winner" : ""
                    let total = row.total.map { "  \($0)" } ?? ""
                    // No padding where nothing follows the name: no trailing spaces.
                    let padded = total.isEmpty && crown.isEmpty ? name : TerminalColumns.padded(name, to: width)
                    lines.append("  \(rightAligned(place, places)) \(padded)\(total)\(crown)")
                }
            case .bowling(let bowling):
                let width = bowling.players.map { TerminalColumns.count($0.name) }.max() ?? 0
                for player in bowling.players {
                    let crown = game.winners.contains(player.name) ? "  winner" : ""
                    let total = player.line.total.map(String.init) ?? "in progress"
                    let sheet = BowlingNotation.format(player.line)
                    lines.append(
                        "  \(TerminalColumns.padded(player.name, to: width))  \(sheet.isEmpty ? "(no balls yet)" : sheet)  = \(total)\(crown)"
                    )
                }
            case .fifteen(let puzzle):
                let width = puzzle.players.map { TerminalColumns.count($0.name) }.max() ?? 0
                let places = puzzle.places.map { $0.map { "\($0)." } ?? "-." }
                let optimal = puzzle.optimum?.moves.map { counted($0, "move") } ?? "not computed"
                lines.append("  \(puzzle.size)×\(puzzle.size), optimal \(optimal)")
                for (player, place) in zip(puzzle.players, places) {
                    let crown = game.winners.contains(player.name) ? "  winner" : ""
                    let result = player.result
                    let time = result.seconds.map { ", \(PuzzleReplayText.seconds($0)) s" } ?? ""
                    let moves = counted(result.moveCount, "move")
                    let outcome = result.solved ? "solved in \(moves)\(time)" : "not solved (\(moves)\(time))"
                    lines.append(
                        "  \(rightAligned(place, places)) \(TerminalColumns.padded(player.name, to: width))  \(outcome)\(crown)"
                    )
                }
            }
            if game.status != .finished {
                lines.append(
                    "  no \(game.isCooperative ? "result" : "winner") yet: the game is \(game.status.rawValue == "setup" ? "being set up" : "still being played")"
                )
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
