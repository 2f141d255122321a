import GameDomain

/// What `fifteen.mustache` shows. Templates see its stored properties (through `Encodable`).
struct FifteenView: Encodable {
    struct Row: Encodable {
        var place: Int?
        var player: String
        var winner: Bool
        var solved: Bool
        var moves: Int
        /// `30 moves`, for the replay's caption.
        var movesLabel: String
        var time: String?
        var movesPerSecond: String?
        var optimal: String?
        var efficiency: String?
        /// The animated replay, an inline `<svg>`.
        var replay: String
        var finalBoard: String
    }

    var sizeLabel: String
    var startLabel: String
    var optimalLabel: String
    var startBoard: String
    var rows: [Row]

    static func describe(_ gap: PuzzleOptimum.Gap, _ texts: SiteTexts) -> String {
        switch gap {
        case .unsolvable: texts[.optimumUnsolvable]
        case .tooLarge(let size): texts.format(.optimumTooLarge, ["size": "\(size)"])
        case .timeLimit(let seconds, let atLeast):
            texts.format(
                .optimumTimeLimit,
                [
                    "seconds": seconds == seconds.rounded() && seconds < 1e9 ? "\(Int(seconds))" : "\(seconds)",
                    "moves": "\(atLeast)",
                ])
        case .nodeLimit(let nodes, let atLeast):
            texts.format(.optimumNodeLimit, ["nodes": "\(nodes)", "moves": "\(atLeast)"])
        case .cancelled: texts[.optimumCancelled]
        }
    }

    init(_ game: PuzzleGame, entry: SiteGame, texts: SiteTexts) {
        let title = entry.game.title
        let winners = Set(game.winners)
        let optimal = game.optimum?.moves
        sizeLabel = "\(game.size)×\(game.size)"
        startLabel = game.seed.map { texts.format(.shuffled, ["seed": "\($0)"]) } ?? texts[.setByHand]
        switch game.optimum {
        case .moves(let moves)?: optimalLabel = texts.count(moves, .moveCountOne, .moveCountOther)
        case .notComputed(let gap)?:
            optimalLabel = texts.format(.notComputedBecause, ["reason": Self.describe(gap, texts)])
        case nil: optimalLabel = texts[.notComputed]
        }
        startBoard = PuzzleBoardSVG.board(
            game.start, title: texts.format(.startBoardTitle, ["title": title]), caption: texts[.start], texts: texts
        ).render()
        rows = zip(game.players.indices, game.places).map { index, place in
            let player = game.players[index]
            let result = player.result
            let efficiency = optimal.flatMap { result.efficiency(optimal: $0) }
            return Row(
                place: place, player: player.name, winner: winners.contains(player.name), solved: result.solved,
                moves: result.moveCount, movesLabel: texts.format(.moveCountOther, ["count": "\(result.moveCount)"]),
                time: result.seconds.map { Self.duration($0, texts: texts) },
                movesPerSecond: result.movesPerSecond.map { PuzzleReplaySVG.format($0, digits: 2) },
                optimal: optimal.map(String.init), efficiency: efficiency.map(texts.percent),
                replay: PuzzleReplaySVG.svg(player.replay, player: player.name, gameTitle: title, texts: texts)
                    .render(),
                finalBoard: PuzzleBoardSVG.board(
                    player.replay.final, title: texts.format(.finalBoardTitle, ["name": player.name]),
                    caption: texts[result.solved ? .solved : .finalBoard], texts: texts
                ).render()
            )
        }
    }

    /// `42.5 s` or `1:35.2`.
    static func duration(_ seconds: Double, texts: SiteTexts = SiteTexts()) -> String {
        // Clamped like `PuzzleReplaySVG.format`: a `PuzzleGame` built in code may hold any time,
        // and a huge one would trap when made an Int.
        let seconds = seconds.isNaN ? 0 : max(0, min(seconds, 1e9))
        guard seconds >= 60 else {
            return texts.format(.seconds, ["value": PuzzleReplaySVG.format(seconds, digits: 1)])
        }
        let minutes = Int(seconds / 60)
        let rest = seconds - Double(minutes) * 60
        let text = PuzzleReplaySVG.format(rest, digits: 1)
        return "\(minutes):\(rest < 10 ? "0" : "")\(text)"
    }
}
