/// Which end of the standings wins a score-keeper game.
public enum WinRule: String, Sendable, Hashable, CaseIterable, Codable {
    case highest
    case lowest
}

/// A score-keeper game: who played (on their own or in teams) and what decides the standings:
/// points (round by round, or only the final scores), ranks, winners, or a result everyone shares.
/// The shapes a game file can take are the cases of `Lineup`, `Points.Kept` and `Decision`, so
/// combinations that mean nothing (a cooperative game with ranks) cannot be built.
public struct ScoreGame: Sendable, Hashable {
    /// Points scored by a player, or by a team when a team game keeps points by team.
    public struct Entry: Sendable, Hashable {
        /// The player's name, or the team's.
        public var player: String
        public var points: Int
        public init(player: String, points: Int) {
            self.player = player
            self.points = points
        }
    }

    public typealias Round = [Entry]

    /// A game's rounds, their entries end to end in one array: a site keeps every round of every
    /// game, and an array per round took half as much again. An entry is packed into 8 bytes, a
    /// number for its name (among the game's few) and its points, where a `String` and an `Int`
    /// took 24: they were the largest part of a build's memory. A round is a range of `cells`.
    public struct Rounds: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
        public typealias Element = Entries
        public typealias Index = Int
        public typealias Indices = Range<Int>
        public typealias SubSequence = Slice<Rounds>
        public typealias Iterator = IndexingIterator<Rounds>
        public typealias ArrayLiteralElement = Round

        /// An entry: `names[name]` scored `points`, or `wide[cell]` when the points do not fit
        /// 32 bits (a game file's never do: its points are limited to ±10⁹).
        struct Cell: Sendable, Hashable {
            var name: UInt32
            var points: Int32
        }

        /// The names entries are kept under, each once, in the order they first appear.
        private(set) var names: [String] = []
        /// Every round's entries, round after round.
        private var cells: [Cell] = []
        /// Points beyond 32 bits, by cell; their cells hold `Int32.min`.
        private var wide: [Int: Int] = [:]
        /// Where each round ends in `cells`; it starts where the one before it ends.
        private var ends: [Int] = []

        public init() {}

        public init(_ rounds: [Round]) {
            reserveCapacity(rounds: rounds.count, entries: rounds.reduce(0) { $0 + $1.count })
            for round in rounds { append(round) }
        }

        public init(arrayLiteral rounds: Round...) {
            self.init(rounds)
        }

        /// Room for this many rounds and entries, so a reader that knows them leaves no slack.
        public mutating func reserveCapacity(rounds: Int, entries: Int) {
            ends.reserveCapacity(rounds)
            cells.reserveCapacity(entries)
        }

        public mutating func append(_ round: some Collection<Entry>) {
            // The first round mostly names everyone: room for them, and no more.
            if names.isEmpty { names.reserveCapacity(round.count) }
            for (position, entry) in round.enumerated() {
                let name: Int
                // Rounds mostly name the players in the same order: the position's name comes first.
                if position < names.count, names[position] == entry.player {
                    name = position
                } else if let known = names.firstIndex(of: entry.player) {
                    name = known
                } else {
                    name = names.count
                    names.append(entry.player)
                }
                if let points = Int32(exactly: entry.points), points != .min {
                    cells.append(Cell(name: UInt32(truncatingIfNeeded: name), points: points))
                } else {
                    wide[cells.count] = entry.points
                    cells.append(Cell(name: UInt32(truncatingIfNeeded: name), points: .min))
                }
            }
            ends.append(cells.count)
        }

        /// Every round's entries, round after round.
        public var entries: Entries { Entries(rounds: self, cells: 0..<cells.count) }

        public var startIndex: Int { 0 }
        public var endIndex: Int { ends.count }

        public subscript(index: Int) -> Entries {
            Entries(rounds: self, cells: (index == 0 ? 0 : ends[index - 1])..<ends[index])
        }

        fileprivate func entry(_ cell: Int) -> Entry {
            let packed = cells[cell]
            return Entry(
                player: names[Int(packed.name)], points: packed.points == .min ? wide[cell] ?? 0 : Int(packed.points))
        }

        /// Adds every entry's points to `totals`, in `scorers` order, matching each name once.
        func add(to totals: inout [Int], of scorers: [String]) {
            let scorer = names.map { name in scorers.firstIndex(of: name) }
            for (cell, packed) in cells.enumerated() {
                guard let index = scorer[Int(packed.name)] else { continue }
                totals[index] += packed.points == .min ? wide[cell] ?? 0 : Int(packed.points)
            }
            // A name listed twice among `scorers` has the points at each place.
            for index in scorers.indices {
                if let first = scorers.firstIndex(of: scorers[index]), first != index { totals[index] = totals[first] }
            }
        }

        /// Some of a game's entries: one round's, or all of them.
        public struct Entries: Sendable, Hashable, RandomAccessCollection {
            fileprivate let rounds: Rounds
            fileprivate let cells: Range<Int>

            public var startIndex: Int { cells.lowerBound }
            public var endIndex: Int { cells.upperBound }
            public subscript(position: Int) -> Entry { rounds.entry(position) }

            public static func == (a: Entries, b: Entries) -> Bool { a.elementsEqual(b) }

            public func hash(into hasher: inout Hasher) {
                hasher.combine(count)
                for entry in self { hasher.combine(entry) }
            }
        }
    }

    public struct Team: Sendable, Hashable {
        public var name: String
        public var players: [String]
        public init(name: String, players: [String]) {
            self.name = name
            self.players = players
        }
    }

    /// Who played. In `teams`, every player plays for exactly one team, and no team is named like
    /// a player (the reader rejects anything else).
    public enum Lineup: Sendable, Hashable {
        case players([String])
        case teams([Team])
    }

    /// The points a game keeps, and which end of them wins.
    public struct Points: Sendable, Hashable {
        public enum Kept: Sendable, Hashable {
            /// Everyone starts with `start`; each round adds points to some of them.
            case rounds(start: Int, Rounds)
            /// Only the final scores, one entry each.
            case final([Entry])
        }

        public var kept: Kept
        public var win: WinRule

        public init(_ kept: Kept, win: WinRule = .highest) {
            self.kept = kept
            self.win = win
        }
    }

    /// What decides the standings. Sides are players, or teams in a team game.
    public enum Decision: Sendable, Hashable {
        /// The points, by the win rule; equal totals share a place.
        case points(Points)
        /// The ranks by side name (1 is best, equal ranks share a place), whatever the points,
        /// which are shown beside them.
        case ranks([String: Int], points: Points?)
        /// The named sides share first place; everyone else follows, by points when there are any.
        case winners([String], points: Points?)
        /// Everyone won (true) or lost (false) together; nil while not known.
        case cooperative(won: Bool?)
    }

    public var lineup: Lineup
    public var decision: Decision
    public var status: GameStatus

    public init(lineup: Lineup, decision: Decision, status: GameStatus = .finished) {
        self.lineup = lineup
        self.decision = decision
        self.status = status
    }

    /// The classic shape: players on their own, points round by round.
    public init(
        players: [String], start: Int = 0, win: WinRule = .highest, rounds: [Round] = [], status: GameStatus = .finished
    ) {
        self.init(
            lineup: .players(players), decision: .points(Points(.rounds(start: start, Rounds(rounds)), win: win)),
            status: status)
    }

    /// Every player, team by team in a team game.
    public var players: [String] {
        switch lineup {
        case .players(let players): players
        case .teams(let teams): teams.flatMap(\.players)
        }
    }

    /// Empty when everyone plays on their own.
    public var teams: [Team] {
        if case .teams(let teams) = lineup { teams } else { [] }
    }

    /// Nil when the game keeps no points (ranks or winners only, cooperative games).
    public var points: Points? {
        switch decision {
        case .points(let points): points
        case .ranks(_, let points), .winners(_, let points): points
        case .cooperative: nil
        }
    }

    public var win: WinRule { points?.win ?? .highest }

    /// Everyone's starting points; 0 unless points are kept round by round.
    public var start: Int {
        if case .rounds(let start, _) = points?.kept { start } else { 0 }
    }

    /// Empty unless points are kept round by round.
    public var rounds: Rounds {
        if case .rounds(_, let rounds) = points?.kept { rounds } else { [] }
    }

    public var isCooperative: Bool {
        if case .cooperative = decision { true } else { false }
    }

    /// The result everyone shares once a cooperative game is finished: won or lost.
    public var sharedResult: Bool? {
        guard status == .finished, case .cooperative(let won) = decision else { return nil }
        return won
    }

    /// Who or what the standings rank: each player, or each team with its players.
    public var sides: [(team: String?, players: [String])] {
        switch lineup {
        case .players(let players): players.map { (nil, [$0]) }
        case .teams(let teams): teams.map { ($0.name, $0.players) }
        }
    }

    /// The names points are kept under: the teams when any entry names a team, else the players.
    public var scorers: [String] {
        let teams = teams
        guard !teams.isEmpty, let points else { return players }
        let namesTeam = { (name: String) in teams.contains { $0.name == name } }
        let byTeam =
            switch points.kept {
            case .rounds(_, let rounds): rounds.names.contains(where: namesTeam)
            case .final(let entries): entries.contains { namesTeam($0.player) }
            }
        return byTeam ? teams.map(\.name) : players
    }

    /// Each scorer's running total after each round: `runningTotals[s][r]` is scorer `s`'s total
    /// after round `r` (a scorer who sat a round out keeps their total). Empty lists without rounds.
    public var runningTotals: [[Int]] {
        let scorers = scorers
        var totals = [Int](repeating: start, count: scorers.count)
        var running = [[Int]](repeating: [], count: scorers.count)
        for round in rounds {
            Self.add(round, to: &totals, of: scorers)
            for index in scorers.indices { running[index].append(totals[index]) }
        }
        return running
    }

    /// Each scorer's total, in `scorers` order; nil when the game keeps no points.
    public func totals(of scorers: [String]) -> [Int]? {
        guard let points else { return nil }
        switch points.kept {
        case .rounds(let start, let rounds):
            var totals = [Int](repeating: start, count: scorers.count)
            rounds.add(to: &totals, of: scorers)
            return totals
        case .final(let entries):
            var totals = [Int](repeating: 0, count: scorers.count)
            Self.add(entries, to: &totals, of: scorers)
            return totals
        }
    }

    /// Adds entries to `totals` (in `scorers` order). One pass with no allocation: standings
    /// are read for every page that lists the game.
    private static func add(_ entries: some Collection<Entry>, to totals: inout [Int], of scorers: [String]) {
        for entry in entries {
            for index in scorers.indices where scorers[index] == entry.player { totals[index] += entry.points }
        }
    }

    /// The player's own points; nil when the game keeps none for players (no points at all, or
    /// points kept by team).
    public func total(of player: String) -> Int? {
        let scorers = scorers
        guard let index = scorers.firstIndex(of: player), players.contains(player) else { return nil }
        return totals(of: scorers)?[index]
    }

    /// Each side's total, in `sides` order: a team's is its players' (or its own) points.
    func sideTotals(_ sides: [(team: String?, players: [String])]) -> [Int]? {
        let scorers = scorers
        guard let totals = totals(of: scorers) else { return nil }
        guard !teams.isEmpty else { return totals }
        return sides.map { side in
            zip(scorers, totals).reduce(0) { sum, scorer in
                scorer.0 == side.team || side.players.contains(scorer.0) ? sum + scorer.1 : sum
            }
        }
    }

    /// Sides in winning order with their places and totals, listed by place, then points, then
    /// file order. Places: by points, equal totals share one and the next skips (1, 1, 3); by
    /// ranks, the ranks as given (sides without one come last); by winners, the winners are 1st and
    /// everyone else 2nd, or from 2nd on by points when there are any. Empty for a cooperative
    /// game, where nobody places.
    public var standings: [ScoreStanding] {
        let sides = sides
        let totals = sideTotals(sides)
        let win = win
        // Smaller keys rank first.
        func pointsKey(_ side: Int) -> Int {
            guard let totals else { return 0 }
            return win == .highest ? -totals[side] : totals[side]
        }
        let groups: [Int]
        switch decision {
        case .cooperative: return []
        case .points: groups = []
        case .ranks(let ranks, _): groups = sides.map { ranks[Self.name(of: $0)] ?? sides.count + 1 }
        case .winners(let winners, _): groups = sides.map { winners.contains(Self.name(of: $0)) ? 1 : 2 }
        }
        let group = { (side: Int) in groups.isEmpty ? 0 : groups[side] }
        let order = sides.indices.sorted { a, b in (group(a), pointsKey(a), a) < (group(b), pointsKey(b), b) }
        var rows: [ScoreStanding] = []
        rows.reserveCapacity(order.count)
        // Where the current group starts in `order`: places by points count from there.
        var groupStart = 0
        for (index, side) in order.enumerated() {
            let previous = index > 0 ? order[index - 1] : nil
            if let previous, group(previous) != group(side) { groupStart = index }
            let place: Int
            switch decision {
            case .ranks: place = groups[side]
            case .winners where groups[side] == 1: place = 1
            default:
                // Competition places by points within the group, counted from the group's first place.
                let tied = previous.map { index > groupStart && pointsKey($0) == pointsKey(side) } ?? false
                place = tied ? rows[index - 1].place : index - groupStart + max(group(side), 1)
            }
            rows.append(
                ScoreStanding(place: place, team: sides[side].team, players: sides[side].players, total: totals?[side]))
        }
        return rows
    }

    static func name(of side: (team: String?, players: [String])) -> String {
        side.team ?? side.players.first ?? ""
    }

    /// Empty until the game is finished, and in a cooperative game; several players when sides
    /// tie, and every player of a winning team.
    public var winners: [String] { winningSides.flatMap(\.players) }

    /// The first place's rows once the game is finished: players, or teams.
    public var winningSides: [ScoreStanding] {
        guard status == .finished else { return [] }
        return standings.filter { $0.place == 1 }
    }
}
