extension Snapshotting where Value == String, Format == String {
    /// Text, compared line by line and stored as a `.txt` file.
    public static var lines: Snapshotting { linesStrategy }
}

/// `Snapshotting.lines`, made once: asked for at every assertion that passes `as: .lines`.
private let linesStrategy = Snapshotting<String, String>(pathExtension: "txt", diffing: .lines)
