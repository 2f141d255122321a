import GameDomain

/// `game: scores` — the score keeper: players, starting points, rounds of points.
struct ScoresReader: GameKindReader {
    static let keys = ["win", "start", "players", "rounds"]

    static func read(_ fields: Fields, status: GameStatus, reader: inout GameFileReader) -> Game.Content? {
        var ok = true
        let win = fields["win"].map { reader.choice($0, "win", as: WinRule.self) } ?? .highest
        let start = fields["start"].map { reader.integer($0, "`start` (every player's starting points)") } ?? 0

        var players: [String] = []
        if let node = fields["players"] {
            var seen: [String: String] = [:]
            let items = reader.list(node, "`players`") ?? []
            if !reader.check(items.count, against: .players, at: node) { ok = false }
            for item in items {
                guard let name = reader.text(item, "a player's name") else { ok = false; continue }
                let identity = PlayerName.identity(of: name)
                if let first = seen[identity] {
                    reader.fail(item, "player `\(name)` is listed twice (as `\(first)` before); give every player one entry")
                    ok = false
                    continue
                }
                seen[identity] = name
                players.append(name)
            }
        } else {
            fields.requireMissing("players", "missing key `players`; list who played, e.g. `players: [Elisha, Andre]`", reader: &reader)
            ok = false
        }

        let known = Set(players)
        var rounds: [ScoreGame.Round] = []
        let roundNodes = fields["rounds"].flatMap { reader.list($0, "`rounds`") } ?? []
        if let node = fields["rounds"], !reader.check(roundNodes.count, against: .rounds, at: node) { ok = false }
        // Past a limit the file is rejected anyway; the rest is not read, so a hostile file costs
        // no more than one at the limit. Player names are all read: the rounds are checked against them.
        for (index, roundNode) in roundNodes.prefix(reader.limits.maxRounds).enumerated() {
            let place = "round \(index + 1)"
            guard let pairs = roundNode.pairs else {
                reader.fail(roundNode, "\(place) must map players to points, e.g. `- {Elisha: 3, Andre: 5}`, found \(roundNode.summary)")
                ok = false
                continue
            }
            var round: ScoreGame.Round = []
            // Rounds are kept for the whole build; growing by appends would leave slack in each.
            round.reserveCapacity(pairs.count)
            for (key, value) in pairs {
                guard let name = key.scalar.map({ $0.trimmingCharacters(in: " ") }), known.contains(name) else {
                    let name = key.scalar ?? key.summary
                    reader.fail(key, "\(place) names `\(name)`, who is not in `players`\(suggestion(for: name, among: players)); add them to `players` or fix the name")
                    ok = false
                    continue
                }
                guard let points = reader.integer(value, "\(name)'s points in \(place)") else { ok = false; continue }
                round.append(ScoreGame.Entry(player: name, points: points))
            }
            rounds.append(round)
        }
        guard ok, let win, let start else { return nil }
        return .scores(ScoreGame(players: players, start: start, win: win, rounds: rounds, status: status))
    }
}
