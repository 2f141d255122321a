public import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when the
/// value goes: every test target makes its folders this one way.
public struct TemporaryFolder: ~Copyable, Sendable {
    public let url: URL
    public var path: String { url.path }

    /// `label` names the folder (`gamenight-LABEL-UUID`), so a leftover says which tests made it.
    public init(_ label: String = "tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gamenight-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` at `relativePath`, making the folders on the way.
    public func write(_ relativePath: String, _ text: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
