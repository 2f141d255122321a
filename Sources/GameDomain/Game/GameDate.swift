/// When a game was played: an ISO 8601 date (`2026-11-20`) or date-time (`2026-11-20T19:30`,
/// optionally with seconds and `Z` or an offset). Kept as written; `day` groups games into nights.
public struct GameDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The date as written in the game file.
    public let text: String
    /// `YYYY-MM-DD`, the night the game belongs to.
    public var day: String { String(decoding: text.utf8.prefix(10), as: UTF8.self) }
    /// The time of day as written (`19:30`), if any.
    public var time: String? {
        text.count > 11 ? String(text.dropFirst(11)) : nil
    }

    /// Returns nil unless `text` is a valid ISO date or date-time.
    public init?(_ text: String) {
        let scalars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func byte(_ index: Int, is char: Character) -> Bool {
            index < scalars.count && scalars[index] == char.asciiValue
        }
        guard let year = number(0..<4), byte(4, is: "-"), let month = number(5..<7), byte(7, is: "-"),
            let day = number(8..<10), (1...12).contains(month), year >= 1,
            (1...Self.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        if scalars.count > 10 {
            // Date-time: separator, HH:MM, optional :SS, optional Z or ±HH:MM.
            guard byte(10, is: "T") || byte(10, is: " "), let hour = number(11..<13), byte(13, is: ":"),
                let minute = number(14..<16), hour < 24, minute < 60
            else { return nil }
            var index = 16
            if byte(index, is: ":") {
                guard let second = number(17..<19), second < 61 else { return nil }
                index = 19
            }
            if byte(index, is: "Z") {
                index += 1
            } else if byte(index, is: "+") || byte(index, is: "-") {
                guard let offsetHour = number(index + 1..<index + 3), byte(index + 3, is: ":"),
                    let offsetMinute = number(index + 4..<index + 6), offsetHour < 24, offsetMinute < 60
                else { return nil }
                index += 6
            }
            guard index == scalars.count else { return nil }
        }
        self.text = text
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// By day, then by the time as written (a bare date first). The text is ASCII (`init` checks
    /// it), so its bytes order as the strings would: sorting thousands of games compares no
    /// `Character`s and makes no strings.
    public static func < (a: Self, b: Self) -> Bool {
        var x = a.text
        var y = b.text
        return x.withUTF8 { x in
            y.withUTF8 { y in
                let day = min(10, x.count, y.count)
                if !x[..<day].elementsEqual(y[..<day]) { return x[..<day].lexicographicallyPrecedes(y[..<day]) }
                // The separator at index 10 (`T` or a space) is not part of the time.
                return x[min(11, x.count)...].lexicographicallyPrecedes(y[min(11, y.count)...])
            }
        }
    }

    public var description: String { text }

    /// RFC 3339, as feeds need it: midnight for a bare date, UTC when no offset was written.
    public var timestamp: String { timestamp(offset: "Z") }

    /// RFC 3339, reading a bare date as midnight and a time written without an offset as local
    /// time at `offset` (`Z`, `+09:00`).
    public func timestamp(offset: String) -> String {
        guard let time else { return day + "T00:00:00" + offset }
        let clock = time.prefix { $0 != "Z" && $0 != "+" && $0 != "-" }
        let zone = time.dropFirst(clock.count)
        return day + "T" + clock + (clock.count == 5 ? ":00" : "") + (zone.isEmpty ? offset : String(zone))
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = GameDate(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not an ISO date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
