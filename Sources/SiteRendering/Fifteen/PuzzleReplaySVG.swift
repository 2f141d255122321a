public import GameDomain

/// An animated replay of one player's solve: SMIL animations (no script) slide each tile
/// along its path, a bar shows progress, and the last board holds before the loop restarts.
///
/// Each tile gets one `<animateTransform>` holding only its own moves, so the file grows with
/// the number of moves (about 60 bytes per move), not with moves × tiles.
public enum PuzzleReplaySVG {
    /// Longer solves are animated up to here and then jump to the final board, to keep files small.
    public static let maximumAnimatedMoves = 600

    public static func svg(_ replay: PuzzleReplay, player: String, gameTitle: String, texts: SiteTexts = SiteTexts())
        -> SVG
    {
        let size = replay.start.size
        let side = PuzzleBoardSVG.boardSide(size)
        let shown = min(replay.moveCount, maximumAnimatedMoves)
        // Short solves at a readable pace; long ones faster, so one loop stays under a minute.
        let step = min(0.35, max(0.06, 45 / Double(max(shown, 1))))
        let lead = 0.6
        let hold = 2.0
        let total = lead + Double(shown) * step + hold
        func time(_ seconds: Double) -> String { format(seconds / total, digits: 5) }

        // Where each tile stands (cell index) before the animation, then its moves.
        let boards = [replay.start] + replay.timeline.prefix(shown)
        var frame = PuzzleBoardSVG.frame(size: size, solved: false)
        if replay.final.isSolved, shown == replay.moveCount {
            // The frame turns green once the last move has landed: the solved state.
            frame.children = [
                .element(
                    SVG(
                        "animate",
                        [
                            ("attributeName", "fill"), ("calcMode", "discrete"),
                            ("dur", format(total, digits: 2) + "s"), ("repeatCount", "indefinite"),
                            ("values", "\(PuzzleBoardSVG.frameColour);\(PuzzleBoardSVG.solvedFrameColour)"),
                            ("keyTimes", "0;\(time(lead + Double(shown) * step))"),
                        ]))
            ]
        }
        var parts = [frame]
        for cell in 0..<size * size {
            parts.append(
                PuzzleBoardSVG.blank(
                    x: PuzzleBoardSVG.origin(ofCell: cell, size: size).x,
                    y: PuzzleBoardSVG.origin(ofCell: cell, size: size).y))
        }
        for (startCell, number) in replay.start.tiles.enumerated() where number != 0 {
            var keyTimes = ["0"]
            var values = [point(startCell, size: size)]
            var cell = startCell
            for k in 0..<shown {
                // The tile moved in step k when the blank ended up where it stood.
                guard boards[k + 1].blankIndex == cell else { continue }
                let target = boards[k].blankIndex
                let begin = lead + Double(k) * step
                keyTimes += [time(begin), time(begin + step * 0.8)]
                values += [point(cell, size: size), point(target, size: size)]
                cell = target
            }
            var animation: [SVG] = []
            if keyTimes.count > 1 {
                keyTimes.append("1")
                values.append(point(cell, size: size))
                animation.append(
                    SVG(
                        "animateTransform",
                        [
                            ("attributeName", "transform"), ("type", "translate"),
                            ("dur", format(total, digits: 2) + "s"),
                            ("repeatCount", "indefinite"), ("values", values.joined(separator: ";")),
                            ("keyTimes", keyTimes.joined(separator: ";")),
                        ]))
            }
            let origin = PuzzleBoardSVG.origin(ofCell: startCell, size: size)
            parts.append(PuzzleBoardSVG.tile(number, x: origin.x, y: origin.y, home: false, children: animation))
        }

        // Progress bar along the bottom of the board.
        let barWidth = side - 2 * PuzzleBoardSVG.padding
        parts.append(
            SVG(
                "rect",
                [
                    ("class", "progress"), ("x", "\(PuzzleBoardSVG.padding)"), ("y", "\(side - 5)"), ("width", "0"),
                    ("height", "3"),
                    ("rx", "1.5"), ("fill", PuzzleBoardSVG.tileColour),
                ],
                children: [
                    .element(
                        SVG(
                            "animate",
                            [
                                ("attributeName", "width"), ("dur", format(total, digits: 2) + "s"),
                                ("repeatCount", "indefinite"),
                                ("values", "0;0;\(barWidth);\(barWidth)"),
                                ("keyTimes", "0;\(time(lead));\(time(lead + Double(shown) * step));1"),
                            ]))
                ]))

        let solved = replay.final.isSolved
        let count = replay.moveCount
        let outcome = texts.format(
            solved ? .replaySolvedIn : .replayNotSolvedAfter,
            ["moves": texts.count(count, .moveCountOne, .moveCountOther)])
        parts.append(PuzzleBoardSVG.captionText("\(player): \(outcome)", size: size))
        let cut = shown < count ? texts.format(.replayCut, ["shown": "\(shown)"]) : ""
        return .document(
            width: side, height: side + PuzzleBoardSVG.footer,
            title: texts.format(.replayTitle, ["name": player, "game": gameTitle]),
            description: texts.format(
                .replayDescription,
                ["name": player, "rows": PuzzleBoardSVG.rowsText(replay.start), "outcome": outcome, "cut": cut]),
            children: parts
        )
    }

    /// The translation that puts a tile on `cell`. The animation replaces the tile's own
    /// `translate(x y)` (it is not additive), so these are absolute positions.
    static func point(_ cell: Int, size: Int) -> String {
        let origin = PuzzleBoardSVG.origin(ofCell: cell, size: size)
        return "\(origin.x),\(origin.y)"
    }

    /// Fixed-point text without Foundation: `0.12346` for 5 digits; trailing zeros trimmed.
    static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((max(0, min(value, 1e9)) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = scaled % Int(scale)
        guard fraction > 0 else { return "\(whole)" }
        var text = String(fraction)
        text = String(repeating: "0", count: digits - text.count) + text
        while text.hasSuffix("0") { text.removeLast() }
        return "\(whole).\(text)"
    }
}
