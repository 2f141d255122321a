import GameDomain
import Testing

@testable import SiteRendering

@Suite("Trend charts")
struct TrendChartTests {
    /// Random walks of `count` points, as a long rating history draws.
    static func walk(_ count: Int, seed: UInt64) -> [TrendChart.Point] {
        var random = SplitMix64(seed: seed)
        var value = 25.0
        return (0..<count).map { index in
            value += Double(Int(random.next() % 7) - 3)
            return TrendChart.Point(label: "\(index)", value: value, band: (value - 2, value + 2))
        }
    }

    @Test(
        "Each pixel column keeps its first and last point and its whole span; nothing else is dropped from a short line",
        arguments: [1, 2, 50, 577, 600, 5_000] as [Int])
    func visibleLine(count: Int) {
        for seed in 1...20 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            var pixels: [(x: Int, y: Int)] = []
            for index in 0..<count { pixels.append((index * 576 / max(count - 1, 1), Int(random.next() % 169))) }
            let kept = TrendChart.visible(pixels)
            func columns(_ line: [(x: Int, y: Int)]) -> [Int: (first: Int, last: Int, low: Int, high: Int)] {
                var found: [Int: (first: Int, last: Int, low: Int, high: Int)] = [:]
                for point in line {
                    let old = found[point.x] ?? (point.y, point.y, point.y, point.y)
                    found[point.x] = (old.first, point.y, min(old.low, point.y), max(old.high, point.y))
                }
                return found
            }
            let before = columns(pixels)
            let after = columns(kept)
            #expect(before.count == after.count)
            for (x, column) in before { #expect(after[x].map { $0 == column } == true, "column \(x)") }
            if Set(pixels.map(\.x)).count == pixels.count { #expect(kept.count == pixels.count) }
        }
    }

    @Test("A chart's size does not grow with the history: 16,000 points draw in about as many bytes as 4,000")
    func boundedSize() {
        let small = TrendChart.svg(Self.walk(4_000, seed: 7), title: "t", description: "d").render().utf8.count
        let large = TrendChart.svg(Self.walk(16_000, seed: 7), title: "t", description: "d").render().utf8.count
        #expect(Double(large) < 1.5 * Double(small), "\(small) → \(large) bytes")
    }
}
