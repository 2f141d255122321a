import Foundation
import GameDomain
import SiteBuilding
import SiteRendering
import SnapshotKit
import TestSupport
import Testing

@Suite("Site configuration")
struct SiteConfigurationTests {
    static let configuration = """
        title: Thursday <Games> & "Friends"
        description: Scores from the back room of the <Crown>.
        baseURL: https://example.org/thursday/
        timeZone: Europe/Berlin

        """

    /// The title and description reach every page and the feed, escaped; bare dates and local
    /// times in the feed are read in the site's time zone (summer time included).
    @Test func titleDescriptionAndTimeZone() async throws {
        let temp = try TemporaryFolder()
        try temp.write("games/gamenight.yaml", Self.configuration)
        try temp.write("games/winter.md", game(title: "Winter", date: "2026-11-20"))
        try temp.write("games/summer.md", game(title: "Summer", date: "2026-07-03T19:30"))
        try temp.write("games/tokyo.md", game(title: "Tokyo", date: "2026-07-04T19:30+09:00"))
        let out = temp.url.appendingPathComponent("site")
        _ = try await SiteBuild.run(BuildOptions(source: temp.url.appendingPathComponent("games"), output: out))
        let site = tree(out).mapValues { String(decoding: $0, as: UTF8.self) }
        assertSnapshot(of: site["index.html"] ?? "", as: .html, named: "index")
        assertSnapshot(of: site["feed.xml"] ?? "", as: .lines, named: "feed.xml")
        #expect(
            site["games/winter.html"]?.contains(
                "<title>Winter · Thursday &lt;Games&gt; &amp; &quot;Friends&quot;</title>") == true)
    }

    @Test func baseURLOptionWinsOverTheFile() async throws {
        let temp = try TemporaryFolder()
        try temp.write("gamenight.yaml", Self.configuration)
        try temp.write("a.md", game(title: "A"))
        let out = temp.url.appendingPathComponent("site")
        var options = BuildOptions(source: temp.url, output: out)
        options.baseURL = BaseURL("https://games.example.com/")
        _ = try await SiteBuild.run(options)
        #expect(
            String(decoding: tree(out)["index.html"] ?? Data(), as: UTF8.self).contains(
                "href=\"https://games.example.com/index.html\""))
    }

    @Test func smartPunctuationIsCarried() async throws {
        let temp = try TemporaryFolder()
        try temp.write("gamenight.yaml", "markdown: {smartPunctuation: false}\n")
        #expect(try SiteConfigurationFile.load(in: temp.url).get().configuration.smartPunctuation == false)
    }

    /// Errors in the configuration come with those of the game files, and nothing is written.
    @Test func everyErrorIsReported() async throws {
        let temp = try TemporaryFolder()
        try temp.write("gamenight.yaml", "title: T\nbaseURL: example.org\ntimeZone: Asia/Tokio\nlangauge: en\n")
        try temp.write("a.md", game(title: "A", rounds: "[{Z: 1}]"))
        let out = temp.url.appendingPathComponent("site")
        await #expect {
            try await SiteBuild.run(BuildOptions(source: temp.url, output: out))
        } throws: { error in
            guard case BuildError.input(let diagnostics) = error else { return false }
            let lines = diagnostics.map(\.description).map {
                $0.replacingOccurrences(of: temp.url.path + "/", with: "")
            }
            #expect(lines.count == 4, "\(lines)")
            #expect(
                lines.contains {
                    $0.contains(
                        "gamenight.yaml:4:1: error: unknown key `langauge` in gamenight.yaml (did you mean `language`?)"
                    )
                })
            #expect(lines.contains { $0.contains("gamenight.yaml:2:10: error: `baseURL` must be") })
            #expect(lines.contains { $0.contains("gamenight.yaml:3:11: error: unknown `timeZone`") })
            #expect(lines.contains { $0.contains("a.md:") })
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))

        try temp.write("gamenight.yaml", "baseURL: example.org\ntimeZone: Asia/Tokio\n")
        let lines = try #require(SiteConfigurationFile.load(in: temp.url).failure).diagnostics.map(\.description)
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasSuffix(
                "gamenight.yaml:1:10: error: `baseURL` must be an absolute http:// or https:// URL such as https://example.org/games/, found `example.org`"
            ) == true)
        #expect(
            lines.last?.hasSuffix(
                "gamenight.yaml:2:11: error: unknown `timeZone` `Asia/Tokio` (did you mean `Asia/Tokyo`?); write a name such as Asia/Tokyo or an offset such as +09:00"
            ) == true)
    }

    /// The parser's errors and the checks of what it read come in one report, in the file's order.
    @Test func parseErrorsAndCheckedValuesInOneReport() throws {
        let temp = try TemporaryFolder()
        try temp.write(
            "gamenight.yaml", "baseURL: example.org\nlangauge: fr\ntimeZone: Asia/Tokio\nratings: {minimumGames: 0}\n")
        let lines = try #require(SiteConfigurationFile.load(in: temp.url).failure).diagnostics.map(\.description)
        #expect(lines.count == 4, "\(lines)")
        #expect(
            zip(
                lines,
                [
                    "1:10: error: `baseURL`", "2:1: error: unknown key `langauge`", "3:11: error: unknown `timeZone`",
                    "4:25: error: `minimumGames`",
                ]
            ).allSatisfy { $0.contains("gamenight.yaml:" + $1) }, "\(lines)")
    }

    @Test(
        "An abbreviation for timeZone is refused with the zone of a place to write instead",
        arguments: [
            (
                "CET",
                "`timeZone` `CET` is an abbreviation, which names no single place; write your place's zone, such as Europe/Berlin or America/New_York, or your offset from UTC, such as +01:00"
            ),
            (
                "cst",
                "`timeZone` `cst` is an abbreviation, which names no single place; write your place's zone, such as Europe/Berlin or America/New_York, or your offset from UTC, such as +01:00"
            ),
            (
                "Mars/Olympus",
                "unknown `timeZone` `Mars/Olympus`; write a name such as Asia/Tokyo or an offset such as +09:00"
            ),
        ])
    func timeZoneAbbreviations(zone: String, message: String) throws {
        let temp = try TemporaryFolder()
        try temp.write("gamenight.yaml", "timeZone: \(zone)\n")
        let lines = try #require(SiteConfigurationFile.load(in: temp.url).failure).diagnostics.map(\.description)
        #expect(
            lines.count == 1 && lines.first?.hasSuffix("gamenight.yaml:1:11: error: " + message) == true, "\(lines)")
    }

    @Test(arguments: [
        ("+09:00", "+09:00"), ("-05:30", "-05:30"), ("UTC", "Z"), ("GMT", "Z"), ("Asia/Tokyo", "+09:00"),
        ("Europe/Berlin", "+01:00"),
    ])
    func timeZones(zone: String, offset: String) throws {
        let temp = try TemporaryFolder()
        try temp.write("gamenight.yaml", "timeZone: \"\(zone)\"\n")
        let file = try SiteConfigurationFile.load(in: temp.url).get()
        #expect(file.utcOffset?(try #require(GameDate("2026-11-20"))) == offset)
    }
}
