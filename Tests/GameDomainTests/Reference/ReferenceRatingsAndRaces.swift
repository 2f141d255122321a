@testable import GameDomain

/// The ratings' bookkeeping written plainly: each ranked play of two sides or more is one
/// OpenSkill match, overall and within its board game, with ratings kept by identity. The
/// model's arithmetic is checked against openskill itself (OpenSkillTests); this checks which
/// games and players it is given.
enum ReferenceRatings {
    static func ratings(_ plays: [Play], model: OpenSkill = OpenSkill()) -> Ratings {
        var overall: [String: PlayerRating] = [:]
        var boardgames: [Boardgame: [String: PlayerRating]] = [:]
        var changes: [String: [String: Double]] = [:]
        for play in plays {
            guard case .ranked(let sides) = play.outcome else { continue }
            // A player named on two sides plays for the first; a side left with nobody drops out.
            var seen: [String] = []
            var match: [(players: [String], place: Int)] = []
            for side in sides {
                let players = side.players.map(PlayerName.identity(of:)).filter { identity in
                    if seen.contains(identity) { return false }
                    seen.append(identity)
                    return true
                }
                if !players.isEmpty { match.append((players, side.place)) }
            }
            guard match.count >= 2 else { continue }
            // Overall ratings keep their history and changes; a board game's, its count.
            func rate(_ ratings: inout [String: PlayerRating], overall: Bool) {
                let before = match.map { $0.players.map { ratings[$0]?.rating ?? model.initial } }
                let after = model.rate(before, places: match.map(\.place))
                for (side, sideIndex) in zip(match, match.indices) {
                    for (player, index) in zip(side.players, side.players.indices) {
                        let now = after[sideIndex][index]
                        let was = before[sideIndex][index]
                        var rating = ratings[player] ?? PlayerRating(identity: player, rating: now)
                        rating.rating = now
                        rating.games += 1
                        if overall {
                            rating.history.append(
                                RatingPoint(
                                    file: play.file, date: play.date, rating: now, change: now.ordinal - was.ordinal))
                        }
                        ratings[player] = rating
                        if overall { changes[play.file, default: [:]][player] = now.ordinal - was.ordinal }
                    }
                }
            }
            rate(&overall, overall: true)
            rate(&boardgames[play.boardgame, default: [:]], overall: false)
        }
        return Ratings(
            overall: overall, boardgames: boardgames,
            changes: changes.mapValues {
                RatingChanges($0.map { RatingChanges.Change(identity: $0.key, change: $0.value) })
            })
    }
}

/// The puzzle definitions written plainly: every race of a finished game, and per board size
/// the earliest race holding each best.
enum ReferenceRaces {
    struct Race: Equatable {
        var file: String, size: Int, solved: Bool, moves: Int
        var seconds: Double?, movesPerSecond: Double?, efficiency: Double?
    }

    struct Bests: Equatable {
        var size: Int
        /// (value, file) of the fewest moves, the fastest solve and the best efficiency.
        var fewestMoves: String?, fastest: String?, bestEfficiency: String?
    }

    static func races(_ games: [FiledGame]) -> [String: [Race]] {
        let ordered = games.sorted {
            ($0.game.date.day, $0.game.date.time ?? "", $0.file) < ($1.game.date.day, $1.game.date.time ?? "", $1.file)
        }
        var races: [String: [Race]] = [:]
        for entry in ordered where entry.game.status == .finished {
            guard case .fifteen(let puzzle) = entry.game.content else { continue }
            for player in puzzle.players {
                let moves = player.replay.moves.count
                let solved = player.replay.final == (try? PuzzleBoard.goal(size: puzzle.size))
                let seconds = player.result.seconds
                let perSecond = seconds.flatMap { $0 > 0 ? Double(moves) / $0 : nil }
                let efficiency = solved ? puzzle.optimum?.moves.map { Double($0) / Double(moves) } : nil
                races[PlayerName.identity(of: player.name), default: []].append(
                    Race(
                        file: entry.file, size: puzzle.size, solved: solved, moves: moves, seconds: seconds,
                        movesPerSecond: perSecond, efficiency: efficiency))
            }
        }
        return races
    }

    static func bests(_ races: [Race]) -> [Bests] {
        Set(races.filter(\.solved).map(\.size)).sorted().map { size in
            let solved = races.filter { $0.solved && $0.size == size }
            func first<Value: Comparable>(_ value: (Race) -> Value?, lowest: Bool) -> String? {
                let values = solved.compactMap(value)
                guard let best = lowest ? values.min() : values.max() else { return nil }
                return solved.first { value($0) == best }.map { "\(best) \($0.file)" }
            }
            return Bests(
                size: size, fewestMoves: first({ $0.moves }, lowest: true),
                fastest: first({ $0.seconds }, lowest: true),
                bestEfficiency: first({ $0.efficiency }, lowest: false))
        }
    }
}
