import Foundation
import GameDomain
import GameFileParsing
import SiteBuilding
import SiteRendering
import Testing

/// Replays every `gamenight.yaml` the configuration fuzzer found (ConfigurationFuzzRegressions/,
/// raw bytes) through its path: `SiteConfigurationFile.read`, then the site rendered with the
/// file's settings. A rejected file must get diagnostics at lines and columns of the file.
@Suite("Configuration fuzz regressions")
struct ConfigurationFuzzRegressionTests {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(
        path: "ConfigurationFuzzRegressions")
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { !$0.hasPrefix(".") }
        .sorted()

    @Test func inputsAreFound() {
        #expect(!Self.names.isEmpty)
    }

    @Test(arguments: names)
    func replays(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appending(path: name))
        switch SiteConfigurationFile.read(data, path: name) {
        case .success(let file):
            let game = try GameFileParser.parse(
                "---\ngame: scores\ntitle: T\ndate: 2026-11-20\nscores: {A: 1, B: 2}\n---\n", path: "t.md"
            ).get()
            let files = try SiteRenderer(templates: try Templates(), settings: file.settings()).site([
                SiteGame(game: game, slug: "t")
            ])
            #expect(!files.isEmpty)
        case .failure(let errors):
            #expect(!errors.diagnostics.isEmpty)
            let lines = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false) {
                ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
            }
            for diagnostic in errors.diagnostics {
                guard let location = diagnostic.location else {
                    Issue.record("no location: \(diagnostic)")
                    continue
                }
                #expect(lines.indices.contains(location.line - 1), "\(diagnostic)")
                let width =
                    lines.indices.contains(location.line - 1) ? lines[location.line - 1].unicodeScalars.count : 0
                #expect((1...width + 1).contains(location.column), "\(diagnostic)")
            }
        }
    }
}
