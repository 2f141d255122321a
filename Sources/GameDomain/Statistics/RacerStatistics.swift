/// One racer's 15-puzzle races in finished games: each race over time, and personal bests.
public struct RacerStatistics: Sendable, Hashable {
    /// One race of the racer.
    public struct Race: Sendable, Hashable {
        public var file: String
        public var date: GameDate
        public var size: Int
        public var solved: Bool
        public var moves: Int
        public var seconds: Double?
        /// Moves ÷ seconds; nil without a time.
        public var movesPerSecond: Double?
        /// Optimal moves ÷ moves of a solve; nil unless solved with the optimum known.
        public var efficiency: Double?
    }

    /// A best and the race it came from.
    public struct Best<Value: Sendable & Hashable>: Sendable, Hashable {
        public var value: Value
        public var file: String
        public var date: GameDate
    }

    /// Bests on one board size, over solved races; an earlier race keeps a tied best.
    public struct Bests: Sendable, Hashable {
        public var size: Int
        public var fewestMoves: Best<Int>?
        public var fastest: Best<Double>?
        public var bestEfficiency: Best<Double>?
    }

    /// Oldest first.
    public var races: [Race] = []
    public var solved: Int { races.count { $0.solved } }
    /// By board size, smallest first.
    public var bests: [Bests] = []

    public init() {}

    /// Per racer identity, over `games` in the order played.
    static func racers(_ games: [FiledGame]) -> [String: RacerStatistics] {
        var racers: [String: RacerStatistics] = [:]
        for entry in games where entry.game.status == .finished {
            if case .fifteen(let puzzle) = entry.game.content { add(puzzle, of: entry, to: &racers) }
        }
        return racers
    }

    /// A finished puzzle game's races, to each racer's statistics by identity.
    static func add(_ puzzle: PuzzleGame, of entry: FiledGame, to racers: inout [String: RacerStatistics]) {
        for player in puzzle.players {
            let result = player.result
            let race = Race(
                file: entry.file, date: entry.game.date, size: puzzle.size, solved: result.solved,
                moves: result.moveCount, seconds: result.seconds, movesPerSecond: result.movesPerSecond,
                efficiency: puzzle.optimum?.moves.flatMap(result.efficiency(optimal:)))
            racers[PlayerName.identity(of: player.name), default: RacerStatistics()].add(race)
        }
    }

    mutating func add(_ race: Race) {
        races.append(race)
        guard race.solved else { return }
        let index =
            bests.firstIndex { $0.size == race.size }
            ?? {
                bests.append(Bests(size: race.size))
                bests.sort { $0.size < $1.size }
                return bests.firstIndex { $0.size == race.size } ?? 0
            }()
        func offer<Value>(_ value: Value?, _ best: inout Best<Value>?, better: (Value, Value) -> Bool) {
            guard let value else { return }
            if let current = best, !better(value, current.value) { return }
            best = Best(value: value, file: race.file, date: race.date)
        }
        offer(race.moves, &bests[index].fewestMoves, better: <)
        offer(race.seconds, &bests[index].fastest, better: <)
        offer(race.efficiency, &bests[index].bestEfficiency, better: >)
    }
}
