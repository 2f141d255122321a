import GameDomain

/// The build cache's bytes: unsigned LEB128 numbers (zigzag for signed ones), strings as a
/// length and UTF-8. Written and read field by field, without `Codable`: JSON made a 10,000-game
/// cache slower to load than parsing the games again.
struct ArchiveWriter {
    private(set) var bytes: [UInt8] = []

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Bytes as they are, after reserving room for `capacity` more.
    mutating func raw(_ raw: [UInt8], reserving capacity: Int = 0) {
        bytes.reserveCapacity(bytes.count + raw.count + capacity)
        bytes += raw
    }

    mutating func int(_ value: Int) {
        let signed = Int64(value)
        unsigned(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func fingerprint(_ value: Fingerprint) {
        unsigned(value.high)
        unsigned(value.low)
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout ArchiveWriter, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }

    mutating func array<Value>(_ values: [Value], _ write: (inout ArchiveWriter, Value) -> Void) {
        unsigned(UInt64(values.count))
        for value in values { write(&self, value) }
    }
}

/// Reads what `ArchiveWriter` wrote; anything out of place throws, never traps.
struct ArchiveReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset: Int
    private let end: Int

    init(_ bytes: [UInt8], from start: Int, to end: Int) {
        self.bytes = bytes
        offset = start
        self.end = end
    }

    var isAtEnd: Bool { offset == end }

    mutating func unsigned() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < end, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func int() throws(Malformed) -> Int {
        let raw = try unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }

    /// A count of things each at least one byte long, so a damaged count cannot ask for more
    /// memory than the file has bytes.
    mutating func count() throws(Malformed) -> Int {
        let value = try unsigned()
        guard value <= UInt64(end - offset) else { throw Malformed() }
        return Int(value)
    }

    mutating func bool() throws(Malformed) -> Bool {
        guard offset < end, bytes[offset] <= 1 else { throw Malformed() }
        offset += 1
        return bytes[offset - 1] == 1
    }

    mutating func string() throws(Malformed) -> String {
        let count = try count()
        defer { offset += count }
        guard let text = String(validating: bytes[offset..<offset + count], as: UTF8.self) else { throw Malformed() }
        return text
    }

    mutating func fingerprint() throws(Malformed) -> Fingerprint {
        Fingerprint(high: try unsigned(), low: try unsigned())
    }

    mutating func optional<Value>(_ read: (inout ArchiveReader) throws(Malformed) -> Value) throws(Malformed) -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<Value>(_ read: (inout ArchiveReader) throws(Malformed) -> Value) throws(Malformed) -> [Value] {
        let count = try count()
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func raw<Value: RawRepresentable>(_: Value.Type) throws(Malformed) -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: try string()) else { throw Malformed() }
        return value
    }
}

/// A parsed game, field by field. Decoding goes through the domain's checking initializers
/// (bowling lines, puzzle boards and replays), so a decoded game is one the parser could have
/// made. A field added to a game must be added here: `CacheArchiveTests` round-trips games of
/// every kind and compares them whole.
extension ArchiveWriter {
    mutating func game(_ game: Game) {
        string(game.title)
        string(game.date.text)
        bool(game.isDraft)
        optional(game.boardgameName) { $0.string($1) }
        optional(game.bggID) { $0.int($1) }
        switch game.content {
        case .scores(let scores):
            unsigned(0)
            array(scores.players) { $0.string($1) }
            int(scores.start)
            string(scores.win.rawValue)
            string(scores.status.rawValue)
            array(scores.rounds) { writer, round in
                writer.array(round) { writer, entry in
                    writer.string(entry.player)
                    writer.int(entry.points)
                }
            }
        case .bowling(let bowling):
            unsigned(1)
            string(bowling.status.rawValue)
            array(bowling.players) { writer, player in
                writer.string(player.name)
                writer.array(player.line.balls) { writer, ball in
                    switch ball {
                    case .pins(let pins): writer.unsigned(0); writer.int(pins)
                    case .foul: writer.unsigned(1)
                    case .split(let pins): writer.unsigned(2); writer.int(pins)
                    }
                }
            }
        case .fifteen(let puzzle):
            unsigned(2)
            int(puzzle.start.size)
            array(puzzle.start.tiles) { $0.int($1) }
            optional(puzzle.seed) { $0.unsigned($1) }
            string(puzzle.status.rawValue)
            optional(puzzle.optimum) { writer, optimum in
                switch optimum {
                case .moves(let moves): writer.unsigned(0); writer.int(moves)
                case .notComputed(let reason): writer.unsigned(1); writer.string(reason)
                }
            }
            array(puzzle.players) { writer, player in
                writer.string(player.name)
                writer.optional(player.result.seconds) { $0.unsigned($1.bitPattern) }
                writer.array(player.replay.moves) { writer, move in
                    switch move {
                    case .tile(let tile): writer.unsigned(0); writer.int(tile)
                    case .slide(let direction): writer.unsigned(1); writer.string(direction.rawValue)
                    }
                }
            }
        }
    }
}

extension ArchiveReader {
    mutating func game() throws(Malformed) -> Game {
        let title = try string()
        guard let date = GameDate(try string()) else { throw Malformed() }
        let isDraft = try bool()
        let boardgameName = try optional { reader throws(Malformed) in try reader.string() }
        let bggID = try optional { reader throws(Malformed) in try reader.int() }
        let content: Game.Content
        switch try unsigned() {
        case 0:
            let players = try array { reader throws(Malformed) in try reader.string() }
            let start = try int()
            let win = try raw(WinRule.self)
            let status = try raw(GameStatus.self)
            let rounds = try array { reader throws(Malformed) in
                try reader.array { reader throws(Malformed) in ScoreGame.Entry(player: try reader.string(), points: try reader.int()) }
            }
            content = .scores(ScoreGame(players: players, start: start, win: win, rounds: rounds, status: status))
        case 1:
            let status = try raw(GameStatus.self)
            let players = try array { reader throws(Malformed) in
                let name = try reader.string()
                let balls = try reader.array { reader throws(Malformed) -> BowlingBall in
                    switch try reader.unsigned() {
                    case 0: return .pins(try reader.int())
                    case 1: return .foul
                    case 2: return .split(try reader.int())
                    default: throw Malformed()
                    }
                }
                guard let line = try? BowlingLine(balls: balls) else { throw Malformed() }
                return BowlingGame.Player(name: name, line: line)
            }
            content = .bowling(BowlingGame(players: players, status: status))
        case 2:
            let size = try int()
            let tiles = try array { reader throws(Malformed) in try reader.int() }
            guard let start = try? PuzzleBoard(size: size, tiles: tiles) else { throw Malformed() }
            let seed = try optional { reader throws(Malformed) in try reader.unsigned() }
            let status = try raw(GameStatus.self)
            let optimum = try optional { reader throws(Malformed) -> PuzzleOptimum in
                switch try reader.unsigned() {
                case 0: return .moves(try reader.int())
                case 1: return .notComputed(try reader.string())
                default: throw Malformed()
                }
            }
            let players = try array { reader throws(Malformed) in
                let name = try reader.string()
                let seconds = try reader.optional { reader throws(Malformed) in Double(bitPattern: try reader.unsigned()) }
                let moves = try reader.array { reader throws(Malformed) -> PuzzleMove in
                    switch try reader.unsigned() {
                    case 0: return .tile(try reader.int())
                    case 1: return .slide(try reader.raw(SlideDirection.self))
                    default: throw Malformed()
                    }
                }
                guard let replay = try? PuzzleReplay(start: start, moves: moves) else { throw Malformed() }
                return PuzzleGame.Player(name: name, replay: replay, seconds: seconds)
            }
            content = .fifteen(PuzzleGame(start: start, seed: seed, players: players, status: status, optimum: optimum))
        default:
            throw Malformed()
        }
        return Game(title: title, date: date, notes: "", content: content, isDraft: isDraft, boardgameName: boardgameName, bggID: bggID)
    }
}
