/// Which end of the standings wins a score-keeper game.
public enum WinRule: String, Sendable, Hashable, CaseIterable, Codable {
    case highest
    case lowest
}

/// A score-keeper game (after the seed's Scoreboard): players start with the same points,
/// each round adds points to some of them, and once the game is over the best total wins.
public struct ScoreGame: Sendable, Hashable {
    /// One entry of a round: a player and the points they scored in it (negative allowed).
    public struct Entry: Sendable, Hashable {
        public var player: String
        public var points: Int
        public init(player: String, points: Int) {
            self.player = player
            self.points = points
        }
    }

    public typealias Round = [Entry]

    public var players: [String]
    public var start: Int
    public var win: WinRule
    public var rounds: [Round]
    public var status: GameStatus

    public init(players: [String], start: Int = 0, win: WinRule = .highest, rounds: [Round] = [], status: GameStatus = .finished) {
        self.players = players
        self.start = start
        self.win = win
        self.rounds = rounds
        self.status = status
    }

    /// Each player's running total after each round: `runningTotals[p][r]` is player `p`'s total
    /// after round `r` (a player who sat a round out keeps their total).
    public var runningTotals: [[Int]] {
        var totals = [Int](repeating: start, count: players.count)
        var running = [[Int]](repeating: [], count: players.count)
        for round in rounds {
            add(round, to: &totals)
            for index in players.indices { running[index].append(totals[index]) }
        }
        return running
    }

    /// Each player's total, in `players` order: starting points + the sum of their round points.
    public var totals: [Int] {
        var totals = [Int](repeating: start, count: players.count)
        for round in rounds { add(round, to: &totals) }
        return totals
    }

    /// Adds a round's points to `totals` (in `players` order). One pass with no allocation:
    /// standings are read for every page that lists the game.
    private func add(_ round: Round, to totals: inout [Int]) {
        for entry in round {
            for index in players.indices where players[index] == entry.player { totals[index] += entry.points }
        }
    }

    /// Total = starting points + the sum of the player's round points.
    public func total(of player: String) -> Int {
        var total = start
        for round in rounds {
            for entry in round where entry.player == player { total += entry.points }
        }
        return total
    }

    /// Players in winning order with their totals and places; tied totals share a place.
    public var standings: [Standing] {
        Standing.rank(zip(players, totals).map { ($0, $1) }, by: win)
    }

    /// Empty until the game is finished; several players when they tie.
    public var winners: [String] {
        guard status == .finished else { return [] }
        return standings.filter { $0.place == 1 }.map(\.player)
    }
}
