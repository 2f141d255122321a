/// How one player did in one game, in terms every game kind shares.
public struct PlayerResult: Sendable, Hashable {
    public var player: String
    /// 1 is first. Nil while the game is not finished, or when the player has no place
    /// (an incomplete bowling line, an unsolved puzzle).
    public var place: Int?
    /// Points, pins, or moves, whichever the game counts; nil when not known yet, or when the
    /// game keeps none for the player (ranks or winners only, cooperative, points kept by team).
    public var score: Int?
    public var isWinner: Bool

    public init(player: String, place: Int?, score: Int?, isWinner: Bool) {
        self.player = player
        self.place = place
        self.score = score
        self.isWinner = isWinner
    }
}

extension Game {
    /// One result per player, in the game file's player order.
    public var results: [PlayerResult] { results(standings: nil) }

    /// `results`, from a score-keeper game's `standings` when they are at hand.
    func results(standings known: [ScoreStanding]?) -> [PlayerResult] {
        let finished = status == .finished
        switch content {
        case .scores(let game):
            // One ranking gives places, totals and winners: player pages ask this of every game
            // of every player, so the game is ranked once here, not once per question.
            let standings = known ?? game.standings
            return game.players.map { player in
                let row = standings.first { $0.players.contains(player) }
                let place = finished ? row?.place : nil
                // A player's score is their own points: a team's total is not one player's.
                let score = if let row, row.team == nil { row.total } else { game.total(of: player) }
                return PlayerResult(player: player, place: place, score: score, isWinner: place == 1)
            }
        case .bowling(let game):
            let winners = Set(winners)
            let totals = game.players.map { (player: $0.name, total: $0.line.total ?? -1) }
            let places = Dictionary(
                Standing.rank(totals, by: .highest).map { ($0.player, $0.place) }, uniquingKeysWith: min)
            return game.players.map { player in
                let total = player.line.total
                return PlayerResult(
                    player: player.name, place: finished && total != nil ? places[player.name] : nil,
                    score: total, isWinner: winners.contains(player.name))
            }
        case .fifteen(let game):
            let winners = Set(winners)
            return zip(game.players, game.places).map { player, place in
                PlayerResult(
                    player: player.name, place: finished ? place : nil, score: player.result.moveCount,
                    isWinner: winners.contains(player.name))
            }
        }
    }
}
