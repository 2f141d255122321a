/// The running totals behind `GroupStatistics`, taken one game at a time in the order played.
/// They are values, so `StatisticsMemory` keeps copies to resume from.
struct StatisticsTallies: Sendable {
    var plays = PlayTally()
    var bowlers: BowlerTally
    /// By identity.
    var racers: [String: RacerStatistics] = [:]

    init(handicap: BowlingHandicap?) {
        bowlers = BowlerTally(handicap: handicap)
    }

    /// `play` is `Play(game)`.
    mutating func add(_ game: FiledGame, _ play: Play) {
        plays.add(play)
        guard game.game.status == .finished else { return }
        switch game.game.content {
        case .scores: break
        case .bowling(let bowling): bowlers.add(bowling, on: game.game.date.day)
        case .fifteen(let puzzle): RacerStatistics.add(puzzle, of: game, to: &racers)
        }
    }
}

/// Head-to-head records, streaks and board-game plays per player, and the board-game table.
/// Players are numbered as they are met; each keeps arrays, not dictionaries keyed by identity.
struct PlayTally: Sendable {
    var boardgames = BoardgameTally()
    private var numbers = PlayerNumbers()
    private var streaks: [WinStreak] = []
    private var headToHead: [[Int: HeadToHead]] = []
    private var played: [[Int: BoardgamePlays]] = []
    private var boardgameNumbers: [Boardgame: Int] = [:]
    // The play each player last took part in and last won, by count: sets without hashing.
    private var inPlay: [Int] = [], wonPlay: [Int] = []
    private var count = 0

    mutating func add(_ play: Play) {
        boardgames.add(play)
        count += 1
        let mark = count
        var participants: [Int] = []
        // Everyone who played, listed or on a side, with the first spelling seen.
        func meet(_ name: String) -> Int {
            let (number, isNew) = numbers.number(name)
            if isNew {
                streaks.append(WinStreak())
                headToHead.append([:])
                played.append([:])
                inPlay.append(0)
                wonPlay.append(0)
            }
            if inPlay[number] != mark {
                inPlay[number] = mark
                participants.append(number)
            }
            return number
        }
        for name in play.players { _ = meet(name) }
        guard let outcome = play.outcome else { return }
        switch outcome {
        case .cooperative(let names, let won):
            for name in names { _ = meet(name) }
            if won { for number in participants { wonPlay[number] = mark } }
        case .ranked(let sides):
            let placed = sides.map { side in (side.players.map(meet), side.place) }
            for (a, (playersA, placeA)) in placed.enumerated() {
                if placeA == 1 { for number in playersA { wonPlay[number] = mark } }
                for (playersB, placeB) in placed[(a + 1)...] {
                    for one in playersA {
                        for other in playersB where one != other {
                            headToHead[one][other, default: HeadToHead(opponent: numbers.identities[other])].record(
                                placeA, against: placeB)
                            headToHead[other][one, default: HeadToHead(opponent: numbers.identities[one])].record(
                                placeB, against: placeA)
                        }
                    }
                }
            }
            for number in participants { streaks[number].add(won: wonPlay[number] == mark) }
        }
        let boardgame =
            boardgameNumbers[play.boardgame]
            ?? {
                boardgameNumbers[play.boardgame] = boardgameNumbers.count
                return boardgameNumbers.count - 1
            }()
        for number in participants {
            played[number][boardgame, default: BoardgamePlays(boardgame: play.boardgame, lastPlayed: play.date)].add(
                won: wonPlay[number] == mark, on: play.date)
        }
    }

    /// By identity.
    func players(bowlers: [String: BowlerStatistics], racers: [String: RacerStatistics]) -> [String: PlayerStatistics] {
        var players: [String: PlayerStatistics] = [:]
        for number in 0..<numbers.count {
            let identity = numbers.identities[number]
            var player = PlayerStatistics(identity: identity, name: numbers.names[number])
            player.streak = streaks[number]
            player.headToHead = headToHead[number].values.sorted { ($1.games, $0.opponent) < ($0.games, $1.opponent) }
            player.nemesis = HeadToHead.nemesis(player.headToHead)
            player.boardgames = played[number].values.sorted { a, b in
                if a.plays != b.plays { return a.plays > b.plays }
                if a.lastPlayed != b.lastPlayed { return a.lastPlayed > b.lastPlayed }
                return a.boardgame < b.boardgame
            }
            player.favourite = BoardgamePlays.favourite(player.boardgames)
            player.bowling = bowlers[identity]
            player.puzzle = racers[identity]
            players[identity] = player
        }
        return players
    }
}
