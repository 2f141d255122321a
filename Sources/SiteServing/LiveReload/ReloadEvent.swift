public import GameDomain
import SiteRendering

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
    /// so no text from a game file can add an event or a field (`Escape.scriptJSON`, as the
    /// pages' JSON-LD).
    public var frame: String {
        switch self {
        case .reload(let build):
            return "event: reload\ndata: {\"build\":\(build)}\n\n"
        case .error(let diagnostics):
            let shown = diagnostics.prefix(Self.maxDiagnostics).map { diagnostic in
                var fields = ["\"path\":" + Escape.scriptJSON(diagnostic.path)]
                if let location = diagnostic.location {
                    fields.append("\"line\":\(location.line),\"column\":\(location.column)")
                }
                fields.append("\"message\":" + Escape.scriptJSON(diagnostic.message))
                if let hint = diagnostic.hint { fields.append("\"hint\":" + Escape.scriptJSON(hint)) }
                return "{" + fields.joined(separator: ",") + "}"
            }
            let more = diagnostics.count - shown.count
            return "event: error\ndata: {\"diagnostics\":[\(shown.joined(separator: ","))],\"more\":\(more)}\n\n"
        }
    }
}
