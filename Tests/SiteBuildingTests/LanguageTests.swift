import Foundation
import GameDomain
import SiteRendering
import SnapshotKit
import TestSupport
import Testing

@testable import SiteBuilding

@Suite("Languages")
struct LanguageTests {
    /// One game of each kind from examples/, built as a Japanese site with a feed.
    static let examples = ["2026-11-20/hearts.md", "2026-11-21/bowling-game-1.md", "2026-11-22/puzzle-race.md"]

    @Test func japaneseSite() async throws {
        let temp = try TemporaryFolder()
        for path in Self.examples {
            try temp.write(
                "games/" + path,
                String(decoding: try Data(contentsOf: examplesFolder.appendingPathComponent(path)), as: UTF8.self))
        }
        try temp.write("games/gamenight.yaml", "language: ja\nbaseURL: https://example.org/\ntimeZone: Asia/Tokyo\n")
        let out = temp.url.appendingPathComponent("site")
        _ = try await SiteBuild.run(.pinned(source: temp.url.appendingPathComponent("games"), output: out))
        // The link-preview cards' pixels depend on the machine's fonts: their SVG has snapshots
        // of its own (LinkCardTests); here, one card for each game, night, player and year.
        let cards = out.appendingPathComponent("cards")
        let drawn = tree(cards).keys.filter { $0.hasSuffix(".png") }
        #expect(drawn.count == 11)
        try FileManager.default.removeItem(at: cards)
        assertSnapshot(of: out, as: .directory, named: "ja")
    }

    @Test(arguments: [
        ("2026-11-20", "2026年11月20日(金)"), ("2026-11-20T19:30", "2026年11月20日(金) 19:30"), ("2024-02-29", "2024年2月29日(木)"),
    ])
    func japaneseDates(date: String, text: String) throws {
        let texts = SiteTexts(.ja)
        let game = try #require(GameDate(date))
        #expect(texts.dateTime(game) == text)
    }

    /// Placeholders are filled in among any other text: non-ASCII letters, braces that open no
    /// placeholder, a placeholder the key does not have.
    @Test(arguments: [
        ("{weekday}, {day} {month} {year}", "2024-02-29", "Thursday, 29 February 2024"),
        ("「{weekday}」{ {day}.{month}.{year}{", "2026-11-20T19:30", "「Friday」{ 20.November.2026{, 19:30"),
        ("{{day}} {nope} {year", "2026-01-04", "{4} {nope} {year"),
        ("no placeholder", "2026-01-04", "no placeholder"),
    ])
    func placeholdersFilledIn(format: String, date: String, text: String) throws {
        let texts = SiteTexts(.en, overrides: [.dateFormat: format])
        #expect(texts.dateTime(try #require(GameDate(date))) == text)
    }

    /// A site's own wording replaces the built-in one, escaped like every text.
    @Test func overrideFromTheConfiguration() async throws {
        let temp = try TemporaryFolder()
        try temp.write(
            "gamenight.yaml", "texts:\n  winner: \"<Champion>:\"\n  gameCountOther: \"{count} rounds of fun\"\n")
        try temp.write("a.md", game(title: "A"))
        let out = temp.url.appendingPathComponent("site")
        _ = try await SiteBuild.run(BuildOptions(source: temp.url, output: out))
        let site = tree(out).mapValues { String(decoding: $0, as: UTF8.self) }
        #expect(site["games/a.html"]?.contains("👑 &lt;Champion&gt;: <strong>") == true)
        #expect(site["nights/2026-11-20.html"]?.contains("Friday, 20 November 2026") == true)
        #expect(site["index.html"]?.contains("Winner") == false)
    }

    /// Unknown keys and placeholders are errors at their place, with a did-you-mean.
    @Test func unknownKeysAndPlaceholders() throws {
        let temp = try TemporaryFolder()
        try temp.write(
            "gamenight.yaml", "texts:\n  winnr: W\n  gameCountOther: \"{cuont} games\"\n  listLast: \" & \"\n")
        let lines = try #require(SiteConfigurationFile.load(in: temp.url).failure).diagnostics.map(\.description)
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.first?.hasSuffix(
                "gamenight.yaml:2:3: error: unknown text key `winnr` in `texts` (did you mean `winner`?); the keys are listed in docs/TEXTS.md"
            ) == true, "\(lines)")
        #expect(
            lines.last?.hasSuffix(
                "gamenight.yaml:3:19: error: `{cuont}` is not a placeholder of `gameCountOther`; it may use: {count}")
                == true, "\(lines)")
    }

    /// Every key has its text in every language, and each language's text uses only the key's placeholders.
    @Test func everyLanguageHasEveryText() {
        for language in SiteLanguage.allCases {
            for key in TextKey.allCases {
                #expect(SiteTexts.problem(key.text(in: language), for: key) == nil, "\(language) \(key)")
            }
        }
    }
}

extension LanguageTests {
    /// docs/TEXTS.md lists every key with both languages' texts.
    @Test func documentationListsEveryKey() throws {
        let docs = String(
            decoding: try Data(
                contentsOf: examplesFolder.deletingLastPathComponent().appendingPathComponent("docs/TEXTS.md")),
            as: UTF8.self)
        let rows = Set(docs.split(separator: "\n").filter { $0.hasPrefix("| `") })
        for key in TextKey.allCases {
            let english = key.text(in: .en)
            let japanese = key.text(in: .ja)
            func cell(_ text: String) -> String {
                text.trimmingCharacters(in: .whitespaces) != text ? "`\(text)`" : text
            }
            #expect(rows.contains("| `\(key.rawValue)` | \(cell(english)) | \(cell(japanese)) |"), "\(key)")
        }
    }
}
