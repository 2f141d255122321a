import Foundation

/// How a reference is kept on disk: one plain file, or a directory of plain files.
struct SnapshotStorage<Format>: Sendable {
    enum Comparison {
        case missing
        case identical
        /// `data`: the reference's bytes as read, for a file (nil for a folder).
        case different(reference: Format, data: Data?)
    }

    let isDirectory: Bool
    /// Reads the reference at `url` and checks cheap exact equality before any diffing.
    let compare: @Sendable (_ actual: Format, _ path: String) throws -> Comparison
    let write: @Sendable (_ value: Format, _ path: String) throws -> Void

    static func file(_ diffing: Diffing<Format>) -> SnapshotStorage {
        SnapshotStorage(
            isDirectory: false,
            compare: { actual, path in
                // Read once: compared in place with the value's bytes (text: its own storage,
                // with no `Data` made for a match), or kept for the failure's attachment.
                let found: FileSystem.ReadResult
                if let withBytes = diffing.withBytes {
                    var result: Result<FileSystem.ReadResult, any Error> = .success(.missing)
                    _ = withBytes(actual) { bytes in
                        result = Result { try FileSystem.read(path, unlessEqualTo: bytes) }
                        return true
                    }
                    found = try result.get()
                } else {
                    found = try FileSystem.read(path, unlessEqualTo: diffing.toData(actual))
                }
                switch found {
                case .missing:
                    return .missing
                case .equal:
                    return .identical
                case .contents(let data):
                    return .different(reference: try diffing.fromData(data), data: data)
                }
            },
            write: { value, path in
                try FileSystem.replaceFileCreatingFolder(with: diffing.toData(value), atPath: path)
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
                return reference == actual ? .identical : .different(reference: reference, data: nil)
            },
            write: { value, path in
                try FileSystem.replaceItem(at: URL(fileURLWithPath: path)) { try value.write(to: $0) }
            }
        )
    }
}
