/// Each board game's seat statistics and score distribution, computed once for the whole
/// catalog (a build's derive stage; `SiteRenderer.site` for tests) and read by the board game's
/// page. A board game without a counted game has neither.
public struct BoardgameFigures: Sendable {
    public var seats: [Boardgame: SeatStatistics]
    public var scores: [Boardgame: ScoreDistribution]

    /// No figures: board-game pages show neither section.
    public init() {
        seats = [:]
        scores = [:]
    }

    /// `games` in any order (drafts left out as the catalog leaves them out).
    public init(_ games: [FiledGame]) {
        self = Self.make(games, memory: Memory(remembering: false)).figures
    }

    /// The figures of the catalog's games.
    public init(_ catalog: SiteCatalog) {
        self.init(catalog.games.map { FiledGame($0) })
    }

    /// What `serve` keeps of the last build's figures: each board game's plays and figures. A
    /// board game whose plays are the same, in the same bytes, keeps its figures, so a save
    /// counts the board games it touched instead of all of them.
    public struct Memory: Sendable {
        fileprivate struct Kept: Sendable {
            var plays: [Play]
            /// The games of `plays`: one in its last box plays the same.
            var games: [FiledGame]
            var seats: SeatStatistics?
            var scores: ScoreDistribution?
        }

        fileprivate let remembers: Bool
        fileprivate var kept: [Boardgame: Kept] = [:]
        /// Board games counted by the last build, for tests: the rest were kept.
        public fileprivate(set) var lastCounted = 0

        /// `remembering: false` keeps nothing: one build's figures.
        public init(remembering: Bool = true) {
            remembers = remembering
        }
    }

    /// `BoardgameFigures(games)`, counting again only the board games whose plays changed since
    /// the build `memory` was returned by; and what to give the next build.
    public static func make(_ games: [FiledGame], memory: Memory) -> (figures: BoardgameFigures, memory: Memory) {
        var memory = memory
        // Play order within each board game: the earlier of two equal margins comes first.
        var groups: [Boardgame: [FiledGame]] = [:]
        for game in FiledGame.inPlayOrder(games) { groups[game.game.boardgame, default: []].append(game) }
        var figures = BoardgameFigures()
        var kept: [Boardgame: Memory.Kept] = [:]
        memory.lastCounted = 0
        for (boardgame, filed) in groups {
            var figured: Memory.Kept
            // Games all in their last boxes play the same: their plays are not even made.
            if let known = memory.kept[boardgame], known.games.count == filed.count,
                zip(known.games, filed).allSatisfy(FiledGame.sameBox)
            {
                figured = known
            } else if let known = memory.kept[boardgame], case let plays = filed.map(Play.init),
                Play.sameBytes(known.plays, plays)
            {
                figured = known
                figured.games = filed
            } else {
                let plays = filed.map(Play.init)
                memory.lastCounted += 1
                figured = Memory.Kept(
                    plays: plays, games: filed, seats: SeatStatistics.byBoardgame(plays: plays).first,
                    scores: ScoreDistribution.byBoardgame(plays: plays).first)
            }
            figures.seats[boardgame] = figured.seats
            figures.scores[boardgame] = figured.scores
            if memory.remembers { kept[boardgame] = figured }
        }
        memory.kept = kept
        return (figures, memory)
    }
}

extension Play {
    /// Equal, and every name in the same bytes: `==` takes canonically equivalent spellings for
    /// equal, and the figures keep the board game's name and the file they were counted from.
    static func sameBytes(_ a: [Play], _ b: [Play]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { sameBytes($0, $1) }
    }

    static func sameBytes(_ a: Play, _ b: Play) -> Bool {
        func same(_ x: String, _ y: String) -> Bool { x.utf8.elementsEqual(y.utf8) }
        func same(_ x: [String], _ y: [String]) -> Bool { x.count == y.count && zip(x, y).allSatisfy(same) }
        guard a == b, same(a.file, b.file), same(a.players, b.players) else { return false }
        if case .named(let x) = a.boardgame, case .named(let y) = b.boardgame, !same(x, y) { return false }
        if let x = a.seating, let y = b.seating { return same(x.seats, y.seats) && same(x.first ?? "", y.first ?? "") }
        return true
    }
}
