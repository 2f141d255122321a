import Foundation
import GameDomain
import SiteBuilding
import SiteRendering
import TestSupport
import Testing

@testable import PlayImporting

/// Imported plays through to the site: the samples' history on the pages, and hostile names and
/// comments coming out as text.
@Suite("Imported plays")
struct ImportedPlaysTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PlayImportingTests/Fixtures")

    static func importSamples(into games: URL) throws -> [PlayImport.Summary] {
        let pages = ["bgg-plays-page-1.xml", "bgg-plays-page-2.xml"].map { fixtures.appendingPathComponent($0) }
        let export = fixtures.appendingPathComponent("BGStatsExport.json")
        return [
            try PlayImport.run(.bgg, files: pages.map { ($0.lastPathComponent, $0) }, options: .init(into: games)),
            try PlayImport.run(.bgstats, files: [("BGStatsExport.json", export)], options: .init(into: games)),
        ]
    }

    @Test func samplesBecomeASite() async throws {
        let folder = try TemporaryFolder()
        let games = folder.url.appendingPathComponent("games")
        let summaries = try Self.importSamples(into: games)
        #expect(summaries.map { $0.counts[.new] } == [9, 5])
        var options = BuildOptions(source: games, output: folder.url.appendingPathComponent("site"))
        options.includesDrafts = false
        _ = try await SiteBuild.run(options)
        let site = tree(folder.url.appendingPathComponent("site"))
        let catan = try #require(
            site["games/2026-11-06-catan-81234501.html"].map { String(decoding: $0, as: UTF8.self) })
        for text in ["Zoë", "José", "Andrew", "Café Müller", "95 min"] { #expect(catan.contains(text), "\(text)") }
        #expect(catan.contains("\\*longest road\\*") == false && catan.contains("*longest road*"))
        // Drafts (BGG nowinstats, BG Stats ignored) stay out; the incomplete Agricola has no winner.
        #expect(site["games/2026-11-22-codenames-81234508.html"] == nil)
        #expect(site.keys.contains("players/花子.html") && site.keys.contains("players/иван.html"))
        // Importing again changes nothing.
        #expect(try Self.importSamples(into: games).map { $0.counts[.unchanged] } == [9, 5])
    }

    static let vectors = InjectionTests.vectors

    /// A BGG page whose names, places, games and comments are the injection battery's vectors.
    static func hostilePage() -> String {
        func attribute(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                .replacingOccurrences(of: "\u{0}", with: "")
        }
        let plays = vectors.enumerated().map { index, vector in
            """
            <play id="\(100 + index)" date="2026-11-\(10 + index)" quantity="1" length="30" incomplete="0" nowinstats="0" location="\(attribute(vector))">
            <item name="\(attribute(vector))" objecttype="thing" objectid="13"/>
            <comments>\(attribute(vector))</comments>
            <players><player username="u\(index)" name="\(attribute(vector))" score="3" win="1"/><player username="" name="\(attribute("Bo " + vector))" score="1" win="0"/></players>
            </play>
            """
        }
        return "<plays username=\"x\">\n" + plays.joined(separator: "\n") + "\n</plays>\n"
    }

    @Test func hostileNamesStayText() async throws {
        let hostile = try TemporaryFolder()
        let benign = try TemporaryFolder()
        try hostile.write("page.xml", Self.hostilePage())
        try benign.write("page.xml", Self.hostilePage().replacingOccurrences(of: "alert", with: "x"))
        for folder in [hostile.url, benign.url] {
            let page = folder.appendingPathComponent("page.xml")
            let summary = try PlayImport.run(
                .bgg, files: [("page.xml", page)], options: .init(into: folder.appendingPathComponent("games")))
            #expect(!summary.hasErrors, "\(summary.diagnostics)")
            _ = try await SiteBuild.run(
                BuildOptions(
                    source: folder.appendingPathComponent("games"), output: folder.appendingPathComponent("site")))
        }
        let bad = InjectionTests.Markup(site: tree(hostile.url.appendingPathComponent("site")))
        let good = InjectionTests.Markup(site: tree(benign.url.appendingPathComponent("site")))
        #expect(bad.elements.subtracting(good.elements).isEmpty, "\(bad.elements.subtracting(good.elements))")
        #expect(bad.attributes.subtracting(good.attributes).isEmpty, "\(bad.attributes.subtracting(good.attributes))")
        #expect(!bad.urls.contains { $0.lowercased().hasPrefix("javascript:") || $0.lowercased().hasPrefix("data:") })
    }

    /// Escaped comments render as exactly their text, whatever markup they hold.
    @Test(
        "Comments stay plain text through cmark",
        arguments: InjectionTests.vectors + [
            "*bold* _em_ `code` [link](https://x.org) ![i](x.png) <b>b</b> &amp; &#65;",
            "# heading\n> quote\n- item\n+ item\n1. one\n2) two\n---\n===\n~~~\n```\nx\n```",
            "    indented code\ntrailing spaces  \nback\\slash\\",
            "a\n\n\n\nb", "Marta's 3rd <script>alert(1)</script>",
        ])
    func commentsStayText(comment: String) {
        let html = Markdown(smartPunctuation: false).html(MarkdownText.escaped(comment))
        var text = html.replacingOccurrences(of: "</p>\n<p>", with: "\n\n")
        text = text.replacingOccurrences(of: "<p>", with: "").replacingOccurrences(of: "</p>\n", with: "")
        #expect(!text.contains("<"), "\(html)")
        text = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let expected = PlainText.clean(comment, keepingLineBreaks: true).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { $0.trimmingSpaces() }.split(whereSeparator: \.isEmpty).map { $0.joined(separator: "\n") }.joined(
            separator: "\n\n")
        #expect(text == expected)
    }
}
