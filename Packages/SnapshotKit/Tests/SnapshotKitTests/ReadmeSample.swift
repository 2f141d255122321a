// README sample
import SnapshotKit
import Testing

@Test func homePage() throws {
    assertSnapshot(of: try render(.home), as: .html, named: "home")
}

@Test(arguments: ["chess", "go"])
func gamePage(id: String) throws {
    // A parameterized test must name each snapshot from its arguments.
    assertSnapshot(of: try render(.game(id)), as: .html, named: id)
}
// README sample end
