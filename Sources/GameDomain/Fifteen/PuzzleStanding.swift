/// One player's row in the 15-puzzle standings over many races.
public struct PuzzleStanding: Sendable, Hashable {
    public var identity: String
    /// The spelling of the player's earliest race.
    public var player: String
    /// Finished races.
    public var games = 0
    public var solved = 0
    public var wins = 0
    /// The best optimal ÷ moves of a solve whose optimum is known, 1 being a perfect solve.
    public var bestEfficiency: Double?

    /// Standings over finished races given in the order they were played. Best first: most
    /// wins, then most solves, then best efficiency, then name.
    public static func standings(_ games: some Sequence<PuzzleGame>) -> [PuzzleStanding] {
        var rows: [String: PuzzleStanding] = [:]
        for game in games where game.status == .finished {
            let winners = Set(game.winners.map(PlayerName.identity(of:)))
            for player in game.players {
                let identity = PlayerName.identity(of: player.name)
                var row = rows[identity] ?? PuzzleStanding(identity: identity, player: player.name)
                row.games += 1
                if player.result.solved { row.solved += 1 }
                if winners.contains(identity) { row.wins += 1 }
                if let optimal = game.optimum?.moves, let efficiency = player.result.efficiency(optimal: optimal) {
                    row.bestEfficiency = max(row.bestEfficiency ?? 0, efficiency)
                }
                rows[identity] = row
            }
        }
        return rows.values.sorted { a, b in
            if a.wins != b.wins { return a.wins > b.wins }
            if a.solved != b.solved { return a.solved > b.solved }
            if a.bestEfficiency != b.bestEfficiency { return (a.bestEfficiency ?? -1) > (b.bestEfficiency ?? -1) }
            return (a.player.lowercased(), a.identity) < (b.player.lowercased(), b.identity)
        }
    }
}
