import GameDomain
import Testing

@testable import PlayImporting

@Suite("Game file writer")
struct GameFileWriterTests {
    static let game = ImportedGame(
        origin: ImportOrigin(source: .bgg, id: "81234501"), relativePath: "2026-11-06/catan-81234501.md",
        title: "Catan",
        date: GameDate("2026-11-06T19:30")!, boardgame: "Catan", bggID: 13, location: "Café Müller, 2F",
        durationMinutes: 95,
        isPlaying: false, isDraft: false, players: ["Zoë", "Bo \"the Hat\"", "true"], teams: [],
        result: .scores(["Zoë", "Bo \"the Hat\"", "true"], [10, 8, 7], lowestWins: false), notes: "Zoë won \\*again\\*")

    @Test func writesTheScoreKeepersKeys() {
        let text = GameFileWriter.text(Self.game)
        let checksum =
            text.split(separator: "\n").first { $0.hasPrefix("import:") }.map { String($0.suffix(17).dropLast()) } ?? ""
        #expect(
            text == """
                ---
                game: scores
                title: Catan
                date: 2026-11-06T19:30
                boardgame: Catan
                bgg: 13
                location: "Café Müller, 2F"
                duration: 95
                players: [Zoë, "Bo \\"the Hat\\"", "true"]
                scores: {Zoë: 10, "Bo \\"the Hat\\"": 8, "true": 7}
                import: {source: bgg, id: "81234501", checksum: fnv1a64-\(checksum)}
                ---
                Zoë won \\*again\\*

                """)
        #expect(checksum.count == 16 && checksum != String(repeating: "0", count: 16))
    }

    @Test("The checksum tells an untouched file from an edited one")
    func checksum() {
        let text = GameFileWriter.text(Self.game)
        #expect(ImportChecksum.isUntouched(text))
        #expect(!ImportChecksum.isUntouched(text.replacingOccurrences(of: "Zoë: 10", with: "Zoë: 11")))
        #expect(!ImportChecksum.isUntouched(text + "More notes.\n"))
        #expect(
            !ImportChecksum.isUntouched(text.replacingOccurrences(of: "checksum: fnv1a64-", with: "checksum: sha-")))
        #expect(ImportFolder.importKey(in: text) == "source: bgg, id: \"81234501\"")
    }

    @Test(
        "Other shapes",
        arguments: [
            (ImportedGame.Result.ranks(["Red", "Blue"], [2, 1]), "ranks: {Red: 2, Blue: 1}"),
            (.winners(["Zoë"]), "winners: [Zoë]"),
            (.cooperative(won: false), "cooperative: true\nresult: lost"),
            (.scores(["A"], [-3], lowestWins: true), "scores: {A: -3}\nwin: lowest"),
        ])
    func shapes(result: ImportedGame.Result, lines: String) {
        var game = Self.game
        game.result = result
        game.isPlaying = true
        game.isDraft = true
        game.teams = [.init(name: "Red", players: ["Zoë"]), .init(name: "Blue", players: ["true"])]
        let text = GameFileWriter.text(game)
        #expect(text.contains("status: playing\ndraft: true\n"))
        #expect(text.contains("teams: {Red: [Zoë], Blue: [\"true\"]}\n" + lines + "\nimport: "), "\(text)")
    }
}
