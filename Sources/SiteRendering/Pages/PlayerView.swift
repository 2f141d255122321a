import GameDomain

/// What `player.mustache` shows: one player's record, personal bests and every game they played.
struct PlayerView: Encodable {
    struct Best: Encodable {
        var label: String
        var value: String
        var href: String
        var game: String
    }
    struct Row: Encodable {
        var href: String
        var title: String
        var date: String
        var day: String
        var kindLabel: String
        var result: String
        var winner: Bool
    }

    var page: PageInfo
    var name: String
    var played: Int
    var wins: Int
    var winRate: String
    var bests: [Best]
    var hasBests: Bool
    /// Newest first: the newest `shown`, the rest on the archive's pages.
    var games: [Row]
    var archive: [ArchiveLink]
    var hasArchive: Bool
    var statistics: PlayerStatisticsView
    /// The years in review the player has a finished game in, newest first.
    var years: [YearLink]
    var hasYears: Bool

    init(
        _ player: SiteCatalog.Player, catalog: SiteCatalog, page: PageInfo, shown: Int = .max,
        archive: [ArchiveLink] = [],
        years: [YearLink] = [], texts: SiteTexts
    ) {
        self.page = page
        name = player.record.name
        played = player.record.played
        wins = player.record.wins
        winRate = player.record.winRate.map(texts.percent) ?? "–"
        let identity = player.record.identity
        var bests = PersonalBests(texts: texts)
        var rows: [Row] = []
        for (position, entry) in catalog.games(of: player).reversed().enumerated() {
            if position < shown {
                guard let row = Self.row(entry, identity: identity, texts: texts) else { continue }
                rows.append(row)
            } else if !entry.results.contains(where: { PlayerName.identity(of: $0.player) == identity }) {
                continue
            }
            bests.add(entry, player: identity)
        }
        games = rows
        self.archive = archive
        hasArchive = !archive.isEmpty
        statistics = PlayerStatisticsView(identity: identity, catalog: catalog, shown: shown, texts: texts)
        self.bests = bests.list
        hasBests = !self.bests.isEmpty
        self.years = years
        hasYears = !years.isEmpty
    }

    /// The player's line in the list of their games; nil when the game has no result of theirs.
    static func row(_ entry: SiteGame, identity: String, texts: SiteTexts) -> Row? {
        let game = entry.game
        let results = entry.results
        guard let result = results.first(where: { PlayerName.identity(of: $0.player) == identity }) else { return nil }
        return Row(
            href: SiteCatalog.path(of: entry), title: game.title, date: game.date.text, day: texts.day(game.date),
            kindLabel: texts.kind(game.kind),
            result: describe(result, in: game, of: sideCount(game, results), texts: texts),
            winner: result.isWinner)
    }

    /// How many placed against each other: players, or teams in a team game.
    static func sideCount(_ game: Game, _ results: [PlayerResult]) -> Int {
        if case .scores(let scores) = game.content, !scores.teams.isEmpty { scores.teams.count } else { results.count }
    }

    /// `1st of 4 · 152 points`, `Still playing · 45 points so far`, `Not solved · 30 moves`,
    /// `Won together`.
    static func describe(_ result: PlayerResult, in game: Game, of count: Int, texts: SiteTexts) -> String {
        let unit: (one: TextKey, other: TextKey)
        switch game.content {
        case .scores: unit = (.pointCountOne, .pointCountOther)
        case .bowling: unit = (.pinCountOne, .pinCountOther)
        case .fifteen: unit = (.moveCountOne, .moveCountOther)
        }
        let score = result.score.map { texts.count($0, unit.one, unit.other) }
        if game.status != .finished {
            return texts.status(game.status) + (score.map { " · " + texts.format(.soFar, ["score": $0]) } ?? "")
        }
        if let together = texts.sharedResult(of: game) { return together }
        guard let place = result.place else {
            if case .fifteen = game.content { return texts[.notSolved] + (score.map { " · \($0)" } ?? "") }
            return texts[.noResult]
        }
        return texts.format(.placeOf, ["place": texts.ordinal(place), "count": "\(count)"])
            + (score.map { " · \($0)" } ?? "")
    }
}

/// A player's bests over finished games, one per kind of feat; earlier games keep a tied best.
struct PersonalBests {
    let texts: SiteTexts
    private var bests: [String: (order: Int, value: Double, text: String, entry: SiteGame)] = [:]

    init(texts: SiteTexts) { self.texts = texts }

    mutating func add(_ entry: SiteGame, player identity: String) {
        let game = entry.game
        guard game.status == .finished else { return }
        switch game.content {
        case .scores(let scores):
            guard let name = scores.players.first(where: { PlayerName.identity(of: $0) == identity }),
                let total = scores.total(of: name)
            else { return }
            if scores.win == .highest {
                offer(
                    texts[.mostPoints], order: 0, value: Double(total),
                    text: texts.count(total, .pointCountOne, .pointCountOther), entry)
            } else {
                offer(
                    texts[.fewestPoints], order: 1, value: -Double(total),
                    text: texts.count(total, .pointCountOne, .pointCountOther), entry)
            }
        case .bowling(let bowling):
            guard let total = bowling.players.first(where: { PlayerName.identity(of: $0.name) == identity })?.line.total
            else { return }
            offer(texts[.bowlingHighGame], order: 2, value: Double(total), text: "\(total)", entry)
        case .fifteen(let puzzle):
            guard let player = puzzle.players.first(where: { PlayerName.identity(of: $0.name) == identity }),
                player.result.solved
            else { return }
            let size = "\(puzzle.size)×\(puzzle.size)"
            let moves = player.result.moveCount
            offer(
                texts.format(.fewestMoves, ["size": size]), order: 3 + 2 * puzzle.size, value: -Double(moves),
                text: texts.count(moves, .moveCountOne, .moveCountOther), entry)
            if let seconds = player.result.seconds {
                offer(
                    texts.format(.fastestSolve, ["size": size]), order: 4 + 2 * puzzle.size, value: -seconds,
                    text: FifteenView.duration(seconds, texts: texts), entry)
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
            PlayerView.Best(
                label: label, value: best.text, href: SiteCatalog.path(of: best.entry), game: best.entry.game.title)
        }
    }
}
