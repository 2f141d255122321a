import GameDomain

/// What `scores.mustache` shows. Templates see its stored properties (through `Encodable`).
struct ScoresView: Encodable {
    struct Row: Encodable { var place: Int; var player: String; var total: Int; var winner: Bool }
    struct Cell: Encodable { var played: Bool; var points: String; var total: Int }
    struct Round: Encodable { var number: Int; var cells: [Cell] }

    var winRule: String
    var start: Int
    var roundCount: Int
    var standings: [Row]
    var players: [String]
    var hasRounds: Bool
    var rounds: [Round]
    var chart: String

    init(_ game: ScoreGame, title: String, texts: SiteTexts) {
        let winners = Set(game.winners)
        let totals = game.runningTotals
        winRule = texts.win(game.win)
        start = game.start
        roundCount = game.rounds.count
        standings = game.standings.map { Row(place: $0.place, player: $0.player, total: $0.total, winner: winners.contains($0.player)) }
        players = game.players
        hasRounds = !game.rounds.isEmpty
        rounds = game.rounds.enumerated().map { index, round in
            Round(number: index + 1, cells: game.players.enumerated().map { playerIndex, player in
                var played = false
                var points = 0
                for entry in round where entry.player == player {
                    played = true
                    points += entry.points
                }
                return Cell(played: played, points: points > 0 ? "+\(points)" : "\(points)", total: totals[playerIndex][index])
            })
        }
        chart = ScoreChart.svg(for: game, title: title, texts: texts).render()
    }
}
