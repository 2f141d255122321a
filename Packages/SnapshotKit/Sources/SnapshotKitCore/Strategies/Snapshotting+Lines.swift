extension Snapshotting where Value == String, Format == String {
    /// Text, compared line by line and stored as a `.txt` file.
    public static var lines: Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines)
    }
}
