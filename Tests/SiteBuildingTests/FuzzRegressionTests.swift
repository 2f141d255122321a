import Foundation
import GameDomain
import GameFileParsing
import SiteBuilding
import SiteRendering
import Testing

/// Replays every input the fuzzer found (FuzzRegressions/, raw bytes) through the fuzzer's path:
/// bytes → `GameFileParser.parse(bytes:)` → for a game, its notes and every page. A crash fails the run;
/// a rejected file must get a diagnostic that points at a line and column of the file.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "FuzzRegressions")
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { !$0.hasPrefix(".") }
        .sorted()

    @Test func inputsAreFound() throws {
        #expect(!Self.names.isEmpty)
    }

    @Test(arguments: names)
    func replays(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appending(path: name))
        switch data.withUnsafeBytes({ GameFileParser.parse(bytes: $0, path: name) }) {
        case .success(let game):
            _ = Markdown(allowsUnsafeHTML: true).html(game.notes)
            let files = try SiteRenderer(templates: try Templates()).site([SiteGame(game: game, slug: "fuzz")])
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
