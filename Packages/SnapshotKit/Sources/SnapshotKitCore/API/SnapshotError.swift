/// What can go wrong around a snapshot besides a mismatch; each says what to do.
public enum SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidRedaction(pattern: String)
    case packageRootNotFound(from: String)
    case invalidRecordMode(String)

    public var description: String {
        switch self {
        case .invalidRedaction(let pattern):
            "Invalid redaction pattern \(pattern): fix the regular expression."
        case .packageRootNotFound(let path):
            "No Package.swift found above \(path): snapshots live in __Snapshots__ at the package root."
        case .invalidRecordMode(let value):
            "SNAPSHOT_RECORD=\(value) is not a record mode: use missing, all, failed or never."
        }
    }
}
