import Foundation
import Testing

@testable import GameDomain

/// The Wilson interval against statsmodels' own numbers (Fixtures/wilson/make_fixtures.py
/// wrote wilson.json with `proportion_confint(method="wilson")`).
@Suite("Proportions and the Wilson interval")
struct ProportionTests {
    struct Fixture: Decodable {
        struct Case: Decodable, CustomTestStringConvertible {
            var successes: Int
            var trials: Int
            var lower: Double
            var upper: Double
            var testDescription: String { "\(successes) of \(trials)" }
        }
        var statsmodels: String
        var z: Double
        var cases: [Case]
    }

    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/wilson/wilson.json")
        // A missing or broken fixture fails `fixtureCoverage` and leaves the list below empty.
        guard let data = try? Data(contentsOf: url), let fixture = try? JSONDecoder().decode(Fixture.self, from: data)
        else {
            return Fixture(statsmodels: "missing", z: 0, cases: [])
        }
        return fixture
    }()

    @Test("The fixture was made by statsmodels, with scipy's 97.5 % normal quantile")
    func fixtureCoverage() {
        #expect(Self.fixture.statsmodels != "missing")
        #expect(Self.fixture.cases.count > 100)
        #expect(Self.fixture.z == Proportion.z95)
    }

    @Test("Bounds match statsmodels to 1e-12", arguments: fixture.cases)
    func wilson(_ expected: Fixture.Case) throws {
        let interval = try #require(Proportion.wilson(successes: expected.successes, trials: expected.trials))
        #expect(abs(interval.lowerBound - expected.lower) < 1e-12)
        #expect(abs(interval.upperBound - expected.upper) < 1e-12)
    }

    @Test(
        "No trials, or successes outside 0…trials, have no rate and no interval",
        arguments: [
            (0, 0), (1, 0), (-1, 3), (4, 3), (0, -2),
        ] as [(Int, Int)])
    func undefined(successes: Int, trials: Int) {
        let proportion = Proportion(successes: successes, trials: trials)
        #expect(proportion.interval == nil)
        #expect(proportion.rate == nil)
    }

    @Test("The interval holds the rate and stays within 0…1", arguments: 1...40)
    func holdsTheRate(trials: Int) throws {
        for successes in 0...trials {
            let proportion = Proportion(successes: successes, trials: trials)
            let interval = try #require(proportion.interval)
            let rate = try #require(proportion.rate)
            #expect(interval.contains(rate) && interval.lowerBound >= 0 && interval.upperBound <= 1)
        }
    }
}
