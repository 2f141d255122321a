import GameDomain

/// A line over time with an optional band around it: a player's rating (the ordinal, with μ ± σ)
/// or a bowler's average by night. Names and labels go through `SVG`, which escapes them.
enum TrendChart {
    struct Point {
        var label: String
        var value: Double
        /// The band's bottom and top at this point, if any.
        var band: (low: Double, high: Double)?
    }

    static func svg(_ points: [Point], title: String, description: String, colour: String = ScoreChart.palette[0])
        -> SVG
    {
        let width = 640
        let height = 220
        let left = 48
        let right = 16
        let top = 16
        let bottom = 36
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let values = points.flatMap { [$0.value] + ($0.band.map { [$0.low, $0.high] } ?? []) }
        var low = Int((values.min() ?? 0).rounded(.down))
        var high = Int((values.max() ?? 0).rounded(.up))
        // A flat line sits in the middle of a few grid lines, not at the chart's bottom.
        if high - low < 4 { (low, high) = (low - 2, high + 2) }
        let step = ScoreChart.niceStep(for: max(high - low, 1))
        let yMin = Int((Double(low) / Double(step)).rounded(.down)) * step
        let yMax = max(Int((Double(high) / Double(step)).rounded(.up)) * step, yMin + step)
        let last = max(points.count - 1, 1)

        func x(_ index: Int) -> Int { left + (points.count == 1 ? plotWidth / 2 : index * plotWidth / last) }
        func y(_ value: Double) -> Int {
            top + plotHeight - Int(((value - Double(yMin)) * Double(plotHeight) / Double(yMax - yMin)).rounded())
        }
        func text(_ content: String, x: Int, y: Int, anchor: String) -> SVG {
            SVG(
                "text",
                [
                    ("class", "axis"), ("x", "\(x)"), ("y", "\(y)"), ("text-anchor", anchor), ("font-size", "11"),
                    ("fill", "currentColor"),
                ], text: content)
        }

        var parts: [SVG] = []
        for value in stride(from: yMin, through: yMax, by: step) {
            parts.append(
                SVG(
                    "line",
                    [
                        ("class", "grid"), ("x1", "\(left)"), ("x2", "\(left + plotWidth)"),
                        ("y1", "\(y(Double(value)))"), ("y2", "\(y(Double(value)))"), ("stroke", "#8884"),
                    ]))
            parts.append(text("\(value)", x: left - 6, y: y(Double(value)) + 4, anchor: "end"))
        }
        if let first = points.first {
            parts.append(
                text(first.label, x: x(0), y: top + plotHeight + 16, anchor: points.count == 1 ? "middle" : "start"))
        }
        if points.count > 1, let final = points.last {
            parts.append(text(final.label, x: x(points.count - 1), y: top + plotHeight + 16, anchor: "end"))
        }
        func vertices(_ pixels: [(x: Int, y: Int)]) -> String {
            visible(pixels).map { "\($0.x),\($0.y)" }.joined(separator: " ")
        }
        let bands = points.enumerated().compactMap { index, point in point.band.map { (index, $0) } }
        if bands.count == points.count, !bands.isEmpty {
            let upper = vertices(bands.map { (x($0.0), y($0.1.high)) })
            let lower = vertices(bands.reversed().map { (x($0.0), y($0.1.low)) })
            parts.append(
                SVG(
                    "polygon",
                    [("class", "band"), ("points", upper + " " + lower), ("fill", colour), ("fill-opacity", "0.18")]))
        }
        let line = vertices(points.enumerated().map { (x($0.offset), y($0.element.value)) })
        parts.append(
            SVG(
                "polyline",
                [
                    ("points", line), ("fill", "none"), ("stroke", colour), ("stroke-width", "2.5"),
                    ("stroke-linejoin", "round"),
                ]))
        // A marker per point while they stand apart; closer, they would only thicken the line.
        if points.count == 1 || plotWidth / last >= 8 {
            parts += points.enumerated().map {
                SVG(
                    "circle",
                    [("cx", "\(x($0.offset))"), ("cy", "\(y($0.element.value))"), ("r", "3"), ("fill", colour)])
            }
        }
        return .document(width: width, height: height, title: title, description: description, children: parts)
    }

    /// The vertices of a line that draws the same at the chart's resolution: in each pixel column
    /// (a run of equal `x`), only its first, highest, lowest and last points. A chart's size then
    /// stays bounded by its width however many games a player has.
    static func visible(_ pixels: [(x: Int, y: Int)]) -> [(x: Int, y: Int)] {
        var kept: [(x: Int, y: Int)] = []
        var start = pixels.startIndex
        while start < pixels.endIndex {
            var end = start
            while end + 1 < pixels.endIndex, pixels[end + 1].x == pixels[start].x { end += 1 }
            let column = pixels[start...end]
            let ys = column.map(\.y)
            for y in [pixels[start].y, ys.min() ?? pixels[start].y, ys.max() ?? pixels[start].y, pixels[end].y]
            where kept.last.map({ $0.x != pixels[start].x || $0.y != y }) ?? true {
                kept.append((pixels[start].x, y))
            }
            start = end + 1
        }
        return kept
    }

    /// The ordinal after each rated game, with the band μ − σ to μ + σ.
    static func rating(_ rating: PlayerRating, name: String, texts: SiteTexts) -> SVG {
        let points = rating.history.map { point in
            Point(
                label: texts.day(point.date), value: point.rating.ordinal,
                band: (point.rating.mu - point.rating.sigma, point.rating.mu + point.rating.sigma))
        }
        return svg(
            points, title: texts.format(.ratingChartTitle, ["name": name]),
            description: texts.format(
                .ratingChartDescription,
                [
                    "games": texts.count(rating.games, .gameCountOne, .gameCountOther),
                    "rating": decimal(rating.rating.ordinal),
                ]))
    }

    /// The league average after each night.
    static func average(_ bowler: BowlerStatistics, name: String, texts: SiteTexts, catalog: SiteCatalog) -> SVG {
        let points = bowler.trend.map { night in
            Point(
                label: catalog.games(on: night.day).first.map { texts.day($0.game.date) } ?? night.day,
                value: Double(night.average), band: nil)
        }
        return svg(
            points, title: texts.format(.averageChartTitle, ["name": name]),
            description: texts.format(
                .averageChartDescription, ["nights": "\(bowler.trend.count)", "average": "\(bowler.average)"]),
            colour: ScoreChart.palette[2])
    }
}
