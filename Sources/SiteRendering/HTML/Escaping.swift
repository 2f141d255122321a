/// The one place where text becomes markup-safe. Everything user-supplied goes through here
/// (or through Mustache's `{{…}}`, which escapes the same five characters).
public enum Escape {
    /// Text safe in HTML and XML content and in quoted attribute values. Characters that are not
    /// allowed in XML at all (NUL and other C0 controls, lone surrogates cannot occur in Swift
    /// strings) are replaced with U+FFFD so that SVG and feeds stay well-formed.
    public static func markup(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
