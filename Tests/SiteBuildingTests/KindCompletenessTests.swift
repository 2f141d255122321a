import Foundation
import GameDomain
import GameFileParsing
import TestSupport
import Testing

@testable import SiteBuilding
@testable import SiteRendering

/// A kind is one descriptor: `GameKind`'s case, and every exhaustive switch the compiler then
/// points at (docs/ARCHITECTURE.md, "Adding a kind"). What no switch can point at is checked
/// here, for every kind: a new one that misses any of it fails a test by name.
@Suite("Every kind is complete")
struct KindCompletenessTests {
    @Test("gamenight new writes a game file of the kind that reads back as the kind", arguments: GameKind.allCases)
    func blankGame(kind: GameKind) throws {
        let text = BlankGame.text(kind, title: "Night", players: ["Ana", "Ben"], date: "2026-11-27")
        let game = try GameFileParser.parse(text, path: "new.md").get()
        #expect(game.kind == kind)
    }

    @Test("The kind has a name of its own in every language", arguments: GameKind.allCases)
    func names(kind: GameKind) {
        for language in SiteLanguage.allCases {
            let texts = SiteTexts(language)
            let others = GameKind.allCases.filter { $0 != kind }.map(texts.kind)
            #expect(!texts.kind(kind).isEmpty && !others.contains(texts.kind(kind)), "\(kind) in \(language)")
        }
    }

    @Test("The build cache has a tag of its own for the kind", arguments: GameKind.allCases)
    func cacheTag(kind: GameKind) {
        #expect(GameKind.allCases.filter { $0.archiveTag == kind.archiveTag } == [kind])
    }

    @Test("The examples hold a game of every kind, and their site a page for it")
    func examples() async throws {
        let temp = try TemporaryFolder()
        let summary = try await SiteBuild.run(
            BuildOptions(source: examplesFolder, output: temp.url.appendingPathComponent("site")))
        #expect(summary.games > 0)
        for kind in GameKind.allCases {
            let page = temp.url.appendingPathComponent("site").appendingPathComponent(SiteCatalog.path(ofKind: kind))
            #expect(FileManager.default.fileExists(atPath: page.path), "no page for \(kind)")
        }
    }
}
