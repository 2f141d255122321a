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

    /// Just the variables above, read with getenv: building the whole environment dictionary
    /// on every assertion would dominate the cost of a matching snapshot.
    static func processEnvironment() -> [String: String] {
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
