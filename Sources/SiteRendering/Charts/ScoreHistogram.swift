import GameDomain

/// A histogram of a board game's scores: how many times each range of scores was scored, in
/// at most `maximumBins` equal ranges of 1, 2 or 5 times a power of ten. Every text goes
/// through `SVG`, which escapes it; colours are the charts' palette and `currentColor`, so it
/// follows the page's light or dark scheme as the other charts do.
enum ScoreHistogram {
    struct Bin: Equatable {
        /// The lowest score of the range; the range is `start ..< start + width`.
        var start: Int
        var count: Int
    }

    static let maximumBins = 12
    static let limit = 1_000_000_000_000_000

    /// The ranges' width and every range from the lowest score's to the highest's, empty ones
    /// included (a gap is part of the shape). Nothing without scores.
    static func bins(_ scores: [Int]) -> (width: Int, bins: [Bin]) {
        // Game files hold at most ±10⁹ a round, but a game built in code may hold any Int, and
        // the ranges' arithmetic would overflow near Int.max: such scores share the end ranges.
        let scores = scores.map { min(max($0, -limit), limit) }
        guard let low = scores.min(), let high = scores.max() else { return (1, []) }
        var width = 1
        search: while true {
            for factor in [1, 2, 5] {
                let candidate = factor * width
                if floorDivide(high, candidate) - floorDivide(low, candidate) + 1 <= maximumBins {
                    width = candidate
                    break search
                }
            }
            width *= 10
        }
        let first = floorDivide(low, width)
        var counts = Array(repeating: 0, count: floorDivide(high, width) - first + 1)
        for score in scores { counts[floorDivide(score, width) - first] += 1 }
        return (width, counts.enumerated().map { Bin(start: (first + $0.offset) * width, count: $0.element) })
    }

    /// ⌊a ÷ b⌋ for b > 0, also for negative scores (golf).
    static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// `7`, or `10–14` for a wider range.
    static func label(_ bin: Bin, width: Int) -> String {
        width == 1 ? "\(bin.start)" : "\(bin.start)–\(bin.start + width - 1)"
    }

    static func svg(_ scores: [Int], name: String, texts: SiteTexts) -> SVG {
        let (binWidth, bins) = bins(scores)
        let width = 640
        let height = 220
        let left = 40
        let right = 16
        let top = 20
        let bottom = 36
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let most = max(bins.map(\.count).max() ?? 0, 1)
        let step = ScoreChart.niceStep(for: most)
        let yMax = max(Int((Double(most) / Double(step)).rounded(.up)) * step, step)
        let slot = bins.isEmpty ? plotWidth : plotWidth / bins.count
        func y(_ count: Int) -> Int { top + plotHeight - count * plotHeight / yMax }
        func text(_ content: String, x: Int, y: Int, anchor: String) -> SVG {
            SVG(
                "text",
                [
                    ("class", "axis"), ("x", "\(x)"), ("y", "\(y)"), ("text-anchor", anchor), ("font-size", "11"),
                    ("fill", "currentColor"),
                ], text: content)
        }

        var parts: [SVG] = []
        for value in stride(from: 0, through: yMax, by: step) {
            parts.append(
                SVG(
                    "line",
                    [
                        ("class", "grid"), ("x1", "\(left)"), ("x2", "\(left + plotWidth)"), ("y1", "\(y(value))"),
                        ("y2", "\(y(value))"), ("stroke", "#8884"),
                    ]))
            parts.append(text("\(value)", x: left - 6, y: y(value) + 4, anchor: "end"))
        }
        let colour = ScoreChart.palette[0]
        for (index, bin) in bins.enumerated() {
            let x = left + index * slot
            let range = label(bin, width: binWidth)
            if bin.count > 0 {
                let bar = SVG(
                    "rect",
                    [
                        ("x", "\(x + 2)"), ("y", "\(y(bin.count))"), ("width", "\(max(slot - 4, 1))"),
                        ("height", "\(y(0) - y(bin.count))"), ("fill", colour),
                    ])
                parts.append(
                    SVG(
                        "g", [("class", "bar")],
                        children: [
                            .element(
                                SVG(
                                    "title",
                                    text: texts.format(.histogramBin, ["range": range, "count": "\(bin.count)"]))),
                            .element(bar),
                        ]))
                parts.append(text("\(bin.count)", x: x + slot / 2, y: y(bin.count) - 4, anchor: "middle"))
            }
            // Every range is labelled while the labels fit; else every other one.
            if bins.count <= 8 || index % 2 == 0 {
                parts.append(text(range, x: x + slot / 2, y: top + plotHeight + 16, anchor: "middle"))
            }
        }
        let summary = bins.filter { $0.count > 0 }.map {
            texts.format(.histogramBin, ["range": label($0, width: binWidth), "count": "\($0.count)"])
        }
        return .document(
            width: width, height: height,
            title: texts.format(.histogramTitle, ["name": name]),
            description: texts.format(
                .histogramDescription,
                [
                    "low": "\(scores.min() ?? 0)", "high": "\(scores.max() ?? 0)", "width": "\(binWidth)",
                    "bins": summary.joined(separator: texts[.listSeparator]),
                ]),
            children: parts)
    }
}
