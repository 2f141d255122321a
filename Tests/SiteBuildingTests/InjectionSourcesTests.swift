import Foundation
import GameDomain
import PlayImporting
import SiteBuilding
import SiteRendering
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The injection battery for text that does not come from a game file: `gamenight.yaml` (title,
/// description, base URL, every text) and the names, places, games and comments of both
/// importers, through import and build to every page, SVG, the feed, the sitemap, the calendar
/// and the JSON-LD. Each site is built twice, with the vectors and with plain words in their
/// place: the hostile site may hold no element, attribute, URL or raw markup that the plain one
/// does not.
@Suite("Injection battery: configuration and imported plays")
struct InjectionSourcesTests {
    enum Source: String, CaseIterable, Sendable {
        case configuration, bgg, bgstats
    }

    static let vectors =
        InjectionTests.vectors + [
            "Tom & Jerry &amp; &#60;b&#62; &lt;",
            "</title></text></svg></rss><title>x",
            "]]>",
            "<![CDATA[x]]>",
            "javascript:alert(document.cookie)//",
            "\u{202E}gnp.exe\u{202D} \u{2067}isolate",
            "{{#x}}{{/x}} {{{x}}} {{! x }}",
        ]

    /// The words that stand in for the vectors in the plain site: same count, no markup.
    static func plain(_ index: Int) -> String { "Plain words \(index)" }

    static func texts(_ hostile: Bool) -> [String] {
        vectors.indices.map { hostile ? vectors[$0] : plain($0) }
    }

    /// Builds the site of `source` in `folder`; returns its files.
    static func build(_ source: Source, hostile: Bool, in folder: URL) async throws -> [String: Data] {
        let games = folder.appendingPathComponent("games")
        let texts = texts(hostile)
        switch source {
        case .configuration:
            try FileManager.default.copyItem(at: examplesFolder, to: games)
            try Data(configuration(texts, hostile: hostile).utf8).write(
                to: games.appendingPathComponent("gamenight.yaml"))
        case .bgg:
            let page = folder.appendingPathComponent("page.xml")
            try Data(bggPage(texts).utf8).write(to: page)
            let summary = try PlayImport.run(.bgg, files: [("page.xml", page)], options: .init(into: games))
            #expect(!summary.hasErrors && summary.failed == 0, "\(summary.diagnostics)")
        case .bgstats:
            let export = folder.appendingPathComponent("export.json")
            try bgStatsExport(texts).write(to: export)
            let summary = try PlayImport.run(.bgstats, files: [("export.json", export)], options: .init(into: games))
            #expect(!summary.hasErrors && summary.failed == 0, "\(summary.diagnostics)")
        }
        let output = folder.appendingPathComponent("site")
        var options = BuildOptions(source: games, output: output)
        if source != .configuration { options.baseURL = BaseURL("https://example.org/nights/") }
        _ = try await SiteBuild.run(options)
        return tree(output)
    }

    /// Title, description, a base URL with `&` and `'`, and every text of `TextKey`, each a
    /// vector followed by the key's placeholders.
    static func configuration(_ texts: [String], hostile: Bool) -> String {
        var lines = [
            "title: \(InjectionTests.quoted(texts[0]))",
            "description: \(InjectionTests.quoted(texts[1]))",
            "baseURL: " + (hostile ? "https://example.org/a&b'c=d/" : "https://example.org/abcd/"),
            "texts:",
        ]
        // Each key gets a vector in turn, and the first (`<script>`) too: which file kinds the
        // vectors reach must not depend on the order of the keys.
        for (index, key) in TextKey.allCases.enumerated() {
            let text =
                texts[(index + 2) % texts.count] + " " + texts[0] + " "
                + key.placeholders.map { "{\($0)}" }.joined(separator: " ")
            lines.append("  \(key.rawValue): \(InjectionTests.quoted(text))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A BGG plays page: each play's game, place, comment and players are texts.
    static func bggPage(_ texts: [String]) -> String {
        func attribute(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
                .replacingOccurrences(of: "\u{0}", with: "")
        }
        let plays = texts.enumerated().map { index, text in
            let other = texts[(index + 1) % texts.count]
            return """
                <play id="\(100 + index)" date="2026-11-\(10 + index)" quantity="1" length="30" incomplete="0" nowinstats="0" location="\(attribute(other))">
                <item name="\(attribute(text))" objecttype="thing" objectid="\(13 + index)"/>
                <comments>\(attribute(text))</comments>
                <players><player username="u\(index)" name="\(attribute(text))" score="3" win="1"/><player username="" name="\(attribute("Bo " + other))" score="1" win="0"/></players>
                </play>
                """
        }
        return "<plays username=\"x\">\n" + plays.joined(separator: "\n") + "\n</plays>\n"
    }

    /// The sample BG Stats export with every player's, place's and game's name replaced by texts,
    /// and every play's comment by all of them.
    static func bgStatsExport(_ texts: [String]) throws -> Data {
        let sample = try Data(contentsOf: ImportedPlaysTests.fixtures.appendingPathComponent("BGStatsExport.json"))
        guard var export = try JSONSerialization.jsonObject(with: sample) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var next = 0
        func text() -> String {
            defer { next += 1 }
            return texts[next % texts.count]
        }
        for (list, field) in [("players", "name"), ("locations", "name"), ("games", "name"), ("plays", "comments")] {
            guard let items = export[list] as? [[String: Any]] else { throw CocoaError(.fileReadCorruptFile) }
            export[list] = items.map { item in
                var item = item
                // Every vector in each comment: the sample has fewer names than vectors.
                if field == "comments" {
                    item[field] = texts.joined(separator: "\n\n")
                } else if item["isAnonymous"] as? Bool != true {
                    item[field] = text()
                }
                return item
            }
        }
        return try JSONSerialization.data(withJSONObject: export)
    }

    /// Literal markup that only a hole could put into a page: the hostile site must hold each
    /// exactly as often as the plain one.
    static let raw = [
        "<script", "</script", "<img", "<svg", "</svg", "</title", "<title", "]]>", "<![CDATA[", "<!--", "</rss",
        "</text",
    ]

    @Test(
        "Nothing from the configuration or an importer reaches a page, an SVG or the XML unescaped",
        arguments: Source.allCases)
    func battery(_ source: Source) async throws {
        let hostile = try TemporaryFolder()
        let benign = try TemporaryFolder()
        let bad = try await Self.build(source, hostile: true, in: hostile.url)
        let good = try await Self.build(source, hostile: false, in: benign.url)
        #expect(Set(bad.keys.map(Self.kind)) == Set(good.keys.map(Self.kind)))
        let badMarkup = InjectionTests.Markup(site: bad)
        let goodMarkup = InjectionTests.Markup(site: good)
        #expect(
            badMarkup.elements.subtracting(goodMarkup.elements).isEmpty,
            "\(badMarkup.elements.subtracting(goodMarkup.elements))")
        #expect(
            badMarkup.attributes.subtracting(goodMarkup.attributes).isEmpty,
            "\(badMarkup.attributes.subtracting(goodMarkup.attributes))")
        #expect(
            badMarkup.comments.subtracting(goodMarkup.comments).isEmpty,
            "\(badMarkup.comments.subtracting(goodMarkup.comments))")
        for url in badMarkup.urls {
            #expect(!url.lowercased().hasPrefix("javascript:") && !url.lowercased().hasPrefix("data:"), "\(url)")
        }
        for pattern in Self.raw {
            #expect(
                Self.count(pattern, in: bad) == Self.count(pattern, in: good),
                "`\(pattern)`: \(Self.count(pattern, in: bad)) in the hostile site, \(Self.count(pattern, in: good)) in the plain one"
            )
        }
        // Every SVG, inline ones included, the feed and the sitemap stay well-formed XML.
        for (path, data) in bad where path.hasSuffix(".svg") || path.hasSuffix(".xml") {
            #expect(XMLParser(data: data).parse(), "\(path) is not well-formed")
        }
        for (path, data) in bad where path.hasSuffix(".html") {
            for svg in String(decoding: data, as: UTF8.self).matches(of: /<svg[\s\S]*?<\/svg>/) {
                #expect(XMLParser(data: Data(svg.output.utf8)).parse(), "an SVG in \(path) is not well-formed")
            }
        }
        // The vectors did arrive, as text, on each kind of file they can reach.
        let reached = Set(
            bad.filter { _, data in String(decoding: data, as: UTF8.self).contains("&lt;script&gt;") }.keys.map(
                Self.kind))
        let expected: Set<String> =
            switch source {
            case .configuration: ["index", "games", "nights", "players", "kinds", "404", "feed.xml"]
            // Imported plays have final scores only: no score chart.
            case .bgg, .bgstats: ["index", "games", "nights", "players", "feed.xml"]
            }
        #expect(
            expected.subtracting(reached).isEmpty, "not reached: \(expected.subtracting(reached)); reached: \(reached)")
        if source == .configuration {
            // The base URL's `&` and `'` are escaped in every absolute link: the feed, the sitemap, canonical links.
            for name in ["feed.xml", "sitemap.xml", "index.html"] {
                let text = String(decoding: bad[name] ?? Data(), as: UTF8.self)
                #expect(text.contains("https://example.org/a&amp;b&#39;c=d/") && !text.contains("a&b"), "\(name)")
            }
        }
        // Bidi overrides and isolates in a name close within it: a page's title never reads backwards.
        for (path, data) in bad where path.hasSuffix(".html") {
            for match in String(decoding: data, as: UTF8.self).matches(of: /<title>(.*?)<\/title>/) {
                let scalars = match.1.unicodeScalars.map(\.value)
                let embeddings = scalars.filter { [0x202A, 0x202B, 0x202D, 0x202E].contains($0) }.count
                let isolates = scalars.filter { (0x2066...0x2068).contains($0) }.count
                #expect(
                    embeddings == scalars.filter { $0 == 0x202C }.count
                        && isolates == scalars.filter { $0 == 0x2069 }.count, "\(path): \(match.1)")
            }
        }
        // The calendar and the JSON-LD, read back by icalendar and pyld, hold the texts as text.
        let data = try SiteDataReader.read(hostile.url.appendingPathComponent("site"))
        #expect(data.problems.isEmpty, "\(data.problems)")
        #expect(data.calendar?.events.isEmpty == false && !data.pages.isEmpty)
        if source == .configuration {
            #expect(data.calendar?.name == Self.vectors[0])
        } else {
            let names = data.pages.values.flatMap { page in
                page.expanded.flatMap(\.list).flatMap { $0["http://schema.org/competitor"]?.list ?? [] }.compactMap {
                    $0["http://schema.org/name"]?.text
                }
            }
            #expect(names.contains(Self.vectors[0]), "\(Set(names))")
        }
        // Text is never taken for a template: Mustache tags in it come out as they are.
        #expect(Self.count("{{#x}}{{/x}} {{{x}}} {{! x }}", in: bad) > 0)
    }

    /// A file's kind: its folder, or its name at the top, or `svg`.
    static func kind(_ path: String) -> String {
        if path.hasSuffix(".svg") { return "svg" }
        if let slash = path.firstIndex(of: "/") { return String(path[..<slash]) }
        return path.hasSuffix(".html") ? String(path.dropLast(5)) : path
    }

    static func count(_ pattern: String, in site: [String: Data]) -> Int {
        site.reduce(0) { sum, file in
            guard file.key.hasSuffix(".html") || file.key.hasSuffix(".svg") || file.key.hasSuffix(".xml") else {
                return sum
            }
            return sum + String(decoding: file.value, as: UTF8.self).ranges(of: pattern).count
        }
    }
}
