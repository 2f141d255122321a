import Foundation
import Testing

/// A built site's `nights.ics` and JSON-LD as real parsers read them (icalendar and pyld, through
/// `scripts/site-checks/read_site_data.py`), for tests to compare with the games.
struct SiteDataReader: Decodable {
    struct Event: Decodable {
        var uid: String, dtstamp: String, dtstart: String, summary: String, description: String
        var url: String?
    }

    struct Calendar: Decodable {
        var name: String, version: String
        var events: [Event]
    }

    struct Page: Decodable {
        /// The page's JSON-LD documents as JSON, and as pyld expanded them.
        var json: [JSONValue]
        var expanded: [JSONValue]
    }

    var calendar: Calendar?
    /// By path, the pages that carry JSON-LD.
    var pages: [String: Page]
    /// What the parsers refused, or the raw lines broke (CRLF, 75 octets, UTF-8).
    var problems: [String]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs the reader on `site`; `make python-checks` (part of `make test`) installs its Python
    /// packages in `.build/python-checks`, else `python3` must have them.
    static func read(_ site: URL) throws -> SiteDataReader {
        let venv = root.appendingPathComponent(".build/python-checks/bin/python3")
        let python = FileManager.default.isExecutableFile(atPath: venv.path) ? venv.path : "python3"
        let (status, data, message) = try runTool([
            python, root.appendingPathComponent("scripts/site-checks/read_site_data.py").path, site.path,
        ])
        try #require(status != 3, "\(message)")
        try #require(!data.isEmpty, "the reader printed nothing: \(message)")
        return try JSONDecoder().decode(SiteDataReader.self, from: data)
    }
}

/// Any JSON value, to look into what pyld expanded.
enum JSONValue: Decodable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// The values of an expanded property: a list of value or node objects.
    var list: [JSONValue] { if case .array(let values) = self { values } else { [self] } }

    /// `@value` of an expanded value object, or the string itself.
    var text: String? {
        switch self {
        case .string(let text): text
        case .object: self["@value"]?.text
        case .array(let values): values.first?.text
        default: nil
        }
    }
}
