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
    let compare: @Sendable (_ actual: Format, _ url: URL) throws -> Comparison
    let write: @Sendable (_ value: Format, _ url: URL) throws -> Void

    static func file(_ diffing: Diffing<Format>) -> SnapshotStorage {
        SnapshotStorage(
            isDirectory: false,
            compare: { actual, url in
                guard let data = FileManager.default.contents(atPath: url.path) else { return .missing }
                if data == diffing.toData(actual) { return .identical }
                return .different(reference: try diffing.fromData(data))
            },
            write: { value, url in
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try diffing.toData(value).write(to: url, options: .atomic)
            }
        )
    }
}

extension SnapshotStorage where Format == FileTree {
    static var directory: SnapshotStorage {
        SnapshotStorage(
            isDirectory: true,
            compare: { actual, url in
                guard FileSystem.isDirectory(url) else { return .missing }
                let reference = try FileTree(contentsOf: url)
                return reference == actual ? .identical : .different(reference: reference)
            },
            write: { value, url in
                try FileSystem.replaceItem(at: url) { try value.write(to: $0) }
            }
        )
    }
}
