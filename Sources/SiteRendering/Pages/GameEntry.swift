import GameDomain

/// One game in a list of games (index, night, kind pages); templates see its stored
/// properties (through `Encodable`). `href` is relative to the site's root; templates prefix `{{page.root}}`.
struct GameEntry: Encodable {
    var href: String, title: String, kind: GameKind, kindLabel: String, date: String, time: String?
    var finished: Bool, statusLabel: String, winners: String?

    init(_ entry: SiteGame) {
        let game = entry.game
        href = SiteCatalog.path(of: entry)
        title = game.title
        kind = game.kind
        kindLabel = Labels.kind(game.kind)
        date = game.date.text
        time = game.date.time
        finished = game.status == .finished
        statusLabel = Labels.status(game.status)
        let winners = game.winners
        self.winners = winners.isEmpty ? nil : Labels.names(winners)
    }
}

/// One night's games, newest first.
struct NightView: Encodable {
    var day: String, dayLabel: String, href: String
    var games: [GameEntry]

    init(day: String, games: [SiteGame]) {
        self.day = day
        dayLabel = games.first.map { Labels.day($0.game.date) } ?? day
        href = SiteCatalog.path(ofNight: day)
        self.games = games.reversed().map(GameEntry.init)
    }

    /// Nights newest first, from games in the order they were played.
    static func nights(_ games: [SiteGame]) -> [NightView] {
        var days: [String] = []
        var byDay: [String: [SiteGame]] = [:]
        for entry in games {
            let day = entry.game.date.day
            if byDay[day] == nil { days.append(day) }
            byDay[day, default: []].append(entry)
        }
        return days.sorted(by: >).map { NightView(day: $0, games: byDay[$0] ?? []) }
    }
}

/// Players ranked by wins, win rate and games played.
struct LeaderboardView: Encodable {
    struct Row: Encodable { var place: Int; var player: String; var href: String; var played: Int; var wins: Int; var winRate: String }

    var caption: String
    var rows: [Row]
    /// Rows were left out; the full board is on the players page.
    var more: Bool

    init?(_ records: [PlayerRecord], caption: String, catalog: SiteCatalog, limit: Int = .max) {
        guard !records.isEmpty else { return nil }
        var rows: [Row] = []
        for (index, record) in records.prefix(limit).enumerated() {
            let tied = index > 0 && (records[index - 1].wins, records[index - 1].winRate, records[index - 1].played) == (record.wins, record.winRate, record.played)
            rows.append(Row(
                place: tied ? rows[index - 1].place : index + 1, player: catalog.player(named: record.name)?.record.name ?? record.name,
                href: catalog.playerPath(record.name), played: record.played, wins: record.wins,
                winRate: record.winRate.map(Labels.percent) ?? "–"
            ))
        }
        self.caption = caption
        self.rows = rows
        more = records.count > limit
    }
}

/// One game kind's own standings: wins for score keeping, pins for bowling, solves for the puzzle.
struct KindStandingsView: Encodable {
    struct PuzzleRow: Encodable { var player: String; var href: String; var games: Int; var solved: Int; var wins: Int; var efficiency: String }
    struct PuzzleTable: Encodable { var rows: [PuzzleRow] }

    var kind: GameKind, kindLabel: String, href: String
    var leaderboard: LeaderboardView?
    var bowling: BowlingStandingsView?
    var fifteen: PuzzleTable?
    var more: Bool

    init(kind: GameKind, catalog: SiteCatalog, limit: Int = .max) {
        self.kind = kind
        kindLabel = Labels.kind(kind)
        href = SiteCatalog.path(ofKind: kind)
        let games = catalog.games(ofKind: kind)
        var count = 0
        switch kind {
        case .bowling:
            bowling = BowlingStandingsView(games, catalog: catalog, limit: limit)
            count = bowling?.total ?? 0
        case .fifteen:
            let rows = PuzzleStanding.standings(games.compactMap { if case .fifteen(let game) = $0.game.content { game } else { nil } })
            count = rows.count
            fifteen = rows.isEmpty ? nil : PuzzleTable(rows: rows.prefix(limit).map {
                PuzzleRow(player: catalog.player(named: $0.player)?.record.name ?? $0.player, href: catalog.playerPath($0.player),
                          games: $0.games, solved: $0.solved, wins: $0.wins, efficiency: $0.bestEfficiency.map(Labels.percent) ?? "–")
            })
        case .scores:
            let records = PlayerRecord.leaderboard(games.map(\.game))
            count = records.count
            leaderboard = LeaderboardView(records, caption: "Standings", catalog: catalog, limit: limit)
        }
        more = count > limit
    }
}
