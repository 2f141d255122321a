import Foundation

// SendableMetatype: the strategy is a Sendable value whose closure uses `Value`'s conformance.
extension Snapshotting where Value: Encodable & SendableMetatype, Format == String {
    /// Any `Encodable`, as pretty-printed JSON with sorted keys. A Set, or a dictionary whose
    /// keys are not strings or integers (JSONEncoder writes it as an array), with more than one
    /// element is refused: JSONEncoder writes those in hash order, which changes between
    /// processes.
    public static var json: Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .lines) { value in
            if let path = UnorderedContainer.find(in: value) { throw SnapshotError.unorderedJSON(path) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        }
    }
}

/// Finds, by reflection, a container whose encoding would follow hash order.
enum UnorderedContainer {
    /// A description of the first one ("tags: Set<String>"), or nil when there is none.
    static func find(in value: Any, path: String = "the value", depth: Int = 0) -> String? {
        guard depth < 64 else { return nil }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .set where mirror.children.count > 1:
            return "\(path): \(type(of: value))"
        case .dictionary where mirror.children.count > 1:
            let keys = mirror.children.compactMap { Mirror(reflecting: $0.value).children.first?.value }
            if !keys.allSatisfy({ $0 is String || $0 is Int || $0 is any CodingKeyRepresentable }) {
                return "\(path): \(type(of: value))"
            }
        default:
            break
        }
        for (index, child) in mirror.children.enumerated() {
            let name = child.label.map { path == "the value" ? $0 : "\(path).\($0)" } ?? "\(path)[\(index)]"
            if let found = find(in: child.value, path: name, depth: depth + 1) { return found }
        }
        return nil
    }
}
