@testable import GameDomain

/// The leaderboard's records and bowling standings, written out again plainly.
enum ReferenceRecords {
    /// Played: finished games that are not cooperative, once per game; wins: those where the
    /// player is among the winners. Best first: wins, win rate, games, then name.
    static func leaderboard(_ games: [Game]) -> [PlayerRecord] {
        var records: [String: PlayerRecord] = [:]
        var order: [String] = []
        for game in games {
            let counted = game.status == .finished && !game.isCooperative
            let winners = Set(game.winners.map(PlayerName.identity(of:)))
            var seen: Set<String> = []
            for name in game.players {
                let identity = PlayerName.identity(of: name)
                guard seen.insert(identity).inserted else { continue }
                if records[identity] == nil {
                    records[identity] = PlayerRecord(identity: identity, name: name)
                    order.append(identity)
                }
                if counted {
                    records[identity]?.played += 1
                    if winners.contains(identity) { records[identity]?.wins += 1 }
                }
            }
        }
        func rate(_ record: PlayerRecord) -> Double {
            record.played == 0 ? -1 : Double(record.wins) / Double(record.played)
        }
        return order.compactMap { records[$0] }.sorted { a, b in
            if a.wins != b.wins { return a.wins > b.wins }
            if rate(a) != rate(b) { return rate(a) > rate(b) }
            if a.played != b.played { return a.played > b.played }
            return (a.name.lowercased(), a.identity) < (b.name.lowercased(), b.identity)
        }
    }

    /// Per player as written: games, pins, floor(pins ÷ games), the best game and the best
    /// sum of one date's games. Best average first, then high game, then name.
    static func standings(_ results: [BowlingResult]) -> [BowlingStanding] {
        let players = Set(results.map(\.player))
        return players.map { player in
            let mine = results.filter { $0.player == player }
            let pins = mine.reduce(0) { $0 + $1.total }
            let series = Set(mine.map(\.date)).map { date in mine.filter { $0.date == date }.reduce(0) { $0 + $1.total }
            }
            return BowlingStanding(
                player: player, games: mine.count, pins: pins, average: pins / mine.count,
                highGame: mine.map(\.total).max() ?? 0, highSeries: series.max() ?? 0)
        }.sorted { a, b in
            if a.average != b.average { return a.average > b.average }
            if a.highGame != b.highGame { return a.highGame > b.highGame }
            return a.player < b.player
        }
    }
}

extension Generated {
    /// A score-keeper game of any shape the leaderboard meets: points (with ties), teams,
    /// winners only, cooperative, or still being played.
    static func scoreGame(_ dice: inout Dice) -> Game {
        let names = dice.distinct(people, count: dice.int(1...5)).map { spelling($0, &dice) }
        let status: GameStatus = dice.chance(10) ? .playing : .finished
        let entries = names.map { ScoreGame.Entry(player: $0, points: dice.int(0...5)) }
        let points = ScoreGame.Points(.final(entries), win: dice.chance(30) ? .lowest : .highest)
        let lineup: ScoreGame.Lineup
        let decision: ScoreGame.Decision
        switch dice.int(0...9) {
        case 0:
            lineup = .players(names)
            decision = .cooperative(won: dice.chance(50))
        case 1, 2:
            let half = max(1, names.count / 2)
            let teams = [
                ScoreGame.Team(name: "Red team", players: Array(names.prefix(half))),
                ScoreGame.Team(name: "Blue team", players: Array(names.dropFirst(half))),
            ].filter { !$0.players.isEmpty }
            lineup = .teams(teams)
            decision = .points(points)
        case 3:
            lineup = .players(names)
            decision = .winners(Array(names.prefix(dice.int(1...names.count))), points: nil)
        default:
            lineup = .players(names)
            decision = .points(points)
        }
        return Game(
            title: dice.pick(boardgames) ?? "Catan", date: date(&dice), notes: "",
            content: .scores(ScoreGame(lineup: lineup, decision: decision, status: status)))
    }
}
