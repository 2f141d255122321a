import Foundation
import SiteBuilding
import SiteRendering
import TestSupport
import Testing

/// `nights.ics` and the scorecards' JSON-LD, read back by icalendar and pyld
/// (`SiteDataReader`): what a calendar application and a search engine would take from them.
@Suite("Calendar and structured data")
struct SiteDataTests {
    /// Two nights: a team game, a cooperative win and a game still being played, with a place,
    /// a time zone and a bare date.
    static func site(in folder: borrowing TemporaryFolder) throws {
        try folder.write("games/gamenight.yaml", "title: Tuesday club\ntimeZone: \"+09:00\"\n")
        try folder.write(
            "games/a.md",
            game(
                title: "Catan, table 2", date: "2026-11-24T19:30", players: "[Ana, Ben, Chloé]",
                rounds: "[{Ana: 3, Ben: 2, Chloé: 7}]", extra: "location: Ben's; kitchen\n"))
        try folder.write(
            "games/b.md",
            """
            ---
            game: scores
            title: Codenames
            date: 2026-11-24T21:00
            teams: {Red: [Ana, Ben], Blue: [Chloé, Dan]}
            scores: {Red: 1, Blue: 0}
            ---

            """)
        try folder.write(
            "games/c.md",
            "---\ngame: scores\ntitle: Pandemic\ndate: 2026-11-17\nplayers: [Ana, Dan]\ncooperative: true\nresult: won\n---\n"
        )
        try folder.write(
            "games/d.md",
            game(
                title: "Azul", date: "2026-11-17", players: "[Ana, Dan]", rounds: "[{Ana: 1}]",
                extra: "status: playing\n"))
    }

    static func build(
        _ folder: borrowing TemporaryFolder, into name: String = "site", baseURL: String? = "https://example.org/club/"
    ) async throws -> URL {
        var options = BuildOptions(
            source: folder.url.appendingPathComponent("games"), output: folder.url.appendingPathComponent(name))
        options.baseURL = baseURL.flatMap(BaseURL.init)
        _ = try await SiteBuild.run(options)
        return options.output
    }

    @Test("One event per night, with its games and winners, a stable UID and a DTSTAMP from its day")
    func calendar() async throws {
        let folder = try TemporaryFolder()
        try Self.site(in: folder)
        let data = try SiteDataReader.read(try await Self.build(folder))
        #expect(data.problems.isEmpty, "\(data.problems)")
        let calendar = try #require(data.calendar)
        #expect(calendar.version == "2.0" && calendar.name == "Tuesday club")
        #expect(calendar.events.map(\.dtstart) == ["2026-11-24", "2026-11-17"])
        #expect(
            calendar.events.map(\.uid) == [
                "https://example.org/club/nights/2026-11-24.html", "https://example.org/club/nights/2026-11-17.html",
            ])
        #expect(calendar.events.map(\.url) == calendar.events.map(\.uid))
        #expect(calendar.events.map(\.dtstamp) == ["2026-11-24T00:00:00+00:00", "2026-11-17T00:00:00+00:00"])
        #expect(calendar.events.map(\.summary) == ["Game night: 2 games", "Game night: 2 games"])
        #expect(
            calendar.events.first?.description == """
                Catan, table 2 — Score keeper on Tuesday, 24 November 2026, 19:30. Finished. Won by Chloé.
                Codenames — Score keeper on Tuesday, 24 November 2026, 21:00. Finished. Won by Red (Ana and Ben).
                """)
        #expect(
            calendar.events.last?.description == """
                Pandemic — Score keeper on Tuesday, 17 November 2026. Finished. Won together.
                Azul — Score keeper on Tuesday, 17 November 2026. Still playing.
                """)
    }

    @Test("Without a base URL, UIDs are the nights' days; every build writes the same bytes")
    func deterministic() async throws {
        let folder = try TemporaryFolder()
        try Self.site(in: folder)
        let first = try await Self.build(folder, baseURL: nil)
        let data = try SiteDataReader.read(first)
        #expect(data.calendar?.events.map(\.uid) == ["gamenight-night-2026-11-24", "gamenight-night-2026-11-17"])
        #expect(data.calendar?.events.allSatisfy { $0.url == nil } == true)
        let bytes = try Data(contentsOf: first.appendingPathComponent("nights.ics"))
        let second = try await Self.build(folder, into: "again", baseURL: nil)
        #expect(try Data(contentsOf: second.appendingPathComponent("nights.ics")) == bytes)
        // CRLF after every line, and the index links the calendar.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text.hasPrefix("BEGIN:VCALENDAR\r\n") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let index = String(decoding: try Data(contentsOf: first.appendingPathComponent("index.html")), as: UTF8.self)
        #expect(
            index.contains(
                #"<link rel="alternate" type="text/calendar" title="Calendar of game nights (iCalendar)" href="nights.ics">"#
            ))
        #expect(index.contains(#"<a href="nights.ics" type="text/calendar">"#))
    }

    @Test("A site without games has no calendar and links none")
    func empty() async throws {
        let folder = try TemporaryFolder()
        try folder.write("games/gamenight.yaml", "title: Empty\n")
        let site = try await Self.build(folder)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("nights.ics").path))
        #expect(
            !String(decoding: try Data(contentsOf: site.appendingPathComponent("index.html")), as: UTF8.self).contains(
                "nights.ics"))
    }

    @Test("Each scorecard is a SportsEvent with its name, start, place, competitors and winners")
    func structuredData() async throws {
        let folder = try TemporaryFolder()
        try Self.site(in: folder)
        let data = try SiteDataReader.read(try await Self.build(folder))
        #expect(data.problems.isEmpty, "\(data.problems)")
        #expect(data.pages.count == 4)
        func event(_ path: String) throws -> JSONValue {
            try #require(data.pages[path]?.expanded.first?.list.first, "\(path)")
        }
        func names(_ nodes: [JSONValue]) -> [String] { nodes.compactMap { $0["http://schema.org/name"]?.text } }
        let schema = "http://schema.org/"

        let catan = try event("games/a.html")
        #expect(catan["@type"] == .array([.string(schema + "SportsEvent")]))
        #expect(catan[schema + "name"]?.text == "Catan, table 2")
        // Local time at the site's offset.
        #expect(catan[schema + "startDate"]?.text == "2026-11-24T19:30:00+09:00")
        #expect(catan[schema + "url"]?.text == "https://example.org/club/games/a.html")
        #expect(names(catan[schema + "location"]?.list ?? []) == ["Ben's; kitchen"])
        let competitors = catan[schema + "competitor"]?.list ?? []
        #expect(names(competitors) == ["Ana", "Ben", "Chloé"])
        // The winner is a competitor node, the agent of a WinAction on the game.
        let win = try #require(catan["@reverse"]?[schema + "object"]?.list.first)
        #expect(win["@type"] == .array([.string(schema + "WinAction")]))
        #expect(win[schema + "agent"]?.list.map { $0["@id"] } == [competitors[2]["@id"]])

        let codenames = try event("games/b.html")
        let teams = codenames[schema + "competitor"]?.list ?? []
        #expect(
            teams.map { $0["@type"] } == [
                .array([.string(schema + "SportsTeam")]), .array([.string(schema + "SportsTeam")]),
            ])
        #expect(names(teams) == ["Red", "Blue"])
        #expect(teams.map { names($0[schema + "athlete"]?.list ?? []) } == [["Ana", "Ben"], ["Chloé", "Dan"]])
        #expect(
            codenames["@reverse"]?[schema + "object"]?.list.first?[schema + "agent"]?.list.map { $0["@id"] } == [
                teams[0]["@id"]
            ])

        // A bare date stays a date; a game still being played has no winner.
        let azul = try event("games/d.html")
        #expect(azul[schema + "startDate"]?.text == "2026-11-17")
        #expect(azul["@reverse"] == nil && azul[schema + "location"] == nil)
        // A cooperative game won: every player won, together.
        let pandemic = try event("games/c.html")
        #expect(pandemic["@reverse"]?[schema + "object"]?.list.first?[schema + "agent"]?.list.count == 2)
    }
}
