import Foundation
import GameDomain

/// `gamenight score`: each game's computed result, as text or as one JSON document.
public enum ScoreReport {
    /// One game in `score --json`. Later game kinds add their own fields.
    struct GameJSON: Encodable {
        struct Player: Encodable { var name: String; var total: Int?; var place: Int? }
        var file: String
        var game: String
        var title: String
        var date: String
        var status: String
        var players: [Player]
        var winners: [String]
    }

    public static func json(_ games: [LoadedGame]) -> String {
        let documents = games.map { loaded in
            let game = loaded.game
            return GameJSON(file: loaded.path, game: game.kind, title: game.title, date: game.date.text,
                            status: game.status.rawValue, players: players(of: game), winners: game.winners)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(documents) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    static func players(of game: Game) -> [GameJSON.Player] {
        switch game.content {
        case .scores(let scores):
            let places = Dictionary(scores.standings.map { ($0.player, $0.place) }, uniquingKeysWith: { a, _ in a })
            return scores.players.map { .init(name: $0, total: scores.total(of: $0), place: places[$0]) }
        case .bowling(let bowling):
            return bowling.players.map { .init(name: $0.name, total: $0.line.total, place: nil) }
        }
    }

    public static func text(_ games: [LoadedGame]) -> String {
        games.map { loaded in
            let game = loaded.game
            var lines = ["\(loaded.path): \(game.title) (\(game.kind), \(game.date.text), \(game.status.rawValue))"]
            switch game.content {
            case .scores(let scores):
                let width = scores.players.map(\.count).max() ?? 0
                for row in scores.standings {
                    let crown = game.winners.contains(row.player) ? "  winner" : ""
                    lines.append("  \(row.place). \(row.player.padding(toLength: width, withPad: " ", startingAt: 0))  \(row.total)\(crown)")
                }
            case .bowling:
                break
            }
            if game.status != .finished { lines.append("  no winner yet: the game is \(game.status.rawValue == "setup" ? "being set up" : "still being played")") }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
