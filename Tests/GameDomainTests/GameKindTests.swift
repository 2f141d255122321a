import GameDomain
import Testing

@Suite("Game kinds")
struct GameKindTests {
    /// The raw values are the `game:` keys of existing game files and the kinds' page names.
    @Test func rawValuesAreTheFileFormat() {
        #expect(GameKind.allCases.map(\.rawValue) == ["scores", "bowling", "fifteen"])
    }

    @Test func displayOrderIsDeclarationOrder() {
        #expect(GameKind.allCases.shuffled().sorted() == GameKind.allCases)
    }
}
