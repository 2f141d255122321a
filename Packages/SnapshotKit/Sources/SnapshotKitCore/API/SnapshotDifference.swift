public import Foundation

/// What a `Diffing` found: a message for people (a unified diff for text) and files to attach.
public struct SnapshotDifference: Sendable, Equatable {
    /// The one-line change summary, for example "3 lines changed, 1 added".
    public var summary: String
    /// The full explanation; for text, a unified diff that `git apply` and `patch` accept.
    public var message: String
    public var attachments: [SnapshotAttachment]

    public init(summary: String, message: String, attachments: [SnapshotAttachment] = []) {
        self.summary = summary
        self.message = message
        self.attachments = attachments
    }
}

/// A named blob attached to a failure (the test runner may keep it as an artifact).
public struct SnapshotAttachment: Sendable, Equatable {
    public var name: String
    public var data: Data

    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}
