/// Plays as one page of BoardGameGeek's XML API 2 `plays`, in the shape its answers have (and
/// `BGGPlaysReader` reads): every play on the one page, `page="1"`, `total` their number.
enum BGGPlaysWriter {
    static func document(_ plays: [ExportedPlay]) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml +=
            "<plays username=\"\" userid=\"0\" total=\"\(plays.count)\" page=\"1\" termsofuse=\"https://boardgamegeek.com/xmlapi/termsofuse\">\n"
        for play in plays {
            xml +=
                "\t<play"
                + attributes([
                    ("id", play.id), ("date", play.date.day), ("quantity", "\(play.quantity)"),
                    ("length", "\(play.durationMinutes ?? 0)"), ("incomplete", play.isIncomplete ? "1" : "0"),
                    ("nowinstats", play.isDraft ? "1" : "0"), ("location", play.location ?? ""),
                ]) + ">\n"
            xml +=
                "\t\t<item"
                + attributes([("name", play.boardgame), ("objecttype", "thing"), ("objectid", "\(play.bggID ?? 0)")])
                + ">\n"
            xml += "\t\t\t<subtypes>\n\t\t\t\t<subtype value=\"boardgame\" />\n\t\t\t</subtypes>\n\t\t</item>\n"
            if !play.comments.isEmpty {
                xml += "\t\t<comments>\(XMLText.escaped(play.comments, inAttribute: false))</comments>\n"
            }
            if !play.players.isEmpty {
                xml += "\t\t<players>\n"
                for player in play.players {
                    // No username: game files do not keep one (docs/EXPORT.md).
                    xml +=
                        "\t\t\t<player"
                        + attributes([
                            ("username", ""), ("userid", "0"), ("name", player.name),
                            ("startposition", player.startPosition.map(String.init) ?? ""), ("color", ""),
                            ("score", player.score.map(String.init) ?? ""), ("new", "0"), ("rating", "0"),
                            ("win", player.won ? "1" : "0"),
                        ]) + " />\n"
                }
                xml += "\t\t</players>\n"
            }
            xml += "\t</play>\n"
        }
        return xml + "</plays>\n"
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0)=\"\(XMLText.escaped($1))\"" }.joined()
    }
}

/// User text in XML, as character data or in a double-quoted attribute: the five markup
/// characters as entities, line breaks and tabs in an attribute as character references (they
/// would otherwise be read as spaces), and characters XML 1.0 cannot hold at all (most control
/// characters, U+FFFE, U+FFFF) dropped, as the importer drops control characters anyway.
enum XMLText {
    /// `inAttribute: false`: character data, where a line break may stay one (easier to read).
    static func escaped(_ text: String, inAttribute: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"  // also breaks up `]]>`, which character data may not hold
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += inAttribute ? "&#10;" : "\n"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            default:
                let value = scalar.value
                if (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000 {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
