public import GameDomain

/// What the reload channel tells open pages: the only two kinds of event it carries.
public enum ReloadEvent: Sendable, Hashable {
    /// A build was published; `build` numbers the published sites of this session from 1.
    case reload(build: Int)
    /// The last build failed; the published site is the last good one.
    case error([Diagnostic])

    /// At most this many diagnostics travel to the page; the rest are counted.
    static let maxDiagnostics = 50

    /// The event as a Server-Sent Events frame. The data is one line of JSON in which every
    /// character that could end the line, the field or the event, or mean markup, is escaped,
    /// so no text from a game file can add an event or a field.
    public var frame: String {
        switch self {
        case .reload(let build):
            return "event: reload\ndata: {\"build\":\(build)}\n\n"
        case .error(let diagnostics):
            let shown = diagnostics.prefix(Self.maxDiagnostics).map { diagnostic in
                var fields = ["\"path\":" + JSONText.string(diagnostic.path)]
                if let location = diagnostic.location {
                    fields.append("\"line\":\(location.line),\"column\":\(location.column)")
                }
                fields.append("\"message\":" + JSONText.string(diagnostic.message))
                if let hint = diagnostic.hint { fields.append("\"hint\":" + JSONText.string(hint)) }
                return "{" + fields.joined(separator: ",") + "}"
            }
            let more = diagnostics.count - shown.count
            return "event: error\ndata: {\"diagnostics\":[\(shown.joined(separator: ","))],\"more\":\(more)}\n\n"
        }
    }
}

/// JSON string literals that are safe inside an SSE data line and inside HTML.
enum JSONText {
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", ">", "&", "'", "\u{2028}", "\u{2029}", "\u{7F}":
                out += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 { out += unicodeEscape(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
