extension Snapshotting where Value == String, Format == String {
    /// An HTML page or fragment, normalized (one element per line, attributes sorted) and stored
    /// as a plain `.html` file that opens in a browser.
    public static var html: Snapshotting {
        Snapshotting(pathExtension: "html", diffing: .lines) {
            MarkupNormalizer.normalize($0, dialect: .html)
        }
    }

    /// An SVG image, normalized as XML the same way and stored as a plain `.svg` file.
    public static var svg: Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines) {
            MarkupNormalizer.normalize($0, dialect: .xml)
        }
    }
}
