import GameDomain

/// `game: fifteen` — a sliding-puzzle race: a board size, a start layout or seeded shuffle, and
/// each player's moves (and time), which are replayed and checked move by move.
struct FifteenReader: GameKindReader {
    static let keys = ["size", "start", "players"]
    static let sizes = GameFileLimits.boardSizes

    static func read(_ fields: Fields, status: GameStatus, reader: inout GameFileReader) -> Game.Content? {
        var ok = true
        var size: Int?
        if let node = fields["size"] {
            if let value = node.integer, sizes.contains(value) {
                if reader.check(value, against: .boardSize, at: node) { size = value } else { ok = false }
            } else {
                reader.fail(
                    node,
                    "`size` must be a whole number from \(sizes.lowerBound) to \(sizes.upperBound) (the board's width), found \(node.summary)"
                )
                ok = false
            }
        }

        var start: (board: PuzzleBoard, seed: UInt64?)?
        if let node = fields["start"] {
            if node.pairs != nil {
                // Without `size` a shuffle is 4×4, which a lower limit refuses too.
                if fields["size"] == nil, !reader.check(4, against: .boardSize, at: node) { ok = false }
                start = readShuffle(node, size: size ?? 4, reader: &reader)
            } else if ok {
                start = readLayout(node, size: size, reader: &reader).map { ($0, nil) }
            }
        } else {
            fields.requireMissing(
                "start",
                "missing key `start`; give the layout as rows (`- 1 2 3`) or a shuffle, e.g. `start: {shuffle: {seed: 42}}`",
                reader: &reader)
        }

        var players: [PuzzleGame.Player] = []
        if let node = fields["players"] {
            var seen: [String: String] = [:]
            let items = reader.list(node, "`players`") ?? []
            if !reader.check(items.count, against: .players, at: node) { ok = false }
            // Racers past the limit are not read: the file is rejected anyway, and replaying
            // their moves is the work the limit bounds.
            for item in items.prefix(reader.limits.maxPlayers) {
                guard let player = readPlayer(item, start: start?.board, seen: &seen, reader: &reader) else {
                    ok = false
                    continue
                }
                players.append(player)
            }
        } else {
            fields.requireMissing(
                "players", "missing key `players`; list each racer, e.g. `- {name: Ana, moves: 12 8 4, time: 95}`",
                reader: &reader)
            ok = false
        }
        guard ok, let start else { return nil }
        return .fifteen(PuzzleGame(start: start.board, seed: start.seed, players: players, status: status))
    }

    /// `start: {shuffle: {seed: S}}`.
    static func readShuffle(_ node: YAMLNode, size: Int, reader: inout GameFileReader) -> (PuzzleBoard, UInt64?)? {
        let example = "e.g. `start: {shuffle: {seed: 42}}`"
        guard let fields = reader.fields(of: node, allowed: ["shuffle"], in: "`start`") else { return nil }
        guard let shuffle = fields["shuffle"] else {
            fields.requireMissing("shuffle", "`start` must be rows of tiles or a shuffle, \(example)", reader: &reader)
            return nil
        }
        guard let options = reader.fields(of: shuffle, allowed: ["seed"], in: "`shuffle`") else { return nil }
        guard let seedNode = options["seed"] else {
            options.requireMissing(
                "seed", "`shuffle` needs a seed so everyone gets the same board, \(example)", reader: &reader)
            return nil
        }
        guard let seed = seedNode.integer, seed >= 0 else {
            reader.fail(seedNode, "`seed` must be a whole number from 0 up, found \(seedNode.summary)")
            return nil
        }
        guard let board = try? PuzzleBoard.shuffled(size: size, seed: UInt64(seed)) else { return nil }
        return (board, UInt64(seed))
    }

    /// Rows of tiles: each row a list (`[1, 2, 3]`) or text (`1 2 3`, `4,5,_`). Without `size`
    /// the number of rows gives the width.
    static func readLayout(_ node: YAMLNode, size: Int?, reader: inout GameFileReader) -> PuzzleBoard? {
        guard let rowNodes = node.items else {
            reader.fail(
                node,
                "`start` must be rows of tiles (`- 1 2 3`, `_` or 0 for the blank) or a shuffle such as `{shuffle: {seed: 42}}`, found \(node.summary)"
            )
            return nil
        }
        var rows: [[String]] = []
        var cellLocations: [[SourceLocation]] = []
        for row in rowNodes {
            if let cells = row.items {
                var texts: [String] = []
                for cell in cells {
                    guard let text = cell.scalar else {
                        reader.fail(cell, "a cell of `start` must be a tile number or _, found \(cell.summary)")
                        return nil
                    }
                    texts.append(text)
                }
                rows.append(texts)
                cellLocations.append(cells.map(\.location))
            } else if let text = row.scalar {
                let tokens = cells(of: text)
                rows.append(tokens.map(\.text))
                cellLocations.append(tokens.map { row.location(ofCharacter: $0.offset) })
            } else {
                reader.fail(row, "a row of `start` must be tiles such as `1 2 3` or `[1, 2, 3]`, found \(row.summary)")
                return nil
            }
        }
        let width = size ?? (sizes.contains(rows.count) ? rows.count : 4)
        guard reader.check(width, against: .boardSize, at: node) else { return nil }
        do {
            return try LayoutNotation.parse(rows: rows, size: width)
        } catch {
            // Rows that make another square board: the width is what is wrong, not a row.
            let square = rows.count != width && sizes.contains(rows.count) && rows.allSatisfy { $0.count == rows.count }
            var location = node.location
            if !square, let row = error.row, rowNodes.indices.contains(row) {
                location = rowNodes[row].location
                if let column = error.column, cellLocations[row].indices.contains(column) {
                    location = cellLocations[row][column]
                }
            }
            let hint =
                square
                ? "; for a \(rows.count)×\(rows.count) board, set `size: \(rows.count)`"
                : size == nil && rows.count != width ? "; for another width add `size:`" : ""
            reader.fail(at: location, "in `start`, \(square ? error.message : error.description)\(hint)")
            return nil
        }
    }

    /// The cells of a row written as text, with their character offsets.
    static func cells(of text: String) -> [(text: String, offset: Int)] {
        var cells: [(text: String, offset: Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in text.enumerated() {
            if character == "," || character.isWhitespace {
                if !current.isEmpty { cells.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { cells.append((current, start)) }
        return cells
    }

    static func readPlayer(
        _ item: YAMLNode, start: PuzzleBoard?, seen: inout [String: String], reader: inout GameFileReader
    ) -> PuzzleGame.Player? {
        guard let fields = reader.fields(of: item, allowed: ["name", "moves", "time"], in: "a player") else {
            return nil
        }
        guard let nameNode = fields["name"] else {
            fields.requireMissing(
                "name", "a player needs a `name`, e.g. `- {name: Ana, moves: 12 8 4}`", reader: &reader)
            return nil
        }
        guard let name = reader.text(nameNode, "a player's `name`") else { return nil }
        let identity = PlayerName.identity(of: name)
        if let first = seen[identity] {
            reader.fail(
                nameNode, "player `\(name)` is listed twice (as `\(first)` before); give every player one entry")
            return nil
        }
        seen[identity] = name

        // A wrong time does not stop the moves from being checked: every error in one run.
        var seconds: Double?
        var timeFailed = false
        if let node = fields["time"], !node.isNull {
            if let value = node.scalar.flatMap(parseSeconds), value <= Self.maxSeconds {
                seconds = value
            } else {
                timeFailed = true
                reader.fail(
                    node,
                    node.scalar.flatMap(parseSeconds) == nil
                        ? "`time` must be seconds such as 95 or 95.5, or minutes:seconds such as 1:35, found \(node.summary)"
                        : "`time` must be at most 24 hours (86400 seconds), found \(node.summary); check it for a typo")
            }
        }

        // Moves: one line of text, or a list of lines for long solves.
        var lines: [YAMLNode] = []
        if let node = fields["moves"], !node.isNull {
            if let items = node.items { lines = items } else { lines = [node] }
        }
        var moves: [(move: PuzzleMove, line: YAMLNode, offset: Int)] = []
        let limit = reader.limits.maxMoves
        for line in lines {
            guard let text = line.scalar else {
                reader.fail(
                    line,
                    "\(name)'s `moves` must be tile numbers (`12 8 4`) or directions (`R3 U L2`), found \(line.summary)"
                )
                return nil
            }
            do {
                moves += try MoveNotation.parseWithOffsets(text, limit: limit - moves.count).map {
                    ($0.move, line, $0.offset)
                }
            } catch {
                let message = error.isPastLimit ? reader.limits.exceeded(.moves, limit + 1) : error.message
                reader.fail(at: line.location(ofCharacter: error.offset), "in \(name)'s moves, \(message)")
                return nil
            }
        }
        guard let start else { return nil }
        do {
            let replay = try PuzzleReplay(start: start, moves: moves.map(\.move))
            return timeFailed ? nil : PuzzleGame.Player(name: name, replay: replay, seconds: seconds)
        } catch {
            let (_, line, offset) = moves[error.position]
            reader.fail(at: line.location(ofCharacter: offset), "in \(name)'s moves, \(error.description)")
            return nil
        }
    }

    /// A race longer than a day is a typo (the fuzzer's 5.5 × 10⁷¹ seconds crashed a page).
    static let maxSeconds = 86_400.0

    /// `95`, `95.5` or `1:35` (minutes:seconds); never negative.
    static func parseSeconds(_ text: String) -> Double? {
        let parts = text.trimmingCharacters(in: " ").split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } })
        else { return nil }
        guard let last = parts.last.flatMap({ Double($0) }), last.isFinite else { return nil }
        if parts.count == 1 { return last }
        guard let minutes = Int(parts[0]), last < 60 else { return nil }
        return Double(minutes) * 60 + last
    }
}
