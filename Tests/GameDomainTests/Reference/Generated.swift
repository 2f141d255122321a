@testable import GameDomain

/// A seeded source of random choices for the property tests: the same seed makes the same games.
struct Dice {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.bounded(UInt64(range.upperBound - range.lowerBound + 1)))
    }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[int(0...(items.count - 1))]
    }

    /// `count` distinct items in random order (fewer if there are fewer).
    mutating func distinct<T>(_ items: [T], count: Int) -> [T] {
        var pool = items
        var chosen: [T] = []
        while chosen.count < count, !pool.isEmpty { chosen.append(pool.remove(at: int(0...(pool.count - 1)))) }
        return chosen
    }
}

/// Random games for the property tests: small pools of players, board games and nights, so
/// that players meet often, nights hold several games and ties happen.
enum Generated {
    static let people = ["Ann", "Bo", "Cy", "Di", "Eve", "Fay"]
    static let boardgames = ["Catan", "Azul", "Go"]

    /// A name as someone might write it: identities match across these spellings.
    static func spelling(_ name: String, _ dice: inout Dice) -> String {
        switch dice.int(0...5) {
        case 0: name.lowercased()
        case 1: name.uppercased()
        case 2: " \(name)"
        default: name
        }
    }

    /// A date among a few nights, sometimes with a time.
    static func date(_ dice: inout Dice) -> GameDate {
        let day = "2026-0\(dice.int(1...3))-1\(dice.int(0...3))"
        let text = dice.chance(30) ? "\(day)T\(dice.int(18...22)):\(dice.chance(50) ? "00" : "30")" : day
        return GameDate(text) ?? GameDate("2026-01-01")!
    }

    /// Places by competition ranking of `keys` (smaller is better): equal keys share a place, the
    /// next place skips (1, 1, 3).
    static func places(_ keys: [Int]) -> [Int] {
        keys.map { key in 1 + keys.count { $0 < key } }
    }

    /// A play of any shape the statistics meet: ranked with ties and teams, one-player,
    /// cooperative (won or lost), or unfinished.
    static func play(_ index: Int, _ dice: inout Dice) -> Play {
        let names = dice.distinct(people, count: dice.int(1...5)).map { spelling($0, &dice) }
        let file = "\(["a", "b", "c"][index % 3])/g\(dice.int(0...999))-\(index).md"
        let date = date(&dice)
        let boardgame = Boardgame.named(dice.pick(boardgames) ?? "Catan")
        let bgg = dice.chance(30) ? dice.int(1...3) : nil
        switch dice.int(0...9) {
        case 0:
            return Play(
                file: file, date: date, boardgame: boardgame, players: names, outcome: nil, bggID: bgg,
                seating: seating(names, &dice))
        case 1:
            return Play(
                file: file, date: date, boardgame: boardgame, players: names,
                outcome: .cooperative(players: names, won: dice.chance(50)), bggID: bgg, seating: seating(names, &dice))
        default:
            // Sides: everyone alone, or players grouped into teams.
            var sides: [[String]] = []
            let teams = dice.chance(25)
            for name in names {
                if teams, !sides.isEmpty, dice.chance(50) {
                    sides[sides.count - 1].append(name)
                } else {
                    sides.append([name])
                }
            }
            let places = places(sides.map { _ in dice.int(0...3) })
            let rule: WinRule = dice.chance(30) ? .lowest : .highest
            let outcome = GameOutcome.ranked(
                zip(sides, places).sorted { $0.1 < $1.1 }.map {
                    GameOutcome.Side(team: $0.0.count > 1 ? "team" : nil, players: $0.0, place: $0.1)
                })
            let results = zip(sides, places).flatMap { side, place in
                side.map {
                    PlayerResult(
                        player: $0, place: place, score: dice.chance(80) ? dice.int(0...12) : nil, isWinner: place == 1)
                }
            }
            return Play(
                file: file, date: date, boardgame: boardgame, players: names, outcome: outcome, results: results,
                scoreRule: rule, bggID: bgg, seating: seating(names, &dice))
        }
    }

    /// Nothing, the first player alone, the seats alone, or both (the first anywhere at the table).
    static func seating(_ names: [String], _ dice: inout Dice) -> Seating? {
        let seats = dice.distinct(names, count: names.count)
        switch dice.int(0...3) {
        case 0: return nil
        case 1: return Seating(first: dice.pick(names))
        case 2: return Seating(seats: seats)
        default: return Seating(first: dice.pick(names), seats: seats)
        }
    }

    static func plays(_ dice: inout Dice) -> [Play] {
        (0..<dice.int(0...40)).map { play($0, &dice) }
    }

    /// The balls of a legal line, complete unless `complete` is false. Gutter balls and whole
    /// racks come often, so `-/`, `X` and `0, 10` in the 10th frame turn up in most lines.
    static func bowlingBalls(_ dice: inout Dice, complete: Bool = true) -> [BowlingBall] {
        var progress = BowlingProgress()
        var balls: [BowlingBall] = []
        let stop = complete ? Int.max : dice.int(0...20)
        while !progress.isGameOver, balls.count < stop {
            let standing = progress.standing
            let pins =
                switch dice.int(0...3) {
                case 0: 0
                case 1: standing
                default: dice.int(0...standing)
                }
            var ball = BowlingBall.pins(pins)
            if progress.isFullRack, (1...8).contains(pins), dice.chance(25) {
                ball = .split(pins)
            } else if pins == 0, dice.chance(20) {
                ball = .foul
            }
            do { try progress.roll(ball) } catch { break }
            balls.append(ball)
        }
        return balls
    }

    /// A bowling game of distinct bowlers; now and then unfinished or with an incomplete line.
    static func bowlingGame(_ index: Int, _ dice: inout Dice) -> FiledGame? {
        let names = dice.distinct(people, count: dice.int(1...4)).map { spelling($0, &dice) }
        let players = names.compactMap { name in
            (try? BowlingLine(balls: bowlingBalls(&dice, complete: !dice.chance(10)))).map {
                BowlingGame.Player(name: name, line: $0)
            }
        }
        let status: GameStatus = dice.chance(10) ? .playing : .finished
        return FiledGame(
            file: "\(["x", "y"][index % 2])/b\(dice.int(0...99))-\(index).md",
            game: Game(
                title: "Bowling", date: date(&dice), notes: "",
                content: .bowling(BowlingGame(players: players, status: status))))
    }

    /// A puzzle race on a board one slide from solved (3×3 or 4×4): an odd number of slides of
    /// that tile solves it, an even number does not.
    static func puzzleGame(_ index: Int, _ dice: inout Dice) -> FiledGame? {
        let size = dice.chance(50) ? 3 : 4
        let cells = size * size
        var tiles = Array(1..<cells) + [0]
        tiles.swapAt(cells - 2, cells - 1)
        guard let start = try? PuzzleBoard(size: size, tiles: tiles) else { return nil }
        let players = dice.distinct(people, count: dice.int(1...3)).compactMap { name -> PuzzleGame.Player? in
            let moves = Array(repeating: PuzzleMove.tile(cells - 1), count: dice.int(1...6))
            let seconds: Double? = dice.chance(20) ? nil : Double(dice.int(1...20)) / 2
            return (try? PuzzleReplay(start: start, moves: moves)).map {
                PuzzleGame.Player(name: spelling(name, &dice), replay: $0, seconds: seconds)
            }
        }
        let optimum: PuzzleOptimum? =
            switch dice.int(0...2) {
            case 0: nil
            case 1: .moves(1)
            default: .notComputed(.cancelled)
            }
        let status: GameStatus = dice.chance(10) ? .playing : .finished
        return FiledGame(
            file: "p/r\(dice.int(0...99))-\(index).md",
            game: Game(
                title: "Race", date: date(&dice), notes: "",
                content: .fifteen(PuzzleGame(start: start, players: players, status: status, optimum: optimum))))
    }

    /// Bowling and puzzle games mixed, in no particular order.
    static func kindGames(_ dice: inout Dice) -> [FiledGame] {
        (0..<dice.int(0...30)).compactMap { dice.chance(60) ? bowlingGame($0, &dice) : puzzleGame($0, &dice) }
    }
}
