import SiteRendering
import Testing

@Suite("Slugs")
struct SlugTests {
    @Test("Slugs are safe, unique and stable", arguments: [
        ("Catan, second table.md", "catan-second-table"),
        ("2026-11/Hearts.md", "2026-11-hearts"),
        ("../../etc/passwd.md", "etc-passwd"),
        ("CON.md", "con-game"),
        ("Crème brûlée.md", "creme-brulee"),
        ("日本語.md", "game-805f5ce7"),
        ("index.md", "index-game"),
    ])
    func slugs(path: String, slug: String) {
        #expect(Slug.make(from: path) == slug)
    }

    @Test func slugsThatDifferOnlyByCaseStayDistinct() {
        let slugs = Slug.assign(["Game.md", "game.md", "GAME.md", String(repeating: "a", count: 300) + ".md"])
        #expect(Set(slugs.values).count == 4)
        #expect(slugs["GAME.md"] == "game")
        #expect(slugs["Game.md"] == "game-2")
        #expect(slugs.values.allSatisfy { $0.count <= 84 })
    }
}
