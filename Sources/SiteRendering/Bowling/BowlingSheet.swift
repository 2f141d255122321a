public import GameDomain

/// One bowler's line drawn as a paper score sheet: the name, ten frames with their small ball
/// boxes (three in the 10th), X / F and circled splits, the running totals ("-" until known, as
/// in seed 004), and the total. Drawn inline in the scorecard page; it follows light and dark mode.
public enum BowlingSheet {
    static let pad = 8, nameWidth = 150, frameWidth = 48, tenthWidth = 72, totalWidth = 64
    static let headerHeight = 18, boxSize = 24, bodyHeight = 60
    static let width = pad * 2 + nameWidth + 9 * frameWidth + tenthWidth + totalWidth
    static let height = pad * 2 + headerHeight + bodyHeight

    /// Colours live in the sheets, not in the site's stylesheet, so they survive a custom one; the
    /// dark palette matches the built-in one. Inline in a page a `<style>` applies to the whole
    /// document, so every rule is scoped to the sheet's class and one sheet per page carries it.
    /// (No `>` or quotes: the style text is escaped like all text.)
    static let style = """
        .bowling-sheet .card { fill: #ffffff; stroke: #dcd8cf; }
        .bowling-sheet .rule { stroke: #8a857a; stroke-width: 1; fill: none; }
        .bowling-sheet .ballbox { fill: #f3f1ec; stroke: #8a857a; stroke-width: 1; }
        .bowling-sheet .name-cell { fill: #ffffff; }
        .bowling-sheet .winner .name-cell { fill: #fff4cc; }
        .bowling-sheet .crown { fill: #e0b100; }
        .bowling-sheet text { font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; fill: #1d1d1f; }
        .bowling-sheet .head { font-size: 11px; fill: #5f6368; }
        .bowling-sheet .mark { font-size: 15px; font-weight: 600; }
        .bowling-sheet .split { fill: none; stroke: #1d1d1f; stroke-width: 1.2; }
        .bowling-sheet .score { font-size: 16px; font-variant-numeric: tabular-nums; }
        .bowling-sheet .unknown { fill: #5f6368; }
        .bowling-sheet .name { font-size: 15px; font-weight: 600; }
        .bowling-sheet .total { font-size: 20px; font-weight: 700; font-variant-numeric: tabular-nums; }
        @media (prefers-color-scheme: dark) {
          .bowling-sheet .card { fill: #1e2125; stroke: #33373d; }
          .bowling-sheet .rule { stroke: #80868e; }
          .bowling-sheet .ballbox { fill: #2a2e33; stroke: #80868e; }
          .bowling-sheet .name-cell { fill: #1e2125; }
          .bowling-sheet .winner .name-cell { fill: #3a3214; }
          .bowling-sheet text { fill: #e8e6e3; }
          .bowling-sheet .head, .bowling-sheet .unknown { fill: #a3a7ad; }
          .bowling-sheet .split { stroke: #e8e6e3; }
        }
        """

    /// The sheet of `player` in the game titled `gameTitle`; `styled: false` leaves out the
    /// `<style>`, for every sheet of a page but the first.
    public static func svg(
        for player: BowlingGame.Player, isWinner: Bool, gameTitle: String, styled: Bool = true,
        texts: SiteTexts = SiteTexts()
    ) -> SVG {
        let line = player.line
        let frames = line.frames
        let top = pad + headerHeight
        var parts = styled ? [SVG("style", text: style)] : []
        parts.append(rect(x: pad, y: pad, width: width - 2 * pad, height: height - 2 * pad, class: "card"))

        // Header: frame numbers and "Total".
        parts.append(text(texts[.bowler], x: pad + 8, y: pad + 13, class: "head"))
        for number in 1...10 {
            let (x, w) = frameSpan(number)
            parts.append(text("\(number)", x: x + w / 2, y: pad + 13, class: "head", anchor: "middle"))
        }
        let totalX = pad + nameWidth + 9 * frameWidth + tenthWidth
        parts.append(text(texts[.total], x: totalX + totalWidth / 2, y: pad + 13, class: "head", anchor: "middle"))

        // Name cell, highlighted and crowned for a winner.
        var name: [SVG] = [rect(x: pad + 1, y: top, width: nameWidth - 1, height: bodyHeight - 1, class: "name-cell")]
        if isWinner {
            let (cx, cy) = (pad + 8, top + bodyHeight / 2 - 6)
            name.append(
                SVG(
                    "path", [("class", "crown"), ("d", "M\(cx),\(cy + 12) l0,-10 l4,4 l4,-6 l4,6 l4,-4 l0,10 z")],
                    children: [.element(SVG("title", text: texts[.winnerMark]))]))
        }
        name.append(
            text(
                ScoreChart.clip(player.name, to: 15), x: pad + (isWinner ? 30 : 8), y: top + bodyHeight / 2 + 5,
                class: "name"))
        parts.append(SVG("g", isWinner ? [("class", "winner")] : [], children: name.map(SVG.Node.element)))

        // Frames: ball boxes along the top, running total below.
        for frame in frames {
            let (x, w) = frameSpan(frame.number)
            let boxes = frame.number == 10 ? 3 : 2
            for box in 0..<boxes {
                let bx = x + box * boxSize
                parts.append(rect(x: bx, y: top, width: boxSize, height: boxSize, class: "ballbox"))
                guard box < frame.marks.count, box < frame.balls.count else { continue }
                let ball = frame.balls[box]
                let mark = ball.isSplit ? "\(ball.pins)" : frame.marks[box]
                if ball.isSplit {
                    parts.append(
                        SVG(
                            "circle",
                            [
                                ("class", "split"), ("cx", "\(bx + boxSize / 2)"), ("cy", "\(top + boxSize / 2)"),
                                ("r", "9"),
                            ]))
                }
                parts.append(text(mark, x: bx + boxSize / 2, y: top + boxSize / 2 + 5, class: "mark", anchor: "middle"))
            }
            let score = frame.runningTotal.map(String.init)
            parts.append(
                text(
                    score ?? "-", x: x + w / 2, y: top + boxSize + 25, class: score == nil ? "score unknown" : "score",
                    anchor: "middle"))
            parts.append(rule(x1: x, y1: pad, x2: x, y2: pad + headerHeight + bodyHeight))
        }
        parts.append(rule(x1: totalX, y1: pad, x2: totalX, y2: height - pad))
        parts.append(rule(x1: pad, y1: top, x2: width - pad, y2: top))
        let total = line.total.map(String.init)
        parts.append(
            text(
                total ?? "-", x: totalX + totalWidth / 2, y: top + bodyHeight / 2 + 7,
                class: total == nil ? "total unknown" : "total", anchor: "middle"))

        var sheet = SVG.document(
            width: width, height: height, title: title(for: player, gameTitle: gameTitle, texts: texts),
            description: description(of: line, frames: frames, texts: texts), children: parts)
        sheet.attributes.append(("class", "bowling-sheet"))
        return sheet
    }

    /// "Ann's score sheet, Game 1: 300": the sheet's accessible name.
    public static func title(for player: BowlingGame.Player, gameTitle: String, texts: SiteTexts = SiteTexts())
        -> String
    {
        texts.format(
            .sheetTitle,
            ["name": player.name, "game": gameTitle, "total": player.line.total.map(String.init) ?? texts[.inProgress]])
    }

    /// Frame by frame in words, for screen readers: "Frame 1: X, 30. … Total 300."
    static func description(of line: BowlingLine, frames: [BowlingFrame], texts: SiteTexts) -> String {
        let frames = frames.map { frame in
            guard !frame.marks.isEmpty else { return texts.format(.frameNotBowled, ["frame": "\(frame.number)"]) }
            return texts.format(
                .frameScore,
                [
                    "frame": "\(frame.number)", "marks": frame.marks.joined(separator: " "),
                    "total": frame.runningTotal.map(String.init) ?? texts[.notYetKnown],
                ])
        }
        return
            (frames + [line.total.map { texts.format(.sheetTotal, ["total": "\($0)"]) } ?? texts[.sheetTotalUnknown]])
            .joined(separator: " ")
    }

    /// Left edge and width of frame `number` (1...10).
    static func frameSpan(_ number: Int) -> (x: Int, width: Int) {
        (pad + nameWidth + (number - 1) * frameWidth, number == 10 ? tenthWidth : frameWidth)
    }

    static func rect(x: Int, y: Int, width: Int, height: Int, class name: String) -> SVG {
        SVG("rect", [("class", name), ("x", "\(x)"), ("y", "\(y)"), ("width", "\(width)"), ("height", "\(height)")])
    }

    static func rule(x1: Int, y1: Int, x2: Int, y2: Int) -> SVG {
        SVG("line", [("class", "rule"), ("x1", "\(x1)"), ("y1", "\(y1)"), ("x2", "\(x2)"), ("y2", "\(y2)")])
    }

    static func text(_ content: String, x: Int, y: Int, class name: String, anchor: String? = nil) -> SVG {
        var attributes = [("class", name), ("x", "\(x)"), ("y", "\(y)")]
        if let anchor { attributes.append(("text-anchor", anchor)) }
        return SVG("text", attributes, text: content)
    }
}
