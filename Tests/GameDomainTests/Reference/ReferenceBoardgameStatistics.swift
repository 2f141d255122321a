@testable import GameDomain

/// docs/STATISTICS.md's seat statistics and score distributions, written out again plainly:
/// one board game at a time, every game looked at on its own.
enum ReferenceSeats {
    /// (wins, games, expected wins) for the first player and for each seat.
    struct Row: Equatable {
        var games = 0
        var first = (0, 0, 0.0)
        var seats: [(Int, Int, Double)] = []

        static func == (a: Row, b: Row) -> Bool {
            func same(_ x: (Int, Int, Double), _ y: (Int, Int, Double)) -> Bool {
                x.0 == y.0 && x.1 == y.1 && abs(x.2 - y.2) < 1e-9
            }
            return a.games == b.games && same(a.first, b.first) && a.seats.count == b.seats.count
                && zip(a.seats, b.seats).allSatisfy(same)
        }

        init() {}

        init(_ statistics: SeatStatistics) {
            games = statistics.games
            func triple(_ rate: SeatStatistics.Rate) -> (Int, Int, Double) {
                (rate.wins.successes, rate.wins.trials, rate.expectedWins)
            }
            first = triple(statistics.firstPlayer)
            seats = statistics.seats.map(triple)
        }
    }

    static func rows(_ plays: [Play]) -> [Boardgame: Row] {
        var rows: [Boardgame: Row] = [:]
        for play in plays {
            guard let seating = play.seating, case .ranked(let sides) = play.outcome, sides.count >= 2 else { continue }
            let id = PlayerName.identity(of:)
            let placed = Set(sides.flatMap { $0.players.map(id) })
            let winners = Set(sides.filter { $0.place == 1 }.flatMap { $0.players.map(id) })
            // If seats made no difference, a seat holds a winner as often as winners sit at the table.
            let chance = Double(winners.count) / Double(placed.count)
            var row = rows[play.boardgame] ?? Row()
            row.games += 1
            if let first = seating.first ?? seating.seats.first, placed.contains(id(first)) {
                let won = winners.contains(id(first))
                row.first = (row.first.0 + (won ? 1 : 0), row.first.1 + 1, row.first.2 + chance)
            }
            let seats = seating.seats
            let start = seating.first.flatMap { first in seats.firstIndex { id($0) == id(first) } } ?? 0
            for seat in 0..<seats.count {
                let player = id(seats[(start + seat) % seats.count])
                guard placed.contains(player) else { continue }
                while row.seats.count <= seat { row.seats.append((0, 0, 0)) }
                let won = winners.contains(player)
                row.seats[seat] = (row.seats[seat].0 + (won ? 1 : 0), row.seats[seat].1 + 1, row.seats[seat].2 + chance)
            }
            rows[play.boardgame] = row
        }
        return rows
    }
}

enum ReferenceScores {
    static func distributions(_ plays: [Play]) -> [ScoreDistribution] {
        var byBoardgame: [Boardgame: [Play]] = [:]
        for play in plays {
            guard case .ranked(let sides) = play.outcome, !sides.contains(where: { $0.players.count != 1 }) else {
                continue
            }
            guard play.results.contains(where: { $0.place != nil && $0.score != nil }) else { continue }
            byBoardgame[play.boardgame, default: []].append(play)
        }
        return byBoardgame.map { boardgame, plays in
            var row = ScoreDistribution(boardgame: boardgame)
            row.games = plays.count
            func scores(_ play: Play) -> [Int] { play.results.filter { $0.place != nil }.compactMap(\.score) }
            func best(_ scores: [Int], _ rule: WinRule) -> Int? { rule == .highest ? scores.max() : scores.min() }
            row.scores = plays.flatMap(scores).sorted()
            func sideCount(_ play: Play) -> Int { if case .ranked(let sides) = play.outcome { sides.count } else { 0 } }
            for count in Set(plays.map(sideCount)).sorted() {
                let these = plays.filter { sideCount($0) == count }
                var group = ScoreDistribution.PlayerCount(players: count)
                group.games = these.count
                let all = these.flatMap(scores)
                group.score = ScoreDistribution.Mean(total: all.reduce(0, +), count: all.count)
                let winning = these.compactMap { play in
                    best(play.results.filter { $0.place == 1 }.compactMap(\.score), play.scoreRule)
                }
                group.winningScore = ScoreDistribution.Mean(total: winning.reduce(0, +), count: winning.count)
                row.byPlayerCount.append(group)
            }
            var margins: [ScoreDistribution.Margin] = []
            for play in plays {
                let ordered = play.scoreRule == .highest ? scores(play).sorted(by: >) : scores(play).sorted()
                if ordered.count >= 2 {
                    margins.append(
                        ScoreDistribution.Margin(
                            file: play.file, date: play.date, best: ordered[0], runnerUp: ordered[1]))
                }
            }
            let indexed = Array(margins.enumerated())
            row.closest = indexed.sorted {
                $0.element.margin < $1.element.margin
                    || ($0.element.margin == $1.element.margin && $0.offset < $1.offset)
            }
            .prefix(3).map(\.element)
            row.biggest = indexed.sorted {
                $0.element.margin > $1.element.margin
                    || ($0.element.margin == $1.element.margin && $0.offset < $1.offset)
            }
            .prefix(3).map(\.element)
            return row
        }.sorted { $0.boardgame < $1.boardgame }
    }
}
