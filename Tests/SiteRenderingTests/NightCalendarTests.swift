import Foundation
import GameDomain
import Testing

@testable import SiteRendering

@Suite("Calendar of nights")
struct NightCalendarTests {
    @Test func textEscapesBackslashSemicolonCommaAndLineBreaks() {
        #expect(
            NightCalendar.escape(#"a\b;c,d"# + "\ne\r\nf\rg\th\u{0}i\u{7F}") == #"a\\b\;c\,d\ne\nf\ng"#
                + "\th\u{FFFD}i\u{FFFD}")
    }

    /// Every length around the limit, in one-, two-, three- and four-byte characters: no physical
    /// line is over 75 octets or splits a UTF-8 sequence, and unfolding gives the line back.
    @Test("Folding at 75 octets never splits a character", arguments: ["a", "é", "花", "🎲"])
    func folding(_ character: String) {
        for count in 0..<200 {
            let line = "DESCRIPTION:" + String(repeating: character, count: count)
            let folded = NightCalendar.fold(line)
            let physical = folded.components(separatedBy: "\r\n")
            for (index, part) in physical.enumerated() {
                #expect(
                    part.utf8.count <= 75 && (index == 0 || part.hasPrefix(" ")), "\(count) × \(character): \(part)")
                // A cut sequence would have decoded as U+FFFD.
                #expect(!part.contains("\u{FFFD}"))
            }
            #expect(physical.enumerated().map { $0 == 0 ? $1 : String($1.dropFirst()) }.joined() == line)
            // A part is cut short only where a character would not fit.
            for part in physical.dropLast() { #expect(part.utf8.count > 75 - character.utf8.count) }
        }
    }

    @Test func calendarOfTwoNights() throws {
        var catan = SiteGameFixtures.catan
        catan.game.title =
            "Catan; table, 2 \\ — a long title that goes on past the fold of seventy-five octets, with 花子"
        var older = SiteGameFixtures.catan
        older.game.date = try #require(GameDate("2026-11-13"))
        older.slug = "older"
        let catalog = SiteCatalog([older, catan])
        let text = NightCalendar.text(
            catalog, settings: SiteSettings(baseURL: BaseURL("https://example.org/n/"), title: "Club"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 3)
        #expect(
            text.contains(
                "\r\nUID:https://example.org/n/nights/2026-11-20.html\r\nDTSTAMP:20261120T000000Z\r\nDTSTART;VALUE=DATE:20261120\r\n"
            ))
        #expect(text.contains("\r\nDTSTAMP:20261113T000000Z\r\nDTSTART;VALUE=DATE:20261113\r\n"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains(#"DESCRIPTION:Catan\; table\, 2 \\ — a long title"#))
        #expect(unfolded.contains(#"Won by Jasmine" onmouseover="x."#))
        #expect(
            NightCalendar.text(catalog, settings: SiteSettings(title: "Club"))
                == NightCalendar.text(catalog, settings: SiteSettings(title: "Club")))
    }

    /// A title or a name that opens a right-to-left override cannot turn our words after it
    /// around: each is closed where it ends, not at the end of the description.
    @Test func bidiOverridesCloseWhereTheTextEnds() {
        var catan = SiteGameFixtures.catan
        catan.game.title = "\u{202E}Catan"
        let catalog = SiteCatalog([catan])
        let unfolded = NightCalendar.text(catalog, settings: SiteSettings(title: "\u{202B}Club"))
            .replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("DESCRIPTION:\u{202E}Catan\u{202C} — "))
        #expect(unfolded.contains("NAME:\u{202B}Club\u{202C}\r\n"))
        #expect(!unfolded.contains("\u{202E}Catan —"))
        // Names and every value put into a sentence, likewise.
        let texts = SiteTexts()
        #expect(
            texts.names(["\u{202E}Ann", "Bo\u{2067}"]) == "\u{202E}Ann\u{202C}" + texts[.listLast]
                + "Bo\u{2067}\u{2069}")
        #expect(texts.format(.feedWonBy, ["names": "\u{202E}Ann"]).contains("\u{202E}Ann\u{202C}"))
    }
}
