import Foundation

// SendableMetatype: the strategy is a Sendable value whose closure uses `Value`'s conformance.
extension Snapshotting where Value: Encodable & SendableMetatype, Format == String {
    /// Any `Encodable`, as pretty-printed JSON with sorted keys.
    public static var json: Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .lines) { value in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
        }
    }
}
