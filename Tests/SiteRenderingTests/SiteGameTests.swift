import GameDomain
import SiteRendering
import Testing

/// `SiteGame` keeps its game in a shared box: copies must still behave as values.
@Suite("A site game")
struct SiteGameTests {
    @Test("An edit of a copy leaves the original as it was; copies made apart are equal and hash alike")
    func valueSemantics() {
        let original = SiteGameFixtures.catan
        var edited = original
        edited.game.title = "Edited"
        #expect(original.game.title == "Catan <2>")
        #expect(edited.game.title == "Edited")
        #expect(edited != original)

        let rebuilt = SiteGame(game: original.game, slug: original.slug, file: original.file)
        #expect(rebuilt == original)
        #expect(rebuilt.hashValue == original.hashValue)
        #expect(Set([original, rebuilt, edited]).count == 2)

        var moved = rebuilt
        moved.slug = "catan-2"
        #expect(moved != rebuilt)
    }

    @Test("Printed, it shows its game, slug and file, not its box")
    func printed() {
        let text = String(describing: SiteGameFixtures.catan)
        #expect(
            text.contains("Catan <2>") && text.contains(SiteGameFixtures.catan.slug)
                && text.contains(SiteGameFixtures.catan.file), "\(text)")
        #expect(!text.contains("Box"), "\(text)")
    }
}
