import GameDomain

/// What `scores.mustache` shows. Templates see its stored properties (through `Encodable`).
struct ScoresView: Encodable {
    /// A standings row: a player, or a team with its players.
    struct Row: Encodable {
        var place: Int
        var name: String
        var members: String?
        var total: Int?
        var winner: Bool
    }
    struct Cell: Encodable {
        var played: Bool
        var points: String
        var total: Int
    }
    struct Round: Encodable {
        var number: Int
        var cells: [Cell]
    }

    var winRule: String
    /// Points are kept round by round: the rules show the starting points and the rounds.
    var keepsRounds: Bool
    var start: Int
    var roundCount: Int
    var teams: Bool
    var hasTotals: Bool
    var standings: [Row]
    /// A cooperative game lists its players, who place together, instead of standings.
    var cooperative: Bool
    var players: [String]
    /// The rounds table's columns: the players, or the teams when points go to teams.
    var scorers: [String]
    var hasRounds: Bool
    var rounds: [Round]
    var chart: String

    init(_ game: ScoreGame, title: String, texts: SiteTexts) {
        let finished = game.status == .finished
        winRule =
            switch game.decision {
            case .points(let points): texts.win(points.win)
            case .ranks: texts[.winByRanks]
            case .winners: texts[.winByWinners]
            case .cooperative: texts[.winCooperative]
            }
        if case .rounds = game.points?.kept { keepsRounds = true } else { keepsRounds = false }
        start = game.start
        roundCount = game.rounds.count
        teams = !game.teams.isEmpty
        hasTotals = game.points != nil
        standings = game.standings.map { row in
            Row(
                place: row.place, name: row.name, members: row.team == nil ? nil : texts.names(row.players),
                total: row.total,
                winner: finished && row.place == 1)
        }
        cooperative = game.isCooperative
        players = game.players
        let scorers = game.scorers
        self.scorers = scorers
        let totals = game.runningTotals
        hasRounds = !game.rounds.isEmpty
        rounds = game.rounds.enumerated().map { index, round in
            Round(
                number: index + 1,
                cells: scorers.enumerated().map { column, scorer in
                    var played = false
                    var points = 0
                    for entry in round where entry.player == scorer {
                        played = true
                        points += entry.points
                    }
                    return Cell(
                        played: played, points: points > 0 ? "+\(points)" : "\(points)", total: totals[column][index])
                })
        }
        chart = hasRounds ? ScoreChart.svg(for: game, title: title, texts: texts).render() : ""
    }
}
