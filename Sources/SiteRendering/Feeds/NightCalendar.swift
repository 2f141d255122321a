public import GameDomain

/// `nights.ics`: an iCalendar (RFC 5545) with one all-day event per night, its games and
/// winners in the description. A night is a day of the catalog and games have no end time, so
/// the event is the day itself. Deterministic, like the feed: nothing depends on the build's
/// time, so a rebuild writes the same bytes.
public enum NightCalendar {
    public static let path = "nights.ics"

    /// `event(night, make)` gives each night's event, folded: `make()`, or the same event kept
    /// from an earlier build (`PageFragments`).
    public static func text(
        _ catalog: SiteCatalog, settings: SiteSettings = SiteSettings(),
        event: (String, () -> String) -> String = { $1() }
    ) -> String {
        let texts = settings.texts
        let name = Escape.closingBidi(settings.title ?? texts[.indexTitle])
        var text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//GameNight//Nights//EN", "CALSCALE:GREGORIAN",
            "NAME:" + escape(name), "X-WR-CALNAME:" + escape(name),
        ].map(fold).joined(separator: "\r\n")
        for night in catalog.nights {
            text += "\r\n"
            text += event(night) { self.event(night, catalog, settings: settings) }
        }
        return text + "\r\nEND:VCALENDAR\r\n"
    }

    /// A night's event, its lines folded and joined.
    static func event(_ night: String, _ catalog: SiteCatalog, settings: SiteSettings) -> String {
        let texts = settings.texts
        let games = catalog.games(on: night)
        let date = night.replacing("-", with: "")
        // `texts.dateTime` of each game, with the day's words made once per night.
        let day = games.first.map { texts.day($0.game.date) } ?? night
        let description = games.map { entry in
            let game = entry.game
            let when = game.date.time.map { texts.format(.dateTimeFormat, ["date": day, "time": $0]) } ?? day
            return Escape.closingBidi(game.title) + " — "
                + texts.format(
                    .feedSummary,
                    ["kind": texts.kind(game.kind), "date": when, "status": texts.status(game.status)])
                + texts.result(of: entry)
        }
        // The UID is the night's identity: its page's address when the site has one (unique
        // among sites), else its day. DTSTAMP must be a UTC time; the build's would change
        // every build, so it is the night's day at midnight UTC, which never moves.
        let page = SiteCatalog.path(ofNight: night)
        var lines = [
            "BEGIN:VEVENT",
            "UID:" + escape(settings.baseURL?.absolute(page) ?? "gamenight-night-\(night)"),
            "DTSTAMP:\(date)T000000Z",
            "DTSTART;VALUE=DATE:\(date)",
            "SUMMARY:"
                + escape(
                    texts.format(
                        .calendarSummary, ["games": texts.count(games.count, .gameCountOne, .gameCountOther)])),
            "DESCRIPTION:" + escape(description.joined(separator: "\n")),
        ]
        if let baseURL = settings.baseURL { lines.append("URL:" + baseURL.absolute(page)) }
        lines.append("END:VEVENT")
        return lines.map(fold).joined(separator: "\r\n")
    }

    /// A TEXT value (RFC 5545 §3.3.11): `\`, `;`, `,` and line breaks escaped; other control
    /// characters, which TEXT cannot hold, become U+FFFD. Bytes, not scalars: every character
    /// that needs care is ASCII, and a 10,000-game calendar escapes every title.
    static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","): output += [UInt8(ascii: "\\"), byte]
            // CRLF, CR and LF each end one line.
            case UInt8(ascii: "\n") where previous == UInt8(ascii: "\r"): break
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): output.append(byte)
            case 0x00...0x1F, 0x7F: output += replacement
            default: output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let replacement = Array("\u{FFFD}".utf8)

    /// A content line folded to lines of at most 75 octets (RFC 5545 §3.1), each continuation
    /// starting with a space; a fold never splits a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line }
        var parts: [ArraySlice<UInt8>] = []
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            // Back off to the first byte of a sequence (continuation bytes are 10xxxxxx).
            while bytes[end] & 0xC0 == 0x80 { end -= 1 }
            parts.append(bytes[start..<end])
            start = end
            limit = 74
        }
        parts.append(bytes[start...])
        return parts.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\r\n ")
    }
}
