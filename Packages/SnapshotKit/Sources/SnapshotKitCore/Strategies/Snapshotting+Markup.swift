extension Snapshotting where Value == String, Format == String {
    /// An HTML page or fragment, normalized (one element per line, attributes sorted) and stored
    /// as a plain `.html` file that opens in a browser.
    public static var html: Snapshotting { htmlStrategy }

    /// An SVG image, normalized as XML the same way and stored as a plain `.svg` file.
    public static var svg: Snapshotting { svgStrategy }
}

/// `Snapshotting.html` and `.svg`, made once, as `.lines` is.
private let htmlStrategy = Snapshotting<String, String>(pathExtension: "html", diffing: .lines) {
    MarkupNormalizer.normalize($0, dialect: .html)
}
private let svgStrategy = Snapshotting<String, String>(pathExtension: "svg", diffing: .lines) {
    MarkupNormalizer.normalize($0, dialect: .xml)
}
