import Foundation
import SiteBuilding
import SnapshotKit
import Testing

@Suite("Example site snapshot")
struct ExampleSiteSnapshotTests {
    /// The whole site built from examples/, file by file: any change to any page shows up here.
    @Test func exampleSite() async throws {
        let temp = try TemporaryFolder()
        let out = temp.url.appendingPathComponent("site")
        _ = try await SiteBuild.run(BuildOptions(source: examplesFolder, output: out))
        assertSnapshot(of: out, as: .directory, named: "examples")
    }

    @Test func scoreJSON() async throws {
        let files = try GameFileFinder.find(in: examplesFolder).map { (path: "examples/" + $0.relativePath, url: $0.url) }
        let outcome = await GameLoader.load(files)
        #expect(outcome.diagnostics.isEmpty)
        assertSnapshot(of: ScoreReport.json(outcome.games), as: .lines, named: "examples.json")
    }
}
