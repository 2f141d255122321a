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
    public static func leaderboard(_ games: some Sequence<Game>) -> [PlayerRecord] { tally(games).leaderboard }

    /// The leaderboard of catalog games, from the winners their rankings hold.
    public static func leaderboard(_ games: some Sequence<SiteGame>) -> [PlayerRecord] { tally(games).leaderboard }

    /// `tally` of catalog games, from the winners their rankings hold.
    static func tally(_ games: some Sequence<SiteGame>) -> (leaderboard: [PlayerRecord], games: [String: [Int]]) {
        tally(games, game: \.game, winners: \.winners)
    }

    public static func tally(_ games: some Sequence<Game>) -> (leaderboard: [PlayerRecord], games: [String: [Int]]) {
        tally(games, game: { $0 }, winners: \.winners)
    }

    /// The leaderboard, and each player's games as indices into `games` (in order), by identity.
    /// Players are numbered as they are met: a name seen before costs one lookup, and a game's
    /// winners are found once.
    static func tally<Games: Sequence>(
        _ games: Games, game: (Games.Element) -> Game, winners: (Games.Element) -> [String]
    )
        -> (leaderboard: [PlayerRecord], games: [String: [Int]])
    {
        var numbers = PlayerNumbers()
        var records: [PlayerRecord?] = []
        var gamesOf: [[Int]] = []
        for (index, entry) in games.enumerated() {
            let game = game(entry)
            func number(_ name: String) -> Int {
                let (number, isNew) = numbers.number(name)
                if isNew {
                    records.append(nil)
                    gamesOf.append([])
                }
                return number
            }
            // A cooperative game says nothing about who did better than whom: it counts neither
            // as a win nor as a game played.
            let finished = game.status == .finished && !game.isCooperative
            let winners = finished ? winners(entry).map(number) : []
            for name in game.players {
                let player = number(name)
                // A name listed twice in one game still plays it once.
                guard gamesOf[player].last != index else { continue }
                gamesOf[player].append(index)
                var record = records[player] ?? PlayerRecord(identity: numbers.identities[player], name: name)
                if finished {
                    record.played += 1
                    if winners.contains(player) { record.wins += 1 }
                }
                records[player] = record
            }
        }
        var byIdentity: [String: [Int]] = [:]
        for (number, games) in gamesOf.enumerated() where !games.isEmpty {
            byIdentity[numbers.identities[number]] = games
        }
        return (records.compactMap { $0 }.sorted(by: ranks), byIdentity)
    }

    static func ranks(_ a: PlayerRecord, _ b: PlayerRecord) -> Bool {
        if a.wins != b.wins { return a.wins > b.wins }
        let rateA = a.winRate ?? -1
        let rateB = b.winRate ?? -1
        if rateA != rateB { return rateA > rateB }
        if a.played != b.played { return a.played > b.played }
        return (a.name.lowercased(), a.identity) < (b.name.lowercased(), b.identity)
    }
}
