import Testing

@testable import GameDomain

@Suite("Years in review resumed between builds")
struct YearInReviewMemoryTests {
    /// Games over 2024–2026 (the generator's dates, their years spread).
    static func game(_ index: Int, _ random: inout SplitMix64) throws -> FiledGame {
        var entry = try StatisticsMemoryTests.game(index, &random)
        entry.game.date = try #require(GameDate("\(2024 + index % 3)" + entry.game.date.text.dropFirst(4)))
        return entry
    }

    /// Every review, scalars beyond ASCII spelled out: a name kept in other bytes is a difference.
    static func text(_ reviews: [YearInReview]) -> [String] {
        reviews.map { SiteGameTests.scalars(String(describing: $0)) }
    }

    @Test("After random edits, the years kept and reviewed again equal years reviewed afresh")
    func randomEdits() throws {
        var random = SplitMix64(seed: 47)
        var games = try (0..<240).map { try Self.game($0, &random) }
        var memory = YearInReview.Memory()
        var next = games.count
        var kept = 0
        for step in 0..<60 {
            let at = Int(random.next() % UInt64(games.count))
            switch random.next() % 7 {
            case 0: games[at].game.title = ["Catan", "Azul", "Caf\u{E9}", "Cafe\u{301}"][Int(random.next() % 4)]
            case 1: games[at].game.durationMinutes = Int(random.next() % 90)
            case 2:
                games[at] = FiledGame(file: games[at].file, game: try Self.game(Int(random.next() % 400), &random).game)
            case 3: games.remove(at: at)
            case 4:
                games.append(try Self.game(next, &random))
                next += 1
            // Another file, the game in its box: a review names the games of its margins by file.
            case 5: games[at].file = "moved-\(step).md"
            default: games[at].game.notes += " More."
            }
            let resumed: [YearInReview]
            (resumed, memory) = YearInReview.unrated(games, memory: memory)
            #expect(Self.text(resumed) == Self.text(YearInReview.unrated(games)))
            kept += resumed.count - memory.lastReviewed
        }
        // An edit reviews its year and the years after it; the years before are kept.
        #expect(kept > 30)
    }
}
