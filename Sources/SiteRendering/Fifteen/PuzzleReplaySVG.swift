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

        // Each tile's path, by the cell it starts on, in one pass over the moves: the tile of
        // move k slides from where the blank goes to where it was.
        let blanks = replay.blankCells(limit: shown)
        let cells = size * size
        var keyTimes = [[UInt8]](repeating: [UInt8(ascii: "0")], count: cells)
        var values = (0..<cells).map { cell in
            var bytes: [UInt8] = []
            appendPoint(cell, size: size, to: &bytes)
            return bytes
        }
        var standing = Array(0..<cells)  // the start cell of the tile on each cell
        var at = Array(0..<cells)  // the cell each tile, by its start cell, stands on
        var moved = [Bool](repeating: false, count: cells)
        for k in 0..<blanks.count - 1 {
            let (from, to) = (blanks[k + 1], blanks[k])
            let tile = standing[from]
            let begin = lead + Double(k) * step
            keyTimes[tile].append(UInt8(ascii: ";"))
            appendFixed(begin / total, digits: 5, to: &keyTimes[tile])
            keyTimes[tile].append(UInt8(ascii: ";"))
            appendFixed((begin + step * 0.8) / total, digits: 5, to: &keyTimes[tile])
            values[tile].append(UInt8(ascii: ";"))
            appendPoint(from, size: size, to: &values[tile])
            values[tile].append(UInt8(ascii: ";"))
            appendPoint(to, size: size, to: &values[tile])
            (standing[to], standing[from]) = (tile, standing[to])
            at[tile] = to
            moved[tile] = true
        }
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
        for cell in 0..<cells {
            parts.append(
                PuzzleBoardSVG.blank(
                    x: PuzzleBoardSVG.origin(ofCell: cell, size: size).x,
                    y: PuzzleBoardSVG.origin(ofCell: cell, size: size).y))
        }
        let duration = format(total, digits: 2) + "s"
        for (startCell, number) in replay.start.tiles.enumerated() where number != 0 {
            var animation: [SVG] = []
            if moved[startCell] {
                keyTimes[startCell] += ";1".utf8
                values[startCell].append(UInt8(ascii: ";"))
                appendPoint(at[startCell], size: size, to: &values[startCell])
                animation.append(
                    SVG(
                        "animateTransform",
                        [
                            ("attributeName", "transform"), ("type", "translate"), ("dur", duration),
                            ("repeatCount", "indefinite"),
                            ("values", String(decoding: values[startCell], as: UTF8.self)),
                            ("keyTimes", String(decoding: keyTimes[startCell], as: UTF8.self)),
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

    /// The translation that puts a tile on `cell` (`x,y`). The animation replaces the tile's own
    /// `translate(x y)` (it is not additive), so these are absolute positions.
    static func appendPoint(_ cell: Int, size: Int, to output: inout [UInt8]) {
        let origin = PuzzleBoardSVG.origin(ofCell: cell, size: size)
        appendDigits(origin.x, to: &output)
        output.append(UInt8(ascii: ","))
        appendDigits(origin.y, to: &output)
    }

    /// Fixed-point text without Foundation: `0.12346` for 5 digits; trailing zeros trimmed.
    static func format(_ value: Double, digits: Int) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `format(value, digits:)`, appended as bytes: a replay has two times and two points per move.
    static func appendFixed(_ value: Double, digits: Int, to output: inout [UInt8]) {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((max(0, min(value, 1e9)) * Double(scale)).rounded())
        appendDigits(scaled / scale, to: &output)
        var fraction = scaled % scale
        guard fraction > 0 else { return }
        var width = digits
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        output.append(UInt8(ascii: "."))
        appendDigits(fraction, width: width, to: &output)
    }

    /// A non-negative number's decimal digits, padded with zeros to `width`.
    private static func appendDigits(_ number: Int, width: Int = 1, to output: inout [UInt8]) {
        var divisor = 1
        var length = 1
        while divisor <= number / 10 {
            divisor *= 10
            length += 1
        }
        for _ in length..<max(length, width) { output.append(UInt8(ascii: "0")) }
        var rest = number
        while divisor > 0 {
            output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
