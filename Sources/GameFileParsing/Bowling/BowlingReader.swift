import GameDomain

/// `game: bowling` — ten-pin bowling: each player's line as score-sheet notation or pin counts.
///
///     players:
///       - {name: Ann, rolls: X X X X X X X X X XXX}
///       - name: Bo
///         rolls: [9, 0, 10, 7, 3]
struct BowlingReader: GameKindReader {
    static let keys = ["players"]

    static func read(_ fields: Fields, status: GameStatus, reader: inout GameFileReader) -> Game.Content? {
        guard let node = fields["players"] else {
            fields.requireMissing(
                "players",
                "missing key `players`; list each bowler with their rolls, e.g. `players: [{name: Ann, rolls: X 7/ 9-}]`",
                reader: &reader)
            return nil
        }
        var ok = true
        var players: [BowlingGame.Player] = []
        var seen: [String: String] = [:]
        let items = reader.list(node, "`players`") ?? []
        if !reader.check(items.count, against: .players, at: node) { ok = false }
        // Bowlers past the limit are not read: the file is rejected anyway.
        for item in items.prefix(reader.limits.maxPlayers) {
            guard let player = readPlayer(item, status: status, seen: &seen, reader: &reader) else {
                ok = false
                continue
            }
            players.append(player)
        }
        guard ok else { return nil }
        return .bowling(BowlingGame(players: players, status: status))
    }

    /// One `{name, rolls}` entry; nil after reporting its problems. `seen` maps the identities of
    /// earlier players' names to their spelling, to reject a bowler listed twice.
    static func readPlayer(
        _ item: YAMLNode, status: GameStatus, seen: inout [String: String], reader: inout GameFileReader
    ) -> BowlingGame.Player? {
        guard item.pairs != nil else {
            reader.fail(
                item,
                "each player must be a mapping with `name` and `rolls`, e.g. `- {name: Ann, rolls: X 7/ 9-}`, found \(item.summary)"
            )
            return nil
        }
        guard let fields = reader.fields(of: item, allowed: ["name", "rolls"], in: "a player") else { return nil }
        var name: String?
        if let node = fields["name"] {
            name = reader.text(node, "a player's name")
            if let text = name {
                let identity = PlayerName.identity(of: text)
                if let first = seen[identity] {
                    reader.fail(
                        node, "player `\(text)` is listed twice (as `\(first)` before); give every bowler one entry")
                    name = nil
                } else {
                    seen[identity] = text
                }
            }
        } else {
            fields.requireMissing(
                "name", "missing key `name`; say who bowled this line, e.g. `name: Ann`", reader: &reader)
            name = nil
        }
        // A player without `rolls` has not bowled yet: an empty line.
        let rollsNode = fields["rolls"]
        let line = rollsNode.map { readLine($0, reader: &reader) } ?? (try? BowlingLine(balls: []))
        guard let name, let line else { return nil }
        if status == .finished, !line.isComplete {
            reader.fail(
                rollsNode ?? item,
                "`status: finished`, but \(name)'s line is not: \(missing(in: line)); add the missing balls or set `status: playing`"
            )
            return nil
        }
        return BowlingGame.Player(name: name, line: line)
    }

    /// Notation text, or a list of pin counts. Errors point at the offending character or element.
    static func readLine(_ node: YAMLNode, reader: inout GameFileReader) -> BowlingLine? {
        if let text = node.scalar {
            do {
                return try BowlingNotation.parse(node.isNull ? "" : text)
            } catch {
                reader.fail(at: node.location(ofCharacter: error.offset), error.message)
                return nil
            }
        }
        guard let items = node.items else {
            reader.fail(
                node,
                "`rolls` must be score-sheet notation such as `X 7/ 9-` or a list of pin counts such as `[10, 7, 3]`, found \(node.summary)"
            )
            return nil
        }
        var pins: [Int] = []
        for item in items {
            guard let count = item.integer else {
                reader.fail(
                    item,
                    "a ball's pins must be a whole number from 0 to 10, found \(item.isNull ? "nothing" : item.summary)"
                )
                return nil
            }
            pins.append(count)
        }
        do {
            return try BowlingNotation.line(pinCounts: pins)
        } catch {
            reader.fail(items.indices.contains(error.ballIndex) ? items[error.ballIndex] : node, error.message)
            return nil
        }
    }

    /// What an incomplete line still needs, e.g. "frames 8–10 are still to bowl".
    static func missing(in line: BowlingLine) -> String {
        let progress = line.progress
        if line.balls.isEmpty { return "it has no balls yet" }
        switch (progress.frame, progress.ballsInFrame) {
        case (10, 0): return "frame 10 is still to bowl"
        case (10, 1): return "the 10th frame's second ball is missing"
        case (10, _):
            return "the 10th frame's third ball is missing (a strike or spare in the 10th earns one more ball)"
        case (let frame, 0): return "frames \(frame)–10 are still to bowl"
        case (let frame, _): return "frame \(frame) needs its second ball, and frames \(frame + 1)–10 are still to bowl"
        }
    }
}
