import GameDomain

/// `game: scores` — the score keeper: players (on their own or in `teams`), and what decides the
/// standings: `rounds` of points, final `scores`, `ranks`, `winners`, or a `cooperative` result.
struct ScoresReader: GameKindReader {
    /// `boardgame`, `bgg`, `first` and `seats` go into `Game` itself; `GameFileParser` reads them.
    static let keys = [
        "win", "start", "players", "teams", "rounds", "scores", "ranks", "winners", "cooperative", "result",
        "boardgame", "bgg", "first", "seats",
    ]

    /// The keys that say who won; a cooperative game, which all players win or lose together, has none of them.
    static let competitiveKeys = ["rounds", "scores", "start", "win", "ranks", "winners", "teams"]

    enum SharedResult: String, CaseIterable { case won, lost }

    static func read(_ fields: Fields, status: GameStatus, reader: inout GameFileReader) -> Game.Content? {
        let errors = reader.errorCount
        let cooperative = fields["cooperative"].map { reader.flag($0, "`cooperative`") } ?? false
        checkCombinations(fields, cooperative: cooperative == true, status: status, reader: &reader)

        let win = fields["win"].map { reader.choice($0, "win", as: WinRule.self) } ?? .highest
        let start = fields["start"].map { reader.integer($0, "`start` (every player's starting points)") } ?? 0
        let result = fields["result"].map { reader.choice($0, "result", as: SharedResult.self) }
        var listed = fields["players"].map { readPlayers($0, reader: &reader) }
        var teams: [ScoreGame.Team]? = nil
        if let node = fields["teams"] {
            // Without its teams, every name in the game would be reported as unknown.
            guard let read = readTeams(node, players: listed, reader: &reader) else { return nil }
            teams = read
        }
        if listed == nil, fields["teams"] == nil {
            // `scores: {Ann: 42, Bo: 37}` or `ranks: {Ann: 1, Bo: 2}` alone names the players.
            if let node = fields["scores"] ?? fields["ranks"], let pairs = node.pairs {
                // Past the limit the file is rejected; its names are not read.
                guard reader.check(pairs.count, against: .players, at: node) else { return nil }
                listed = readPlayers(pairs.map(\.key), reader: &reader)
            } else {
                fields.requireMissing(
                    "players", "missing key `players`; list who played, e.g. `players: [Elisha, Andre]`",
                    reader: &reader)
            }
        }
        let players = listed?.map(\.name) ?? teams?.flatMap(\.players) ?? []
        let lineup: ScoreGame.Lineup = teams.map { .teams($0) } ?? .players(players)
        let names = Names(players: players, teams: teams ?? [])

        var kept: ScoreGame.Points.Kept? = nil
        if let node = fields["scores"] {
            kept = readScores(node, key: fields.key("scores") ?? node, names: names, reader: &reader).map { .final($0) }
        } else if fields["rounds"] != nil || fields["start"] != nil {
            kept = readRounds(fields["rounds"], names: names, reader: &reader).map { .rounds(start: start ?? 0, $0) }
        }
        let points = kept.map { ScoreGame.Points($0, win: win ?? .highest) }

        var decision: ScoreGame.Decision? = nil
        if cooperative == true {
            decision = .cooperative(won: result.flatMap { $0 }.map { $0 == .won })
        } else if let node = fields["ranks"] {
            decision = readRanks(node, key: fields.key("ranks") ?? node, names: names, reader: &reader).map {
                .ranks($0, points: points)
            }
        } else if let node = fields["winners"] {
            decision = readWinners(node, key: fields.key("winners") ?? node, names: names, reader: &reader).map {
                .winners($0, points: points)
            }
        } else {
            decision = .points(points ?? ScoreGame.Points(.rounds(start: 0, []), win: win ?? .highest))
        }
        guard reader.errorCount == errors, let decision else { return nil }
        return .scores(ScoreGame(lineup: lineup, decision: decision, status: status))
    }

    /// Keys that cannot go together, each reported at the key that is one too many.
    static func checkCombinations(_ fields: Fields, cooperative: Bool, status: GameStatus, reader: inout GameFileReader)
    {
        if let key = fields.key("scores"), fields["rounds"] != nil {
            reader.fail(
                key, "a game keeps either `rounds` or final `scores`, not both",
                hint: "keep `rounds` to show the game round by round, or `scores` for the final points alone")
        }
        if let key = fields.key("start"), fields["scores"] != nil {
            reader.fail(
                key, "`start` is added to round points, and this game has final `scores`",
                hint: "add the starting points into the scores and remove `start`")
        }
        if let key = fields.key("winners"), fields["ranks"] != nil {
            reader.fail(
                key, "`ranks` and `winners` both say who won; give one of them",
                hint: "keep `ranks` for the whole order, or `winners` when only the winners count")
        }
        if cooperative {
            for name in competitiveKeys {
                guard let key = fields.key(name) else { continue }
                reader.fail(
                    key, "`\(name)` has no place in a cooperative game: all players win or lose together",
                    hint: "remove `\(name)`, or `cooperative: true` if the players played against each other")
            }
            if status == .finished, fields["result"] == nil, let key = fields.key("cooperative") {
                reader.fail(
                    key, "a finished cooperative game needs its result",
                    hint: "add `result: won` or `result: lost`, or set `status: playing`")
            }
        } else if let key = fields.key("result") {
            reader.fail(
                key, "`result` is for cooperative games, which all players win or lose together",
                hint: "add `cooperative: true`, or say who won with points, `ranks` or `winners`")
        }
        let keepsPoints = ["rounds", "scores", "start"].contains { fields[$0] != nil }
        if let key = fields.key("win"), !keepsPoints, !cooperative, fields["ranks"] != nil || fields["winners"] != nil {
            reader.fail(
                key, "`win` says which end of the points wins, and this game keeps no points",
                hint: "remove `win`: `\(fields["ranks"] != nil ? "ranks" : "winners")` says who won")
        }
    }

    /// The names a game's entries may use: players, teams, and the sides that standings rank.
    struct Names {
        let players: [String]
        let teams: [ScoreGame.Team]
        /// What `ranks` and `winners` name: the teams in a team game, else the players.
        var sides: [String] { teams.isEmpty ? players : teams.map(\.name) }
        var side: String { teams.isEmpty ? "player" : "team" }
        var sidesKey: String { teams.isEmpty ? "players" : "teams" }

        func team(of player: String) -> String? { teams.first { $0.players.contains(player) }?.name }
        func isTeam(_ name: String) -> Bool { teams.contains { $0.name == name } }
    }

    static func readPlayers(_ node: YAMLNode, reader: inout GameFileReader) -> [(name: String, node: YAMLNode)] {
        let items = reader.list(node, "`players`") ?? []
        _ = reader.check(items.count, against: .players, at: node)
        return readPlayers(items, reader: &reader)
    }

    /// Players' names from `players`, or from the keys of `scores` or `ranks` without it.
    static func readPlayers(_ items: [YAMLNode], reader: inout GameFileReader) -> [(name: String, node: YAMLNode)] {
        var seen: [String: String] = [:]
        var players: [(name: String, node: YAMLNode)] = []
        for item in items {
            guard let name = reader.text(item, "a player's name") else { continue }
            let identity = PlayerName.identity(of: name)
            if let first = seen[identity] {
                reader.fail(
                    item, "player `\(name)` is listed twice (as `\(first)` before); give every player one entry")
                continue
            }
            seen[identity] = name
            players.append((name, item))
        }
        return players
    }

    /// `teams: {Red: [Ann, Bo], Blue: [Cy, Di]}`. With `players`, every player plays for one
    /// team; without, the teams' players are the game's players.
    static func readTeams(
        _ node: YAMLNode, players listed: [(name: String, node: YAMLNode)]?, reader: inout GameFileReader
    ) -> [ScoreGame.Team]? {
        guard let pairs = node.pairs else {
            reader.fail(
                node,
                "`teams` must map each team to its players, e.g. `teams: {Red: [Ann, Bo], Blue: [Cy, Di]}`, found \(node.summary)"
            )
            return nil
        }
        // Teams are checked against each other and every entry: as many as players at most.
        guard reader.check(pairs.count, against: .players, at: node) else { return nil }
        let players = listed?.map(\.name)
        var teamOf: [String: String] = [:]
        var teamNames: [String: String] = [:]
        var teams: [ScoreGame.Team] = []
        var count = 0
        // A misspelt player is reported already; they would only be reported again in no team.
        var strangers = false
        for (key, value) in pairs {
            guard let name = reader.text(key, "a team's name") else { continue }
            if let first = teamNames[PlayerName.identity(of: name)] {
                reader.fail(
                    key, "team `\(name)` is listed twice (as `\(first)` before)", hint: "give every team one entry")
                continue
            }
            teamNames[PlayerName.identity(of: name)] = name
            guard let items = reader.list(value, "team `\(name)`'s players") else { continue }
            if items.isEmpty {
                reader.fail(key, "team `\(name)` has no players", hint: "list them, e.g. `\(name): [Ann, Bo]`")
            }
            count += items.count
            guard reader.check(count, against: .players, at: value) else { return nil }
            var members: [String] = []
            for item in items {
                guard let member = reader.text(item, "a player's name") else { continue }
                if let players, !players.contains(member) {
                    strangers = true
                    reader.fail(
                        item,
                        "team `\(name)` names `\(member)`, who is not in `players`\(suggestion(for: member, among: players))",
                        hint: "add them to `players` or fix the name")
                    continue
                }
                let identity = PlayerName.identity(of: member)
                if let other = teamOf[identity] {
                    reader.fail(
                        item,
                        other == name
                            ? "`\(member)` is listed twice in team `\(name)`"
                            : "`\(member)` plays for team `\(other)` and team `\(name)`",
                        hint: "a player plays for one team; list them once")
                    continue
                }
                teamOf[identity] = name
                members.append(member)
            }
            teams.append(ScoreGame.Team(name: name, players: members))
        }
        // Scores and ranks name players and teams alike, so a name must say which one it is.
        let playerIdentities = Set(teamOf.keys).union((players ?? []).map(PlayerName.identity(of:)))
        for (key, _) in pairs {
            guard let name = key.scalar?.trimmingCharacters(in: " "),
                playerIdentities.contains(PlayerName.identity(of: name))
            else { continue }
            reader.fail(
                key, "team `\(name)` has the name of a player",
                hint: "give the team another name: `scores` and `ranks` could not tell them apart")
        }
        for player in listed ?? [] where !strangers && teamOf[PlayerName.identity(of: player.name)] == nil {
            reader.fail(
                player.node, "`\(player.name)` is in `players` but in no team",
                hint: "add them to a team in `teams`; a player on their own is a team of one")
        }
        return teams
    }

    static func readRounds(_ node: YAMLNode?, names: Names, reader: inout GameFileReader) -> ScoreGame.Rounds? {
        guard let node else { return ScoreGame.Rounds() }
        let known = Set(names.players + names.teams.map(\.name))
        let candidates = names.players + names.teams.map(\.name)
        var named: [(name: String, node: YAMLNode)] = []
        let roundNodes = reader.list(node, "`rounds`") ?? []
        _ = reader.check(roundNodes.count, against: .rounds, at: node)
        // Past a limit the file is rejected anyway; the rest is not read, so a hostile file costs
        // no more than one at the limit. Player names are all read: the rounds are checked against them.
        let kept = roundNodes.prefix(reader.limits.maxRounds)
        // Rounds are kept for the whole build; growing by appends would leave slack.
        var rounds = ScoreGame.Rounds()
        var entryCount = 0
        for roundNode in kept { if let pairs = roundNode.pairs { entryCount += pairs.count } }
        rounds.reserveCapacity(rounds: kept.count, entries: entryCount)
        var round: ScoreGame.Round = []
        for (index, roundNode) in kept.enumerated() {
            let place = "round \(index + 1)"
            guard let pairs = roundNode.pairs else {
                reader.fail(
                    roundNode,
                    "\(place) must map players to points, e.g. `- {Elisha: 3, Andre: 5}`, found \(roundNode.summary)")
                continue
            }
            round.removeAll(keepingCapacity: true)
            for (key, value) in pairs {
                guard let name = key.scalar.map({ $0.trimmingCharacters(in: " ") }), known.contains(name) else {
                    let name = key.scalar ?? key.summary
                    let who = names.teams.isEmpty ? "who is not in `players`" : "who is neither in `players` nor a team"
                    reader.fail(
                        key,
                        "\(place) names `\(name)`, \(who)\(suggestion(for: name, among: candidates)); add them to `players` or fix the name"
                    )
                    continue
                }
                guard let points = reader.integer(value, "\(name)'s points in \(place)") else { continue }
                round.append(ScoreGame.Entry(player: name, points: points))
                if !names.teams.isEmpty { named.append((name, key)) }
            }
            rounds.append(round)
        }
        checkOneKind(named, names: names, reader: &reader)
        return rounds
    }

    /// `scores: {Ann: 42, Bo: 37}`: every player's (or every team's) final points.
    static func readScores(_ node: YAMLNode, key: YAMLNode, names: Names, reader: inout GameFileReader) -> [ScoreGame
        .Entry]?
    {
        guard let pairs = node.pairs else {
            reader.fail(
                node,
                "`scores` must map each player to their final points, e.g. `scores: {Ann: 42, Bo: 37}`, found \(node.summary)"
            )
            return nil
        }
        let candidates = names.players + names.teams.map(\.name)
        var entries: [ScoreGame.Entry] = []
        var named: [(name: String, node: YAMLNode)] = []
        for (nameNode, value) in pairs {
            guard let name = nameNode.scalar.map({ $0.trimmingCharacters(in: " ") }), candidates.contains(name) else {
                let name = nameNode.scalar ?? nameNode.summary
                let who = names.teams.isEmpty ? "who is not in `players`" : "who is neither in `players` nor a team"
                reader.fail(
                    nameNode, "`scores` names `\(name)`, \(who)\(suggestion(for: name, among: candidates))",
                    hint: "add them to `players` or fix the name")
                continue
            }
            guard let points = reader.integer(value, "\(name)'s score") else { continue }
            entries.append(ScoreGame.Entry(player: name, points: points))
            named.append((name, nameNode))
        }
        guard checkOneKind(named, names: names, reader: &reader) else { return nil }
        let byTeam = named.first.map { names.isTeam($0.name) } ?? false
        let scorers = byTeam ? names.teams.map(\.name) : names.players
        let missing = scorers.filter { scorer in !entries.contains { $0.player == scorer } }
        if !missing.isEmpty, pairs.count == entries.count {
            reader.fail(
                key, "`scores` gives no score to \(list(missing))",
                hint: "give every \(byTeam ? "team" : "player") their final points (0 counts)")
        }
        return entries
    }

    /// In a team game, points go either to players (a team's total adds theirs up) or to teams.
    @discardableResult
    static func checkOneKind(_ named: [(name: String, node: YAMLNode)], names: Names, reader: inout GameFileReader)
        -> Bool
    {
        guard let first = named.first else { return true }
        let byTeam = names.isTeam(first.name)
        guard let other = named.first(where: { names.isTeam($0.name) != byTeam }) else { return true }
        reader.fail(
            other.node,
            "`\(other.name)` is a \(byTeam ? "player" : "team"), but `\(first.name)` before is a \(byTeam ? "team" : "player")",
            hint: "give points either to players (a team's total adds them up) or to teams, not both")
        return false
    }

    /// `ranks: {Ann: 1, Bo: 2, Cy: 2}`: every side's place, equal ranks tying.
    static func readRanks(_ node: YAMLNode, key: YAMLNode, names: Names, reader: inout GameFileReader) -> [String: Int]?
    {
        guard let pairs = node.pairs else {
            reader.fail(
                node,
                "`ranks` must map each \(names.side) to their place, e.g. `ranks: {Ann: 1, Bo: 2, Cy: 2}`, found \(node.summary)"
            )
            return nil
        }
        let sides = names.sides
        var ranks: [String: Int] = [:]
        for (nameNode, value) in pairs {
            guard let name = side(nameNode, in: "`ranks`", names: names, reader: &reader) else { continue }
            guard let rank = value.integer, (1...max(1, sides.count)).contains(rank) else {
                reader.fail(
                    value,
                    "\(name)'s rank must be a whole number from 1 to \(sides.count) (the number of \(names.sidesKey)), found \(value.summary)",
                    hint: "1 is first; equal ranks share a place")
                continue
            }
            ranks[name] = rank
        }
        let missing = sides.filter { ranks[$0] == nil }
        // A misspelt name is reported already; its side would only be reported again as missing,
        // and the rank 1 it may hold as absent.
        guard pairs.count == ranks.count else { return ranks }
        if !missing.isEmpty {
            reader.fail(
                key, "`ranks` gives no rank to \(list(missing))",
                hint: "rank every \(names.side); equal ranks share a place")
        } else if !ranks.isEmpty, !ranks.values.contains(1) {
            reader.fail(key, "nobody has rank 1 in `ranks`", hint: "1 is first place; equal ranks share a place")
        }
        return ranks
    }

    /// `winners: [Ann]`: the sides that share first place.
    static func readWinners(_ node: YAMLNode, key: YAMLNode, names: Names, reader: inout GameFileReader) -> [String]? {
        guard let items = reader.list(node, "`winners`") else { return nil }
        guard !items.isEmpty else {
            reader.fail(
                key, "`winners` is empty", hint: "name who won, e.g. `winners: [\(names.sides.first ?? "Ann")]`")
            return nil
        }
        var winners: [String] = []
        for item in items {
            guard let name = side(item, in: "`winners`", names: names, reader: &reader) else { continue }
            guard !winners.contains(name) else {
                reader.fail(item, "`\(name)` is named twice in `winners`", hint: "name every winner once")
                continue
            }
            winners.append(name)
        }
        return winners
    }

    /// The side a `ranks` or `winners` entry names, or nil after reporting why it names none.
    static func side(_ node: YAMLNode, in place: String, names: Names, reader: inout GameFileReader) -> String? {
        guard let name = reader.text(node, "a \(names.side)'s name") else { return nil }
        if names.sides.contains(name) { return name }
        if let team = names.team(of: name) {
            reader.fail(
                node, "\(place) names `\(name)`, a player of team `\(team)`; in a team game it names teams",
                hint: "write `\(team)` instead")
        } else {
            reader.fail(
                node,
                "\(place) names `\(name)`, who is not \(names.teams.isEmpty ? "in `players`" : "a team")\(suggestion(for: name, among: names.sides))",
                hint: "name the \(names.sidesKey) of this game, or fix the name")
        }
        return nil
    }

    /// `Cy`, `Cy and Di`, `Bo, Cy and Di`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "`\($0)`" }
        return quoted.count < 2
            ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
    }
}
