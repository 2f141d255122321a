import Foundation
import Testing

@testable import GameDomain

/// GameNight's ratings against the `openskill` package's own numbers
/// (Fixtures/ratings/make_fixtures.py wrote ratings.json with openskill 6.x).
@Suite("OpenSkill (Plackett–Luce) against the openskill package")
struct OpenSkillTests {
    struct Fixture: Decodable {
        struct Scenario: Decodable, CustomTestStringConvertible {
            var name: String
            var matches: [Match]
            var testDescription: String { name }
        }
        struct Match: Decodable {
            var sides: [[String]]
            var places: [Int]
            var after: [String: Expected]
        }
        struct Expected: Decodable {
            var mu: Double
            var sigma: Double
            var ordinal: Double
        }
        var openskill: String
        var scenarios: [Scenario]
    }

    static let fixture: Fixture = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/ratings/ratings.json")
        // A missing or broken fixture fails every test below with an empty argument list.
        guard let data = try? Data(contentsOf: url), let fixture = try? JSONDecoder().decode(Fixture.self, from: data)
        else {
            return Fixture(openskill: "missing", scenarios: [])
        }
        return fixture
    }()

    @Test("The fixtures were made by openskill 6.x and cover every scenario")
    func fixtureVersion() {
        #expect(Self.fixture.openskill.hasPrefix("6."))
        #expect(Self.fixture.scenarios.count == 16)
    }

    @Test("μ, σ and ordinal match to 1e-9 after every match", arguments: fixture.scenarios)
    func scenario(_ scenario: Fixture.Scenario) {
        let model = OpenSkill()
        var ratings: [String: SkillRating] = [:]
        for (number, match) in scenario.matches.enumerated() {
            let teams = match.sides.map { $0.map { ratings[$0] ?? model.initial } }
            let rated = model.rate(teams, places: match.places)
            for (side, team) in zip(match.sides, rated) {
                for (player, rating) in zip(side, team) { ratings[player] = rating }
            }
            for (player, expected) in match.after {
                let rating = ratings[player]
                #expect(abs((rating?.mu ?? .nan) - expected.mu) < 1e-9, "match \(number + 1), \(player): μ")
                #expect(abs((rating?.sigma ?? .nan) - expected.sigma) < 1e-9, "match \(number + 1), \(player): σ")
                #expect(
                    abs((rating?.ordinal ?? .nan) - expected.ordinal) < 1e-9, "match \(number + 1), \(player): ordinal")
            }
        }
    }

    @Test("Fewer than two sides leave the ratings as they are")
    func oneSide() {
        let model = OpenSkill()
        #expect(model.rate([[model.initial]], places: [1]) == [[model.initial]])
    }
}
