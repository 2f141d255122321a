import GameDomain
import Testing

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
