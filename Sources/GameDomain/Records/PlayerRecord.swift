/// One player's record over many games: the overall leaderboard's row.
public struct PlayerRecord: Sendable, Hashable {
    /// `PlayerName.identity`: how the player is matched across games.
    public var identity: String
    /// The spelling of the player's earliest game.
    public var name: String
    /// Finished games played, cooperative ones aside; games still going count only when they end.
    public var played: Int
    public var wins: Int

    public init(identity: String, name: String, played: Int = 0, wins: Int = 0) {
        self.identity = identity
        self.name = name
        self.played = played
        self.wins = wins
    }

    /// Wins per finished game; nil before the first finished game.
    public var winRate: Double? { played == 0 ? nil : Double(wins) / Double(played) }

    /// Records of everyone in `games`, which must be in the order they were played (the first
    /// spelling wins). Best first: most wins, then best win rate, then most games, then name.
    public static func leaderboard(_ games: some Sequence<Game>) -> [PlayerRecord] {
        var records: [String: PlayerRecord] = [:]
        for game in games {
            // A cooperative game says nothing about who did better than whom: it counts neither
            // as a win nor as a game played.
            let finished = game.status == .finished && !game.isCooperative
            let winners = Set(game.winners.map(PlayerName.identity(of:)))
            // A name listed twice in one game still plays it once.
            var seen: Set<String> = []
            for name in game.players {
                let identity = PlayerName.identity(of: name)
                guard seen.insert(identity).inserted else { continue }
                var record = records[identity] ?? PlayerRecord(identity: identity, name: name)
                if finished {
                    record.played += 1
                    if winners.contains(identity) { record.wins += 1 }
                }
                records[identity] = record
            }
        }
        return records.values.sorted(by: ranks)
    }

    static func ranks(_ a: PlayerRecord, _ b: PlayerRecord) -> Bool {
        if a.wins != b.wins { return a.wins > b.wins }
        let rateA = a.winRate ?? -1, rateB = b.winRate ?? -1
        if rateA != rateB { return rateA > rateB }
        if a.played != b.played { return a.played > b.played }
        return (a.name.lowercased(), a.identity) < (b.name.lowercased(), b.identity)
    }
}
