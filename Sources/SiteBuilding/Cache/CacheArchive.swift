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

    mutating func raw(_ raw: ArraySlice<UInt8>) { bytes += raw }

    /// Hands each whole `size`-byte chunk at the start of the bytes to `take`, and keeps the rest.
    mutating func takeChunks(of size: Int, _ take: (ArraySlice<UInt8>) -> Void) {
        guard bytes.count >= size else { return }
        var start = 0
        while bytes.count - start >= size {
            take(bytes[start..<start + size])
            start += size
        }
        bytes.removeSubrange(0..<start)
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

    mutating func array<Value>(_ values: some Collection<Value>, _ write: (inout ArchiveWriter, Value) -> Void) {
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

    /// The bytes read from, which a value may keep a range of.
    var archive: [UInt8] { bytes }

    /// Where the next read starts.
    var position: Int { offset }

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
        guard let text = String(validUTF8: bytes[offset..<offset + count]) else { throw Malformed() }
        return text
    }

    mutating func fingerprint() throws(Malformed) -> Fingerprint {
        Fingerprint(high: try unsigned(), low: try unsigned())
    }

    mutating func optional<Value>(_ read: (inout ArchiveReader) throws(Malformed) -> Value) throws(Malformed) -> Value?
    {
        try bool() ? try read(&self) : nil
    }

    mutating func array<Value>(_ read: (inout ArchiveReader) throws(Malformed) -> Value) throws(Malformed) -> [Value] {
        let count = try count()
        var values: [Value] = []
        // The count is bounded by the bytes left, but an element's memory is many times its
        // smallest encoding: room for a damaged count would be gigabytes. Growth pays for the rest.
        values.reserveCapacity(Swift.min(count, 4096))
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    /// Reads an array's elements one at a time, for a dictionary made of them: `sizing` is told
    /// the count first (capped as `array` caps it), to make room for them all at once.
    mutating func each(sizing: (Int) -> Void, _ read: (inout ArchiveReader) throws(Malformed) -> Void) throws(Malformed)
    {
        let count = try count()
        sizing(Swift.min(count, 1 << 16))
        for _ in 0..<count { try read(&self) }
    }

    /// The range of a run of bytes written with its length before it, passed over.
    mutating func skip() throws(Malformed) -> Range<Int> {
        let count = try count()
        defer { offset += count }
        return offset..<offset + count
    }

    mutating func raw<Value: RawRepresentable>(_: Value.Type) throws(Malformed) -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: try string()) else { throw Malformed() }
        return value
    }
}

/// A parsed game, field by field. Decoding goes through the domain's checking initializers
/// (bowling lines, puzzle boards and replays), so a decoded game is one the parser could have
/// made. A field added to a game must be added here: `CacheArchiveTests` round-trips games of
/// every kind and compares them whole.
extension ArchiveWriter {
    mutating func origin(_ origin: ImportOrigin) {
        string(origin.source.rawValue)
        string(origin.id)
        optional(origin.copy) { $0.int($1) }
    }

    mutating func game(_ game: Game) {
        string(game.title)
        string(game.date.text)
        bool(game.isDraft)
        optional(game.boardgameName) { $0.string($1) }
        optional(game.bggID) { $0.int($1) }
        optional(game.location) { $0.string($1) }
        optional(game.durationMinutes) { $0.int($1) }
        optional(game.origin) { $0.origin($1) }
        optional(game.seating) { writer, seating in
            writer.optional(seating.first) { $0.string($1) }
            writer.array(seating.seats) { $0.string($1) }
        }
        unsigned(game.kind.archiveTag)
        switch game.content {
        case .scores(let scores):
            switch scores.lineup {
            case .players(let players):
                unsigned(0)
                array(players) { $0.string($1) }
            case .teams(let teams):
                unsigned(1)
                array(teams) { writer, team in
                    writer.string(team.name)
                    writer.array(team.players) { $0.string($1) }
                }
            }
            func points(_ writer: inout ArchiveWriter, _ points: ScoreGame.Points) {
                writer.string(points.win.rawValue)
                func entries(_ writer: inout ArchiveWriter, _ entries: some Collection<ScoreGame.Entry>) {
                    writer.array(entries) { writer, entry in
                        writer.string(entry.player)
                        writer.int(entry.points)
                    }
                }
                switch points.kept {
                case .rounds(let start, let rounds):
                    writer.unsigned(0)
                    writer.int(start)
                    writer.array(rounds) { entries(&$0, $1) }
                case .final(let final):
                    writer.unsigned(1)
                    entries(&writer, final)
                }
            }
            switch scores.decision {
            case .points(let kept):
                unsigned(0)
                points(&self, kept)
            case .ranks(let ranks, let kept):
                unsigned(1)
                array(ranks.sorted { $0.key < $1.key }) { writer, rank in
                    writer.string(rank.key)
                    writer.int(rank.value)
                }
                optional(kept) { points(&$0, $1) }
            case .winners(let winners, let kept):
                unsigned(2)
                array(winners) { $0.string($1) }
                optional(kept) { points(&$0, $1) }
            case .cooperative(let won):
                unsigned(3)
                optional(won) { $0.bool($1) }
            }
            string(scores.status.rawValue)
        case .bowling(let bowling):
            string(bowling.status.rawValue)
            array(bowling.players) { writer, player in
                writer.string(player.name)
                writer.array(player.line.balls) { writer, ball in
                    switch ball {
                    case .pins(let pins):
                        writer.unsigned(0)
                        writer.int(pins)
                    case .foul: writer.unsigned(1)
                    case .split(let pins):
                        writer.unsigned(2)
                        writer.int(pins)
                    }
                }
            }
        case .fifteen(let puzzle):
            int(puzzle.start.size)
            array(puzzle.start.tiles) { $0.int($1) }
            optional(puzzle.seed) { $0.unsigned($1) }
            string(puzzle.status.rawValue)
            optional(puzzle.optimum) { writer, optimum in
                switch optimum {
                case .moves(let moves):
                    writer.unsigned(0)
                    writer.int(moves)
                case .notComputed(let gap):
                    writer.unsigned(1)
                    switch gap {
                    case .unsolvable: writer.unsigned(0)
                    case .tooLarge(let size):
                        writer.unsigned(1)
                        writer.int(size)
                    case .timeLimit(let seconds, let atLeast):
                        writer.unsigned(2)
                        writer.unsigned(seconds.bitPattern)
                        writer.int(atLeast)
                    case .nodeLimit(let nodes, let atLeast):
                        writer.unsigned(3)
                        writer.int(nodes)
                        writer.int(atLeast)
                    case .cancelled: writer.unsigned(4)
                    }
                }
            }
            array(puzzle.players) { writer, player in
                writer.string(player.name)
                writer.optional(player.result.seconds) { $0.unsigned($1.bitPattern) }
                writer.array(player.replay.moves) { writer, move in
                    switch move {
                    case .tile(let tile):
                        writer.unsigned(0)
                        writer.int(tile)
                    case .slide(let direction):
                        writer.unsigned(1)
                        writer.string(direction.rawValue)
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
        let location = try optional { reader throws(Malformed) in try reader.string() }
        let durationMinutes = try optional { reader throws(Malformed) in try reader.int() }
        let origin = try optional { reader throws(Malformed) in
            ImportOrigin(
                source: try reader.raw(ImportOrigin.Source.self), id: try reader.string(),
                copy: try reader.optional { reader throws(Malformed) in try reader.int() })
        }
        let seating = try optional { reader throws(Malformed) in
            Seating(
                first: try reader.optional { reader throws(Malformed) in try reader.string() },
                seats: try reader.array { reader throws(Malformed) in try reader.string() })
        }
        let content: Game.Content
        let tag = try unsigned()
        guard let kind = GameKind.allCases.first(where: { $0.archiveTag == tag }) else { throw Malformed() }
        // Exhaustive: a new kind stops the build here until the cache can read it back.
        switch kind {
        case .scores:
            let lineup: ScoreGame.Lineup
            switch try unsigned() {
            case 0: lineup = .players(try array { reader throws(Malformed) in try reader.string() })
            case 1:
                lineup = .teams(
                    try array { reader throws(Malformed) in
                        ScoreGame.Team(
                            name: try reader.string(),
                            players: try reader.array { reader throws(Malformed) in try reader.string() })
                    })
            default: throw Malformed()
            }
            func points(_ reader: inout ArchiveReader) throws(Malformed) -> ScoreGame.Points {
                let win = try reader.raw(WinRule.self)
                func entries(_ reader: inout ArchiveReader) throws(Malformed) -> [ScoreGame.Entry] {
                    try reader.array { reader throws(Malformed) in
                        ScoreGame.Entry(player: try reader.string(), points: try reader.int())
                    }
                }
                switch try reader.unsigned() {
                case 0:
                    let start = try reader.int()
                    return ScoreGame.Points(
                        .rounds(
                            start: start,
                            ScoreGame.Rounds(try reader.array { reader throws(Malformed) in try entries(&reader) })),
                        win: win)
                case 1: return ScoreGame.Points(.final(try entries(&reader)), win: win)
                default: throw Malformed()
                }
            }
            let decision: ScoreGame.Decision
            switch try unsigned() {
            case 0: decision = .points(try points(&self))
            case 1:
                let ranks = try array { reader throws(Malformed) in (try reader.string(), try reader.int()) }
                decision = .ranks(
                    Dictionary(ranks) { first, _ in first },
                    points: try optional { reader throws(Malformed) in try points(&reader) })
            case 2:
                let winners = try array { reader throws(Malformed) in try reader.string() }
                decision = .winners(winners, points: try optional { reader throws(Malformed) in try points(&reader) })
            case 3: decision = .cooperative(won: try optional { reader throws(Malformed) in try reader.bool() })
            default: throw Malformed()
            }
            content = .scores(ScoreGame(lineup: lineup, decision: decision, status: try raw(GameStatus.self)))
        case .bowling:
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
        case .fifteen:
            let size = try int()
            let tiles = try array { reader throws(Malformed) in try reader.int() }
            guard let start = try? PuzzleBoard(size: size, tiles: tiles) else { throw Malformed() }
            let seed = try optional { reader throws(Malformed) in try reader.unsigned() }
            let status = try raw(GameStatus.self)
            let optimum = try optional { reader throws(Malformed) -> PuzzleOptimum in
                switch try reader.unsigned() {
                case 0: return .moves(try reader.int())
                case 1:
                    switch try reader.unsigned() {
                    case 0: return .notComputed(.unsolvable)
                    case 1: return .notComputed(.tooLarge(size: try reader.int()))
                    case 2:
                        return .notComputed(
                            .timeLimit(seconds: Double(bitPattern: try reader.unsigned()), atLeast: try reader.int()))
                    case 3: return .notComputed(.nodeLimit(nodes: try reader.int(), atLeast: try reader.int()))
                    case 4: return .notComputed(.cancelled)
                    default: throw Malformed()
                    }
                default: throw Malformed()
                }
            }
            let players = try array { reader throws(Malformed) in
                let name = try reader.string()
                let seconds = try reader.optional { reader throws(Malformed) in
                    Double(bitPattern: try reader.unsigned())
                }
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
        }
        let game = Game(
            title: title, date: date, notes: "", content: content, isDraft: isDraft, boardgameName: boardgameName,
            bggID: bggID,
            location: location, durationMinutes: durationMinutes, origin: origin, seating: seating)
        // Seats as the parser allows them: the first player one of the players, every player seated once.
        if let seating {
            let players = Set(game.players)
            guard seating.first.map(players.contains) ?? true,
                seating.seats.isEmpty || seating.seats.count == players.count && Set(seating.seats) == players
            else { throw Malformed() }
        }
        return game
    }
}

extension GameKind {
    /// The kind's tag in the build cache: fixed per kind, as caches written before outlive a
    /// reordering of the kinds. Exhaustive, so a new kind asks for its tag here.
    var archiveTag: UInt64 {
        switch self {
        case .scores: 0
        case .bowling: 1
        case .fifteen: 2
        }
    }
}
