import Foundation
import SiteRendering
import TestSupport
import Testing

@testable import SiteBuilding

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Classic XSS vectors in every user-controlled field must come out as text: the built site may
/// contain no element, attribute or URL that the input did not get from our own templates.
@Suite("Injection battery")
struct InjectionTests {
    static let vectors = [
        "<script>alert(1)</script>",
        "\"><img src=x onerror=alert(1)>",
        "' onmouseover='alert(1)' x='",
        "javascript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "<svg onload=alert(1)>",
        "<div style=\"width: expression(alert(1))\">",
        "\u{202E}evil\u{202C} name",
        "nul\u{0}byte",
        "]]><!-- {{title}} {{{notes}}} -->",
    ]

    /// A YAML double-quoted scalar: NUL and quotes survive as escapes.
    static func quoted(_ text: String) -> String {
        "\""
            + text.unicodeScalars.map { scalar in
                switch scalar {
                case "\\": "\\\\"
                case "\"": "\\\""
                case "\u{0}": "\\0"
                case "\u{2028}": "\\L"
                case "\u{2029}": "\\P"
                default: String(scalar)
                }
            }.joined() + "\""
    }

    static func hostileSite(in folder: borrowing TemporaryFolder, vectors: [String] = vectors) throws {
        for (index, vector) in vectors.enumerated() {
            let name = quoted(vector)
            let other = quoted("Bo " + vector)
            try folder.write(
                "games/\(vector.replacingOccurrences(of: "\u{0}", with: "")) \(index).md",
                """
                ---
                game: scores
                title: \(quoted(vector))
                date: 2026-11-\(10 + index)
                players: [\(name), \(other)]
                rounds:
                  - {\(name): 3, \(other): 5}
                ---
                \(vector)

                [link](\(vector.hasPrefix("javascript") || vector.hasPrefix("data") ? vector : "https://example.org")) ![img](javascript:alert(1))

                """)
            try folder.write(
                "games/bowling \(index).md",
                """
                ---
                game: bowling
                title: \(quoted(vector))
                date: 2026-11-\(10 + index)
                players:
                  - name: \(name)
                    rolls: X X X X X X X X X XXX
                  - name: \(other)
                    rolls: 9- 9- 9- 9- 9- 9- 9- 9- 9- 9-
                ---
                \(vector)
                """)
            try folder.write(
                "games/puzzle \(index).md",
                """
                ---
                game: fifteen
                title: \(quoted(vector))
                date: 2026-11-\(10 + index)T10:00
                size: 3
                start: [1 2 3, 4 5 6, 7 _ 8]
                players:
                  - {name: \(name), moves: "8", time: 3}
                  - {name: \(other), moves: "7"}
                ---
                \(vector)
                """)
        }
    }

    static func benignSite(in folder: borrowing TemporaryFolder) throws {
        for index in 0..<2 {
            try folder.write(
                "games/g\(index).md",
                "---\ngame: scores\ntitle: T\ndate: 2026-11-1\(index)\nplayers: [A, B]\nrounds:\n  - {A: 3, B: 5}\n---\nSome *notes* and a [link](https://example.org) ![img](https://example.org/x.png).\n"
            )
            try folder.write(
                "games/b\(index).md",
                "---\ngame: bowling\ntitle: T\ndate: 2026-11-1\(index)\nplayers:\n  - name: A\n    rolls: X X X X X X X X X XXX\n  - name: B\n    rolls: 9- 9- 9- 9- 9- 9- 9- 9- 9- 9-\n---\nNotes.\n"
            )
            try folder.write(
                "games/p\(index).md",
                "---\ngame: fifteen\ntitle: T\ndate: 2026-11-1\(index)T10:00\nsize: 3\nstart: [1 2 3, 4 5 6, 7 _ 8]\nplayers:\n  - {name: A, moves: \"8\", time: 3}\n  - {name: B, moves: \"7\"}\n---\nNotes.\n"
            )
        }
    }

    /// Tag names, attribute names, and URL-valued attributes of every page and SVG.
    struct Markup: Equatable {
        var elements: Set<String> = []
        var attributes: Set<String> = []
        var urls: [String] = []
        var comments: Set<String> = []

        init(site: [String: Data]) {
            let tag =
                /<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/
            let attribute = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/
            for (path, data) in site where path.hasSuffix(".html") || path.hasSuffix(".svg") || path.hasSuffix(".xml") {
                let text = String(decoding: data, as: UTF8.self)
                for match in text.matches(of: tag) {
                    elements.insert(match.1.lowercased())
                    for attr in String(match.2).matches(of: attribute) {
                        let name = attr.1.lowercased()
                        attributes.insert(name)
                        if ["href", "src", "xlink:href", "action", "formaction"].contains(name), let value = attr.2 {
                            urls.append(String(value.dropFirst().dropLast()))
                        }
                    }
                }
                for match in text.matches(of: /<!--(.*?)-->/) { comments.insert(String(match.1)) }
            }
        }
    }

    @Test func noElementAttributeOrURLComesFromTheInput() async throws {
        let hostile = try TemporaryFolder()
        let benign = try TemporaryFolder()
        try Self.hostileSite(in: hostile)
        try Self.benignSite(in: benign)
        // The link-preview cards' SVG (drawn, not published) is checked with the pages.
        let hostileCards = DrawnCards()
        let benignCards = DrawnCards()
        for (folder, cards) in [(hostile.url, hostileCards), (benign.url, benignCards)] {
            var options = BuildOptions(
                source: folder.appendingPathComponent("games"), output: folder.appendingPathComponent("site"))
            options.baseURL = BaseURL("https://example.org/nights/")
            options.drawCard = cards.draw
            _ = try await SiteBuild.run(options)
        }
        func withCards(_ site: [String: Data], _ cards: DrawnCards) -> [String: Data] {
            site.merging(cards.all.enumerated().map { ("card-\($0.offset).svg", Data($0.element.utf8)) }) { first, _ in
                first
            }
        }
        let hostileSite = tree(hostile.url.appendingPathComponent("site"))
        let bad = Markup(site: withCards(hostileSite, hostileCards))
        let good = Markup(site: withCards(tree(benign.url.appendingPathComponent("site")), benignCards))
        // Every scorecard, night, player and year has its card, each a well-formed SVG.
        #expect(hostileSite.keys.filter { $0.hasPrefix("cards/") }.count == hostileCards.all.count)
        // 3 games and a night per vector, 2 players per vector, one year.
        #expect(hostileCards.all.count == 3 * Self.vectors.count + Self.vectors.count + 2 * Self.vectors.count + 1)
        for svg in hostileCards.all { #expect(XMLParser(data: Data(svg.utf8)).parse(), "\(svg)") }
        // And on their own: a page's markup (its JSON-LD script, its links) must not pass for a card's.
        let badCards = Markup(site: withCards([:], hostileCards))
        let goodCards = Markup(site: withCards([:], benignCards))
        #expect(badCards.elements == goodCards.elements, "\(badCards.elements.subtracting(goodCards.elements))")
        #expect(badCards.attributes == goodCards.attributes, "\(badCards.attributes.subtracting(goodCards.attributes))")
        #expect(badCards.urls.isEmpty && badCards.comments.isEmpty)
        // The feed and the sitemap stay well-formed XML whatever the titles and names hold.
        for name in ["feed.xml", "sitemap.xml"] {
            let data = try #require(hostileSite[name])
            #expect(XMLParser(data: data).parse(), "\(name) is not well-formed")
        }
        #expect(hostileSite.keys.filter { $0.hasPrefix("players/") }.count == 2 * Self.vectors.count + 1)
        // The year in review names every player and board game of the year.
        #expect(
            String(decoding: try #require(hostileSite["years/2026.html"]), as: UTF8.self).contains("class=\"card\""))
        #expect(bad.elements.subtracting(good.elements).isEmpty, "\(bad.elements.subtracting(good.elements))")
        #expect(bad.attributes.subtracting(good.attributes).isEmpty, "\(bad.attributes.subtracting(good.attributes))")
        #expect(!bad.attributes.contains { $0.hasPrefix("on") })
        for url in bad.urls {
            #expect(!url.lowercased().hasPrefix("javascript:") && !url.lowercased().hasPrefix("data:"), "\(url)")
        }
        #expect(bad.comments.subtracting([" raw HTML omitted "]).isEmpty, "\(bad.comments)")
        #expect(bad.urls.count > good.urls.count)
    }

    /// The calendar and the JSON-LD, read back by real parsers (icalendar, pyld after the HTML
    /// tokenizer), hold every hostile title and name as the text it was: nothing closed the
    /// script element, broke a content line or ended a JSON string early.
    @Test func calendarAndStructuredDataHoldHostileTextAsText() async throws {
        // U+2028 and U+2029 end a line in older JavaScript; YAML writes them `\L` and `\P`.
        let vectors = Self.vectors + ["line\u{2028}para\u{2029}end; a\\b, c"]
        let folder = try TemporaryFolder()
        try Self.hostileSite(in: folder, vectors: vectors)
        var options = BuildOptions(
            source: folder.url.appendingPathComponent("games"), output: folder.url.appendingPathComponent("site"))
        options.baseURL = BaseURL("https://example.org/nights/")
        _ = try await SiteBuild.run(options)
        let site = folder.url.appendingPathComponent("site")
        let data = try SiteDataReader.read(site)
        #expect(data.problems.isEmpty, "\(data.problems)")
        // The parser leaves NUL out of a name (U+FFFD); every other vector arrives whole.
        let texts = vectors.map { $0.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") }
        let calendar = try #require(data.calendar)
        #expect(calendar.events.count == vectors.count)
        for (index, text) in texts.enumerated() {
            let event = try #require(calendar.events.first { $0.dtstart == "2026-11-\(10 + index)" })
            // Each night holds the vector's three games, each line its title first.
            #expect(
                event.description.components(separatedBy: "\n").filter { $0.hasPrefix(text + " — ") }.count == 3,
                "\(event.description)")
            #expect(event.uid == "https://example.org/nights/nights/2026-11-\(10 + index).html")
        }
        var names: Set<String> = []
        var titles: Set<String> = []
        for (path, page) in data.pages {
            let event = try #require(page.expanded.first?.list.first, "\(path)")
            #expect(event["@type"] == .array([.string("http://schema.org/SportsEvent")]), "\(path)")
            titles.insert(try #require(event["http://schema.org/name"]?.text))
            for competitor in event["http://schema.org/competitor"]?.list ?? [] {
                names.insert(try #require(competitor["http://schema.org/name"]?.text))
            }
        }
        #expect(data.pages.count == 3 * vectors.count)
        #expect(titles == Set(texts))
        #expect(names == Set(texts + texts.map { "Bo " + $0 }))
        // And in the bytes: the script elements hold no character that markup could start with.
        for (path, bytes) in tree(site) where path.hasSuffix(".html") {
            for match in String(decoding: bytes, as: UTF8.self).matches(
                of: /<script type="application\/ld\+json">(.*?)<\/script>/)
            {
                #expect(!match.1.contains { "<>&\u{2028}\u{2029}".contains($0) }, "\(path)")
            }
        }
    }

    /// The search index, run by Node as the search page runs it, holds every hostile title and
    /// name as the text it was, and its files hold no character markup could start with.
    @Test func searchIndexHoldsHostileTextAsText() async throws {
        let vectors = Self.vectors + ["line\u{2028}para\u{2029}end; a\\b, c"]
        let folder = try TemporaryFolder()
        try Self.hostileSite(in: folder, vectors: vectors)
        let site = folder.url.appendingPathComponent("site")
        _ = try await SiteBuild.run(BuildOptions(source: folder.url.appendingPathComponent("games"), output: site))
        for (path, bytes) in tree(site) where path.hasPrefix("search/") {
            #expect(!String(decoding: bytes, as: UTF8.self).contains { "<>\u{2028}\u{2029}".contains($0) }, "\(path)")
        }
        let rows = try SearchTests.search(site, []).rows
        let texts = vectors.map { $0.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") }
        #expect(Set(rows.filter { $0.first == .number(4) }.compactMap { $0[2].text }) == Set(texts))
        #expect(
            Set(rows.filter { $0.first == .number(0) }.compactMap { $0[2].text })
                == Set(texts + texts.map { "Bo " + $0 }))
    }

    @Test func rawHTMLInNotesPassesOnlyWithUnsafeHTML() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "games/g.md", "---\ngame: scores\ntitle: T\ndate: 2026-11-10\nplayers: [A]\n---\n<marquee>hi</marquee>\n")
        var options = BuildOptions(
            source: folder.url.appendingPathComponent("games"), output: folder.url.appendingPathComponent("safe"))
        _ = try await SiteBuild.run(options)
        options.output = folder.url.appendingPathComponent("unsafe")
        options.allowsUnsafeHTML = true
        _ = try await SiteBuild.run(options)
        #expect(Markup(site: tree(folder.url.appendingPathComponent("safe"))).elements.contains("marquee") == false)
        #expect(Markup(site: tree(folder.url.appendingPathComponent("unsafe"))).elements.contains("marquee"))
    }
}
