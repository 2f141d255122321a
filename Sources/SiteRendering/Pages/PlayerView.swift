import GameDomain

/// What `player.mustache` shows: one player's record, personal bests and every game they played.
struct PlayerView: Encodable {
    struct Best: Encodable { var label: String; var value: String; var href: String; var game: String }
    struct Row: Encodable { var href: String; var title: String; var date: String; var day: String; var kindLabel: String; var result: String; var winner: Bool }

    var page: PageInfo
    var name: String
    var played: Int
    var wins: Int
    var winRate: String
    var bests: [Best]
    var hasBests: Bool
    /// Newest first.
    var games: [Row]

    init(_ player: SiteCatalog.Player, catalog: SiteCatalog, page: PageInfo) {
        self.page = page
        name = player.record.name
        played = player.record.played
        wins = player.record.wins
        winRate = player.record.winRate.map(Labels.percent) ?? "–"
        let identity = player.record.identity
        var bests = PersonalBests()
        var rows: [Row] = []
        for entry in catalog.games(of: player).reversed() {
            let game = entry.game
            let results = game.results
            guard let result = results.first(where: { PlayerName.identity(of: $0.player) == identity }) else { continue }
            rows.append(Row(href: SiteCatalog.path(of: entry), title: game.title, date: game.date.text, day: Labels.day(game.date),
                            kindLabel: Labels.kind(game.kind), result: Self.describe(result, in: game, of: results.count),
                            winner: result.isWinner))
            bests.add(entry, player: identity)
        }
        games = rows
        self.bests = bests.list
        hasBests = !self.bests.isEmpty
    }

    /// `1st of 4 · 152 points`, `Still playing · 45 points so far`, `Not solved · 30 moves`.
    static func describe(_ result: PlayerResult, in game: Game, of count: Int) -> String {
        let unit: String
        switch game.content {
        case .scores: unit = "points"
        case .bowling: unit = "pins"
        case .fifteen: unit = "moves"
        }
        let score = result.score.map { counted($0, String(unit.dropLast()), plural: unit) }
        if game.status != .finished {
            return Labels.status(game.status) + (score.map { " · \($0) so far" } ?? "")
        }
        guard let place = result.place else {
            if case .fifteen = game.content { return "Not solved" + (score.map { " · \($0)" } ?? "") }
            return "No result"
        }
        return "\(Labels.ordinal(place)) of \(count)" + (score.map { " · \($0)" } ?? "")
    }
}

/// A player's bests over finished games, one per kind of feat; earlier games keep a tied best.
struct PersonalBests {
    private var bests: [String: (order: Int, value: Double, text: String, entry: SiteGame)] = [:]

    mutating func add(_ entry: SiteGame, player identity: String) {
        let game = entry.game
        guard game.status == .finished else { return }
        switch game.content {
        case .scores(let scores):
            guard let name = scores.players.first(where: { PlayerName.identity(of: $0) == identity }) else { return }
            let total = scores.total(of: name)
            if scores.win == .highest {
                offer("Most points in a game", order: 0, value: Double(total), text: "\(total) points", entry)
            } else {
                offer("Fewest points in a lowest-score game", order: 1, value: -Double(total), text: "\(total) points", entry)
            }
        case .bowling(let bowling):
            guard let total = bowling.players.first(where: { PlayerName.identity(of: $0.name) == identity })?.line.total else { return }
            offer("Bowling high game", order: 2, value: Double(total), text: "\(total)", entry)
        case .fifteen(let puzzle):
            guard let player = puzzle.players.first(where: { PlayerName.identity(of: $0.name) == identity }), player.result.solved else { return }
            let size = "\(puzzle.size)×\(puzzle.size)"
            let moves = player.result.moveCount
            offer("Fewest moves, \(size)", order: 3 + 2 * puzzle.size, value: -Double(moves), text: "\(moves) moves", entry)
            if let seconds = player.result.seconds {
                offer("Fastest solve, \(size)", order: 4 + 2 * puzzle.size, value: -seconds, text: FifteenView.duration(seconds), entry)
            }
        }
    }

    private mutating func offer(_ label: String, order: Int, value: Double, text: String, _ entry: SiteGame) {
        // Games arrive newest first, so a tie goes to the later-seen, i.e. earlier, game.
        if let best = bests[label], best.value > value { return }
        bests[label] = (order, value, text, entry)
    }

    var list: [PlayerView.Best] {
        bests.sorted { ($0.value.order, $0.key) < ($1.value.order, $1.key) }.map { label, best in
            PlayerView.Best(label: label, value: best.text, href: SiteCatalog.path(of: best.entry), game: best.entry.game.title)
        }
    }
}
