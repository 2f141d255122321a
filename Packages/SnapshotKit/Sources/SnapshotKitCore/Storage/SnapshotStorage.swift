import Foundation

/// How a reference is kept on disk: one plain file, or a directory of plain files.
struct SnapshotStorage<Format>: Sendable {
    enum Comparison {
        case missing
        case identical
        case different(reference: Format)
    }

    let isDirectory: Bool
    /// Reads the reference at `url` and checks cheap exact equality before any diffing.
    let compare: @Sendable (_ actual: Format, _ path: String) throws -> Comparison
    let write: @Sendable (_ value: Format, _ path: String) throws -> Void

    static func file(_ diffing: Diffing<Format>) -> SnapshotStorage {
        SnapshotStorage(
            isDirectory: false,
            compare: { actual, path in
                // Text is compared from its own storage: no `Data` is made for a match.
                if let withBytes = diffing.withBytes {
                    if withBytes(actual, { FileSystem.holds(path, exactly: $0) }) { return .identical }
                    guard let data = try FileSystem.readIfPresent(path) else { return .missing }
                    if data == diffing.toData(actual) { return .identical }
                    return .different(reference: try diffing.fromData(data))
                }
                let expected = diffing.toData(actual)
                switch try FileSystem.read(path, unlessEqualTo: expected) {
                case .missing:
                    return .missing
                case .equal:
                    return .identical
                case .contents(let data):
                    if data == expected { return .identical }
                    return .different(reference: try diffing.fromData(data))
                }
            },
            write: { value, path in
                let data = diffing.toData(value)
                // Usually the folder exists: try the write first. Replaced in one rename, so a
                // reference re-recorded is never seen (or left, by a kill) half written.
                do {
                    try FileSystem.replaceFile(with: data, atPath: path)
                } catch {
                    try FileManager.default.createDirectory(
                        at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
                    try FileSystem.replaceFile(with: data, atPath: path)
                }
            }
        )
    }
}

extension SnapshotStorage where Format == FileTree {
    static var directory: SnapshotStorage {
        SnapshotStorage(
            isDirectory: true,
            compare: { actual, path in
                let url = URL(fileURLWithPath: path)
                guard FileSystem.isDirectory(url) else { return .missing }
                let reference = try FileTree(contentsOf: url)
                return reference == actual ? .identical : .different(reference: reference)
            },
            write: { value, path in
                try FileSystem.replaceItem(at: URL(fileURLWithPath: path)) { try value.write(to: $0) }
            }
        )
    }
}
