/// The result of checking one snapshot, before anyone reports it.
public struct SnapshotOutcome: Sendable, Equatable {
    /// Why the assertion fails; nil when it passes.
    public var failure: String?
    /// Something worth telling even though the assertion passes ("recorded a new reference").
    public var note: String?
    public var attachments: [SnapshotAttachment]
    /// The reference this assertion used, when one could be worked out.
    public var location: SnapshotLocation?

    public init(
        failure: String? = nil, note: String? = nil, attachments: [SnapshotAttachment] = [],
        location: SnapshotLocation? = nil
    ) {
        self.failure = failure
        self.note = note
        self.attachments = attachments
        self.location = location
    }
}

/// Where the assertion was written, for messages and for telling two call sites apart.
public struct CallSite: Sendable, Equatable, CustomStringConvertible {
    public var fileID: String
    public var filePath: String
    public var line: Int
    public var column: Int

    public init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    public var description: String { "\(fileID):\(line):\(column)" }

    /// Whether both have the same `description` (it tells its three parts apart), found without
    /// building it: two sites are compared at every assertion.
    func isSameSite(as other: CallSite) -> Bool {
        line == other.line && column == other.column && fileID == other.fileID
    }
}
