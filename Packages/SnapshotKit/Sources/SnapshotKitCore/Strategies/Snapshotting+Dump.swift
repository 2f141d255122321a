extension Snapshotting where Format == String {
    /// A readable structural dump of any value (see `Dump`), stored as `.txt`.
    public static var dump: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { Dump.render($0) }
    }
}
