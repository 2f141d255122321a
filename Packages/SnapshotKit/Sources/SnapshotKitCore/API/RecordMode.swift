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

    /// `SNAPSHOT_RECORD`, else `never` on CI (see `isCI`), else `missing`.
    public static func fromEnvironment(_ environment: [String: String]) throws -> RecordMode {
        if let value = environment["SNAPSHOT_RECORD"], !value.isEmpty {
            guard let mode = RecordMode(rawValue: value.lowercased()) else {
                throw SnapshotError.invalidRecordMode(value)
            }
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

    /// Just the variables above, read once per process: reading them on every assertion
    /// would dominate the cost of a matching snapshot.
    package static func processEnvironment() -> [String: String] { cachedEnvironment }

    private static let cachedEnvironment: [String: String] = {
        var environment: [String: String] = [:]
        for name in ["SNAPSHOT_RECORD"] + ciVariables {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }()

    /// Variables CI services set (ci-info's list of vendors, and the generic ones it checks):
    /// any of them set (even empty) and not `false` or `0` means CI. A missed service would let a
    /// retried CI run pass by recording, so the list errs on the side of CI.
    public static let ciVariables = [
        "CI", "CONTINUOUS_INTEGRATION", "BUILD_NUMBER", "BUILD_ID", "RUN_ID", "CI_NAME", "CI_APP_ID", "CI_BUILD_ID",
        "CI_BUILD_NUMBER", "AC_APPCIRCLE", "APPCENTER_BUILD_ID", "APPVEYOR", "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI",
        "TF_BUILD",
        "bamboo_planKey", "BITBUCKET_COMMIT", "BITBUCKET_BUILD_NUMBER", "BITRISE_IO", "BUDDY_WORKSPACE_ID", "BUILDKITE",
        "CIRCLECI", "CIRRUS_CI", "CODEBUILD_BUILD_ARN", "CODEBUILD_BUILD_ID", "CF_BUILD_ID", "CM_BUILD_ID", "DRONE",
        "DSARI", "EARTHLY_CI", "EAS_BUILD", "GERRIT_PROJECT", "GITEA_ACTIONS", "GITHUB_ACTIONS", "GITLAB_CI",
        "GO_PIPELINE_LABEL", "BUILDER_OUTPUT", "HARNESS_BUILD_ID", "HUDSON_URL", "JENKINS_URL", "LAYERCI", "MAGNUM",
        "NETLIFY", "NEVERCODE", "PROW_JOB_ID", "RELEASE_BUILD_ID", "RENDER", "SAILCI", "SCREWDRIVER", "SEMAPHORE",
        "SHIPPABLE", "TDDIUM", "STRIDER", "TASK_ID", "TEAMCITY_VERSION", "TRAVIS", "VELA", "NOW_BUILDER", "VERCEL",
        "CI_XCODE_PROJECT", "XCS", "WOODPECKER",
    ]

    public static func isCI(_ environment: [String: String]) -> Bool {
        ciVariables.contains { name in
            guard let value = environment[name] else { return false }
            return !["false", "0"].contains(value.lowercased())
        }
    }
}
