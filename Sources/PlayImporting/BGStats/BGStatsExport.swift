/// The parts of BG Stats' `BGStatsExport.json` the importer reads, as `Decodable` values; every
/// other field is ignored. Field names as in real exports (README cites them): top-level
/// `players`, `locations`, `games`, `plays`; each play's `playerScores`.
///
/// Each element of a list decodes on its own (`Lenient`): one bad play is reported with its JSON
/// path and the others are imported. Numbers and flags are read leniently too (`Flexible…`):
/// exports have written ids as numbers, flags as `true` or `1`, scores as text or numbers.
struct BGStatsExport: Decodable {
    var players: [Lenient<Player>]?
    var locations: [Lenient<Location>]?
    var games: [Lenient<Game>]?
    var plays: [Lenient<Play>]?

    struct Player: Decodable {
        var id: FlexibleInt
        var name: String?
    }

    struct Location: Decodable {
        var id: FlexibleInt
        var name: String?
    }

    struct Game: Decodable {
        var id: FlexibleInt
        var name: String?
        var bggId: FlexibleInt?
        var cooperative: FlexibleBool?
        var highestWins: FlexibleBool?
    }

    struct Play: Decodable {
        var uuid: String
        var playDate: String
        var gameRefId: FlexibleInt
        var locationRefId: FlexibleInt?
        var durationMin: FlexibleInt?
        var comments: String?
        var board: String?
        var ignored: FlexibleBool?
        var usesTeams: FlexibleBool?
        var playerScores: [PlayerScore]?
    }

    struct PlayerScore: Decodable {
        var playerRefId: FlexibleInt
        var score: FlexibleText?
        var winner: FlexibleBool?
        var rank: FlexibleInt?
        var team: FlexibleText?
        var startPlayer: FlexibleBool?
    }
}

/// An element that failed to decode keeps its error instead of failing the whole list.
struct Lenient<Value: Decodable>: Decodable {
    var result: Result<Value, any Error>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Value(from: decoder))
        } catch {
            result = .failure(error)
        }
    }
}

struct FlexibleInt: Decodable {
    var value: Int

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let int = try? container.decode(Int.self) {
            value = int
        } else if let double = try? container.decode(Double.self), double == double.rounded(), abs(double) < 1e15 {
            value = Int(double)
        } else if let int = Int(try container.decode(String.self)) {
            value = int
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a whole number")
        }
    }
}

struct FlexibleBool: Decodable {
    var value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            value = bool
        } else if let int = try? container.decode(Int.self) {
            value = int != 0
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected true, false, 0 or 1")
        }
    }
}

/// Text, or a number written as one (a score `86` instead of `"86"`); null is no text.
struct FlexibleText: Decodable {
    var value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let text = try? container.decode(String.self) {
            value = text
        } else if let int = try? container.decode(Int.self) {
            value = String(int)
        } else {
            let double = try container.decode(Double.self)
            value = double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
        }
    }
}
