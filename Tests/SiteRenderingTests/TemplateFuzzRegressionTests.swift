import Foundation
import GameDomain
import SiteRendering
import Testing

/// Replays every input the template fuzzer broke (TemplateFuzzRegressions/, raw bytes) through its
/// path: the first byte picks the built-in template replaced, the rest is the user's text; it
/// parses or gets a diagnostic in it, and the site renders or gets a diagnostic, in bounded time and memory.
/// A diagnostic points at a line and column of the text, with lines ended as editors end them.
@Suite("Template fuzz regressions")
struct TemplateFuzzRegressionTests {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "TemplateFuzzRegressions")
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { !$0.hasPrefix(".") }
        .sorted()

    @Test func inputsAreFound() {
        #expect(!Self.names.isEmpty)
    }

    @Test(arguments: names)
    func replays(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appending(path: name))
        let file = Templates.builtInNames[Int(try #require(data.first)) % Templates.builtInNames.count]
        let text = try #require(String(data: data.dropFirst(), encoding: .utf8))
        let templates: Templates
        do {
            templates = try Templates(overrides: [file: (path: "t/\(file)", text: text)])
        } catch {
            #expect(!error.errors.isEmpty)
            for diagnostic in error.errors { expectInside(diagnostic, text) }
            return
        }
        do {
            let files = try SiteRenderer(templates: templates).site([SiteGameFixtures.catan])
            #expect(!files.isEmpty)
        } catch {
            #expect(error.path == "t/\(file)", "\(error)")
            expectInside(error, text)
        }
    }

    func expectInside(_ diagnostic: Diagnostic, _ text: String) {
        let lines = text.split(omittingEmptySubsequences: false) { ["\n", "\r\n", "\r"].contains($0) }
        guard let location = diagnostic.location, lines.indices.contains(location.line - 1) else {
            Issue.record("not a line of the template: \(diagnostic)")
            return
        }
        #expect((1...lines[location.line - 1].unicodeScalars.count + 1).contains(location.column), "\(diagnostic)")
    }
}
