public import GameDomain

/// A line chart of each player's (or, when points go to teams, each team's) running total, from
/// the starting points through every round.
public enum ScoreChart {
    /// Player colours, distinguishable in light and dark mode and for common colour blindness
    /// (Okabe–Ito); a player's colour is picked by their position in `players`.
    static let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#A08A00", "#666666"]

    public static func svg(for game: ScoreGame, title: String, texts: SiteTexts = SiteTexts()) -> SVG {
        let width = 640
        let height = 280
        let left = 48
        let right = 150
        let top = 16
        let bottom = 36
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let scorers = game.scorers
        let series = game.runningTotals.map { [game.start] + $0 }
        // The legend lists scorers by their final totals, whatever decides the standings.
        let legend = Standing.rank(zip(scorers, series).map { ($0, $1.last ?? game.start) }, by: game.win)
        let values = series.joined()
        let low = min(values.min() ?? 0, game.start)
        let high = max(values.max() ?? 0, game.start)
        let step = niceStep(for: high - low)
        let yMin = Int((Double(low) / Double(step)).rounded(.down)) * step
        let yMax = max(Int((Double(high) / Double(step)).rounded(.up)) * step, yMin + step)
        let rounds = game.rounds.count

        func x(_ round: Int) -> Int { left + (rounds == 0 ? 0 : round * plotWidth / rounds) }
        func y(_ value: Int) -> Int { top + plotHeight - (value - yMin) * plotHeight / (yMax - yMin) }

        var parts: [SVG] = []
        // Grid and axis labels.
        for value in stride(from: yMin, through: yMax, by: step) {
            parts.append(
                SVG(
                    "line",
                    [
                        ("class", "grid"), ("x1", "\(left)"), ("x2", "\(left + plotWidth)"), ("y1", "\(y(value))"),
                        ("y2", "\(y(value))"), ("stroke", "#8884"),
                    ]))
            parts.append(
                SVG(
                    "text",
                    [
                        ("class", "axis"), ("x", "\(left - 6)"), ("y", "\(y(value) + 4)"), ("text-anchor", "end"),
                        ("font-size", "11"), ("fill", "currentColor"),
                    ], text: "\(value)"))
        }
        for round in 0...rounds {
            parts.append(
                SVG(
                    "text",
                    [
                        ("class", "axis"), ("x", "\(x(round))"), ("y", "\(top + plotHeight + 16)"),
                        ("text-anchor", "middle"), ("font-size", "11"), ("fill", "currentColor"),
                    ], text: round == 0 ? texts[.chartStart] : "\(round)"))
        }
        parts.append(
            SVG(
                "text",
                [
                    ("class", "axis"), ("x", "\(left + plotWidth / 2)"), ("y", "\(height - 4)"),
                    ("text-anchor", "middle"), ("font-size", "11"), ("fill", "currentColor"),
                ], text: texts[.chartRound]))

        // One line per player, and a legend ordered like the standings.
        for (index, totals) in series.enumerated() {
            let colour = palette[index % palette.count]
            let points = totals.enumerated().map { "\(x($0.offset)),\(y($0.element))" }.joined(separator: " ")
            let name = scorers[index]
            var line = [SVG("title", text: "\(name): \(totals.map(String.init).joined(separator: ", "))")]
            line.append(
                SVG(
                    "polyline",
                    [
                        ("points", points), ("fill", "none"), ("stroke", colour), ("stroke-width", "2.5"),
                        ("stroke-linejoin", "round"),
                    ]))
            line += totals.enumerated().map {
                SVG("circle", [("cx", "\(x($0.offset))"), ("cy", "\(y($0.element))"), ("r", "3"), ("fill", colour)])
            }
            parts.append(SVG("g", [("class", "series")], children: line.map(SVG.Node.element)))
        }
        for (row, standing) in legend.enumerated() {
            guard let index = scorers.firstIndex(of: standing.player) else { continue }
            let ly = top + 8 + row * 20
            parts.append(
                SVG(
                    "rect",
                    [
                        ("x", "\(width - right + 16)"), ("y", "\(ly - 8)"), ("width", "12"), ("height", "12"),
                        ("rx", "2"), ("fill", palette[index % palette.count]),
                    ]))
            let clipped = clip(standing.player, to: 14)
            let text = SVG(
                "text",
                [("x", "\(width - right + 34)"), ("y", "\(ly + 2)"), ("font-size", "12"), ("fill", "currentColor")],
                text: "\(clipped) \(standing.total)")
            // A clipped name is whole in a tooltip.
            parts.append(
                clipped == standing.player
                    ? text
                    : SVG(
                        "g",
                        children: [
                            .element(SVG("title", text: "\(standing.player) \(standing.total)")), .element(text),
                        ]))
        }

        let summary = legend.map { "\($0.player) \($0.total)" }.joined(separator: ", ")
        return .document(
            width: width, height: height,
            title: texts.format(.chartTitle, ["title": title]),
            description: texts.format(.chartDescription, ["start": "\(game.start)", "final": summary]),
            children: parts
        )
    }

    /// 1, 2 or 5 times a power of ten, giving at most eight grid lines.
    static func niceStep(for range: Int) -> Int {
        var magnitude = 1
        while true {
            for factor in [1, 2, 5] where range <= 8 * factor * magnitude { return factor * magnitude }
            magnitude *= 10
        }
    }

    static func clip(_ text: String, to length: Int) -> String {
        text.count > length ? text.prefix(length - 1) + "…" : text
    }
}
