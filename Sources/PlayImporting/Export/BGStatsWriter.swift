import Foundation
import GameDomain

/// Plays as BG Stats' `BGStatsExport.json`: the lists `BGStatsReader` reads (`players`,
/// `locations`, `games`, `plays` with `playerScores`), written with `JSONEncoder` (sorted keys,
/// so the same plays give the same bytes).
///
/// Game files keep names, not BG Stats' ids, so the ids are made here: a person is a name as
/// GameNight matches players (case and spacing aside), numbered from 1 in order of first
/// appearance (plays by date, then path), and shown as first written; locations likewise by
/// their text. A BG Stats game is a board game with its BGG id, whether it is cooperative and
/// which end of the scores wins (BG Stats keeps the last two per game, game files per play, so
/// one board game played both ways is two games here).
enum BGStatsWriter {
    struct Export: Encodable {
        var players: [Named] = []
        var locations: [Named] = []
        var games: [Game] = []
        var plays: [Play] = []
    }

    struct Named: Encodable {
        var id: Int
        var name: String
    }

    struct Game: Encodable {
        var id: Int
        var name: String
        var bggId: Int?
        var cooperative: Bool
        var highestWins: Bool
    }

    struct Play: Encodable {
        var uuid: String
        var playDate: String
        var gameRefId: Int
        var locationRefId: Int?
        var durationMin: Int?
        var comments: String?
        var board: String?
        var ignored: Bool
        var usesTeams: Bool
        var playerScores: [PlayerScore]
    }

    struct PlayerScore: Encodable {
        var playerRefId: Int
        /// Text, as BG Stats writes scores; "" for none, as it does.
        var score: String
        var winner: Bool
        /// 0 for none, as BG Stats writes it.
        var rank: Int
        /// BG Stats' team: its number for `Team <number>`, else the name; nil without teams.
        var team: String?
        var startPlayer: Bool
    }

    /// Numbers from 1 in order of first appearance, by a key.
    private struct Numbering<Key: Hashable> {
        var ids: [Key: Int] = [:]
        mutating func id(_ key: Key, onNew: (Int) -> Void) -> Int {
            if let id = ids[key] { return id }
            let id = ids.count + 1
            ids[key] = id
            onNew(id)
            return id
        }
    }

    private struct GameKey: Hashable {
        var name: String
        var bggID: Int?
        var cooperative: Bool
        var lowestWins: Bool
    }

    static func document(_ plays: [ExportedPlay]) throws -> Data {
        var export = Export()
        var people = Numbering<String>()
        var places = Numbering<String>()
        var games = Numbering<GameKey>()
        for play in plays {
            let usesTeams = play.players.contains { $0.team != nil }
            let key = GameKey(
                name: play.boardgame, bggID: play.bggID, cooperative: play.isCooperative, lowestWins: play.lowestWins)
            let game = games.id(key) { id in
                export.games.append(
                    Game(
                        id: id, name: play.boardgame, bggId: play.bggID, cooperative: play.isCooperative,
                        highestWins: !play.lowestWins))
            }
            let location = play.location.map { name in
                places.id(name) { export.locations.append(Named(id: $0, name: name)) }
            }
            let scores = play.players.map { player in
                let id = people.id(PlayerName.identity(of: player.name)) {
                    export.players.append(Named(id: $0, name: player.name))
                }
                return PlayerScore(
                    playerRefId: id, score: player.score.map(String.init) ?? "", winner: player.won,
                    rank: player.rank ?? 0,
                    team: player.team.map(teamText), startPlayer: player.startPosition == 1)
            }
            export.plays.append(
                Play(
                    uuid: play.id, playDate: playDate(play.date), gameRefId: game, locationRefId: location,
                    durationMin: play.durationMinutes, comments: play.comments.isEmpty ? nil : play.comments,
                    board: play.variant,
                    ignored: play.isDraft, usesTeams: usesTeams, playerScores: scores))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(export) + Data("\n".utf8)
    }

    /// `2024-03-02 19:30:00` as BG Stats writes a play's date, from a game file's date-time (its
    /// seconds kept, its time zone dropped: BG Stats has none); a bare date stays bare, which the
    /// importer reads back as the same date without a time.
    static func playDate(_ date: GameDate) -> String {
        guard let time = date.time else { return date.day }
        let clock = time.prefix { $0 != "Z" && $0 != "+" && $0 != "-" }
        return date.day + " " + clock + (clock.count == 5 ? ":00" : "")
    }

    /// The inverse of `BGStatsReader.teamName`: `Team 2` is BG Stats' team `2`.
    static func teamText(_ name: String) -> String {
        let number = name.hasPrefix("Team ") ? String(name.dropFirst(5)) : ""
        // `0` is no team to BG Stats, and `+1` would come back as `Team 1`.
        guard let value = Int(number), value != 0, !number.hasPrefix("+") else { return name }
        return number
    }
}
