import Testing

@testable import GameDomain

@Suite("Catalogs resumed between builds")
struct CatalogMemoryTests {
    static func games(winner: Int = 9, title: String = "Catan") throws -> [SiteGame] {
        try (1...5).map { index in
            let round = [
                ScoreGame.Entry(player: "Ann", points: index == 5 ? winner : 1),
                ScoreGame.Entry(player: "Bo", points: 2),
            ]
            let game = Game(
                title: index == 5 ? title : "Azul", date: try #require(GameDate("2026-11-0\(index)")), notes: "",
                content: .scores(ScoreGame(players: ["Ann", "Bo"], rounds: [round])))
            return SiteGame(game: game, slug: "game-\(index)", file: "game-\(index).md")
        }
    }

    static func summary(_ catalog: SiteCatalog) -> String {
        let players = catalog.players.map { "\($0.record.name) \($0.record.wins)/\($0.record.played) \($0.games)" }
        return
            "\(players) \(catalog.nights) \(catalog.games.map(\.game.title)) \(catalog.statistics.boardgames.map(\.boardgame))"
    }

    @Test("A title edit reuses the index and gives the catalog made afresh; a score edit makes a new index")
    func reuse() async throws {
        var memory = CatalogMemory()
        _ = await SiteCatalog.make(try Self.games(), memory: &memory)
        let retitled = try Self.games(title: "Go")
        let resumed = await SiteCatalog.make(retitled, memory: &memory)
        #expect(memory.reusedIndexes == 1)
        #expect(Self.summary(resumed) == Self.summary(SiteCatalog(retitled)))
        let rescored = try Self.games(winner: 0, title: "Go")
        let again = await SiteCatalog.make(rescored, memory: &memory)
        #expect(memory.reusedIndexes == 1)
        #expect(Self.summary(again) == Self.summary(SiteCatalog(rescored)))
        #expect(Self.summary(again) != Self.summary(resumed))
    }

    @Test("After random edits, the index kept or made again equals the index made afresh")
    func randomEdits() async throws {
        var random = SplitMix64(seed: 52)
        func entry(_ index: Int) throws -> SiteGame {
            let filed = try StatisticsMemoryTests.game(index, &random)
            return SiteGame(game: filed.game, slug: "game-\(index)", file: filed.file)
        }
        var games = try (0..<200).map(entry)
        var memory = CatalogMemory()
        var next = games.count
        for step in 0..<60 {
            let at = Int(random.next() % UInt64(games.count))
            switch random.next() % 5 {
            case 0: games[at].game.title += "!"
            case 1:
                games[at] = SiteGame(
                    game: try entry(Int(random.next() % 300)).game, slug: games[at].slug, file: games[at].file)
            case 2: games.remove(at: at)
            case 3:
                games.append(try entry(next))
                next += 1
            // Another file and slug, the game in its box: the index finds games by both.
            default:
                games[at].file = "moved-\(step).md"
                games[at].slug = "moved-\(step)"
            }
            let resumed = await SiteCatalog.make(games, memory: &memory)
            let fresh = SiteCatalog(games)
            #expect(Self.summary(resumed) == Self.summary(fresh))
            #expect(resumed.games.map(\.file) == fresh.games.map(\.file))
            #expect(games.map { resumed.game(file: $0.file)?.slug } == games.map { fresh.game(file: $0.file)?.slug })
            #expect(
                resumed.nights.map { resumed.games(on: $0).map(\.slug) }
                    == fresh.nights.map { fresh.games(on: $0).map(\.slug) })
        }
        #expect(memory.reusedIndexes > 5)
    }

    @Test("A name respelled in other bytes (composed or not) makes a new index")
    func respelled() async throws {
        func games(_ name: String) throws -> [SiteGame] {
            let round = [ScoreGame.Entry(player: name, points: 3), ScoreGame.Entry(player: "Bo", points: 2)]
            let game = Game(
                title: "Go", date: try #require(GameDate("2026-11-01")), notes: "",
                content: .scores(ScoreGame(players: [name, "Bo"], rounds: [round])))
            return [SiteGame(game: game, slug: "go", file: "go.md")]
        }
        var memory = CatalogMemory()
        _ = await SiteCatalog.make(try games("Zo\u{00EB}"), memory: &memory)
        let catalog = await SiteCatalog.make(try games("Zoe\u{0308}"), memory: &memory)
        #expect(memory.reusedIndexes == 0)
        #expect(catalog.players.map { Array($0.record.name.utf8) }.contains(Array("Zoe\u{0308}".utf8)))
    }
}
