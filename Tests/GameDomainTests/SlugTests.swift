import GameDomain
import Testing

@Suite("Slugs")
struct SlugTests {
    @Test(
        "Slugs are safe, unique and stable",
        arguments: [
            ("Catan, second table.md", "catan-second-table"),
            ("2026-11/Hearts.md", "2026-11-hearts"),
            ("../../etc/passwd.md", "etc-passwd"),
            ("CON.md", "con-game"),
            ("Crème brûlée.md", "creme-brulee"),
            ("日本語.md", "日本語"),
            ("2026-11-20/麻雀, 東風戦.md", "2026-11-20-麻雀-東風戦"),
            ("Иван Петров.md", "иван-петров"),
            ("Zoe\u{0308}.md", "zoe"),
            ("Ayşe.md", "ayşe"),
            ("???.md", "game-7bcac794"),
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

    /// Slugs are file names: at most 200 bytes however many bytes each character takes, and
    /// names that differ only by case share a page address no more in Cyrillic than in Latin.
    @Test func slugsInOtherScriptsStayShortAndDistinct() {
        #expect(Slug.make(from: String(repeating: "𠀋", count: 100)).utf8.count == 200)
        #expect(Slug.make(from: String(repeating: "花", count: 100)).count == 66)
        #expect(Slug.make(from: "e" + String(repeating: "\u{0301}", count: 300)) == "e")
        let slugs = Slug.assign(["Иван.md", "ИВАН.md"])
        #expect(Set(slugs.values) == ["иван", "иван-2"])
    }

    /// `ſ` (long s) and `ς` (final sigma) are lowercase letters that a case-insensitive file
    /// system takes for `s` and `σ`: their pages would overwrite each other there.
    @Test func slugsEqualOnceCaseIsFoldedStayDistinct() {
        let slugs = Slug.assign(["ſpiel.md", "spiel.md", "λόγος.md", "λόγοσ.md", "ϐήτα.md", "βήτα.md"])
        #expect(Set(slugs.values.map { $0.uppercased() }).count == 6)
        #expect(slugs["spiel.md"] == "spiel" && slugs["ſpiel.md"] == "ſpiel-2")
        #expect(Slug.assign(["a.md", "b.md"]) == ["a.md": "a", "b.md": "b"])
    }
}
