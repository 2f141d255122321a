import Foundation

/// Replaces volatile parts of a snapshot (dates, versions, absolute paths) with a placeholder
/// before it is compared and stored, so references stay stable.
public struct Redaction: Sendable, Hashable {
    /// A regular expression (NSRegularExpression syntax).
    public var pattern: String
    /// The replacement; `$1` and friends refer to capture groups.
    public var placeholder: String

    public init(_ pattern: String, with placeholder: String) {
        self.pattern = pattern
        self.placeholder = placeholder
    }

    /// ISO 8601 dates and date-times: `2026-11-21`, `2026-11-21T21:57:25.123Z`.
    public static let dates = Redaction(
        #"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"#, with: "<DATE>")

    /// Semantic versions: `1.19.7`, `v2.0.0-beta.1+build.5`.
    public static let versions = Redaction(
        #"\bv?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?\b"#, with: "<VERSION>")

    /// UUIDs in any case.
    public static let uuids = Redaction(
        #"\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b"#, with: "<UUID>")

    /// A literal path (a checkout or temporary folder, say), wherever it appears.
    public static func path(_ path: String, as placeholder: String = "<PATH>") -> Redaction {
        Redaction(
            NSRegularExpression.escapedPattern(for: path),
            with: NSRegularExpression.escapedTemplate(for: placeholder))
    }

    public func apply(to text: String) throws -> String {
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            throw SnapshotError.invalidRedaction(pattern: pattern)
        }
        let range = NSRange(text.startIndex..., in: text)
        return expression.stringByReplacingMatches(in: text, range: range, withTemplate: placeholder)
    }
}

extension Snapshotting where Format == String {
    /// The same strategy with `redactions` applied, in order, before comparing and storing.
    public func redacting(_ redactions: Redaction...) -> Snapshotting {
        map { text in try redactions.reduce(text) { try $1.apply(to: $0) } }
    }
}

extension Snapshotting where Format == FileTree {
    /// The same strategy with `redactions` applied to every UTF-8 text file.
    public func redacting(_ redactions: Redaction...) -> Snapshotting {
        map { tree in try tree.mapText { text in try redactions.reduce(text) { try $1.apply(to: $0) } } }
    }
}
