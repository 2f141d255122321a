import Foundation

/// When references are written.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write a reference that does not exist yet; compare the others. The local default.
    case missing
    /// Rewrite every reference that does not match, record missing ones; the test passes with
    /// a note. Matching references are left untouched (no churn in version control).
    case all
    /// Rewrite references that do not match (the test still fails once).
    case failed
    /// Write no reference; a missing one fails. The default on CI.
    case never

    /// `SNAPSHOT_RECORD`, else `never` on CI (`CI`, `GITHUB_ACTIONS` or `TF_BUILD` set and not
    /// `false`/`0`), else `missing`.
    public static func fromEnvironment(_ environment: [String: String]) throws -> RecordMode {
        if let value = environment["SNAPSHOT_RECORD"], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else { throw SnapshotError.invalidRecordMode(value) }
            return mode
        }
        return isCI(environment) ? .never : .missing
    }

    /// The mode an assertion uses: the one its code sets (`record:` or a trait), else the
    /// environment's. On CI, a mode set in code never records unless `SNAPSHOT_RECORD` says so
    /// too: a `record: .all` left in a test must not make CI pass by writing references.
    public static func resolve(_ fromCode: RecordMode?, environment: [String: String]) throws -> RecordMode {
        guard let fromCode else { return try fromEnvironment(environment) }
        if fromCode != .never, isCI(environment), environment["SNAPSHOT_RECORD"]?.isEmpty ?? true { return .never }
        return fromCode
    }

    /// Just the variables above, read with getenv: building the whole environment dictionary
    /// on every assertion would dominate the cost of a matching snapshot.
    package static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["SNAPSHOT_RECORD", "CI", "GITHUB_ACTIONS", "TF_BUILD"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    public static func isCI(_ environment: [String: String]) -> Bool {
        ["CI", "GITHUB_ACTIONS", "TF_BUILD"].contains { name in
            guard let value = environment[name] else { return false }
            return !["false", "0"].contains(value.lowercased())
        }
    }
}
