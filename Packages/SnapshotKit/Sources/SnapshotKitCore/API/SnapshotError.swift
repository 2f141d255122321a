/// What can go wrong around a snapshot besides a mismatch; each says what to do.
public enum SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidRedaction(pattern: String)
    case packageRootNotFound(from: String)
    case invalidRecordMode(String)
    /// A stored text reference holds bytes that are not UTF-8 (first one at `byte`).
    case referenceNotUTF8(byte: Int)
    /// A file tree path that would not be read back as itself (absolute, empty parts, `..`).
    case invalidTreePath(String)
    /// Two names in a folder that differ in bytes but are the same text to Swift.
    case equivalentTreePaths(String, String)
    /// Something in a folder snapshot that is not a regular file or a folder.
    case unsupportedTreeEntry(String)
    /// A value `.json` would write in hash order (a Set, a dictionary JSON writes as an array).
    case unorderedJSON(String)
    /// A reference path that holds something other than a regular file, or can't be read.
    case unreadableReference(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidRedaction(let pattern):
            "Invalid redaction pattern \(pattern): fix the regular expression."
        case .packageRootNotFound(let path):
            "No Package.swift found above \(path): snapshots live in __Snapshots__ at the package root."
        case .invalidRecordMode(let value):
            "SNAPSHOT_RECORD=\(value) is not a record mode: use missing, all, failed or never."
        case .referenceNotUTF8(let byte):
            "the stored reference is not valid UTF-8 (byte \(byte) is the first invalid one), so it is not compared as text: restore it from version control, or delete it and record it again."
        case .invalidTreePath(let path):
            "file tree path \"\(path)\" can't be stored and read back: use a relative path without empty, \".\" or \"..\" parts."
        case .equivalentTreePaths(let a, let b):
            "file tree paths \"\(a)\" and \"\(b)\" are the same text in different Unicode forms (NFC/NFD): give the files distinct names."
        case .unorderedJSON(let what):
            ".json can't snapshot \(what) stably: JSONEncoder writes a Set, and a dictionary whose keys are not String or Int, in hash order, which changes between runs. Snapshot a sorted array instead (for example tags.sorted()), key the dictionary by String, or use .dump, which sorts."
        case .unreadableReference(let path, let reason):
            "\(path) can't be read as a reference: \(reason). Move it away (or fix its permissions), then run the test again."
        case .unsupportedTreeEntry(let path):
            "\(path) is neither a regular file nor a folder (a symbolic link, say): folder snapshots compare regular files only, so snapshot its target instead."
        }
    }
}
