import Foundation

/// One static HTML page showing every pending snapshot: reference and actual side by side
/// (rendered for HTML and SVG) and the text diff.
public enum ReviewPage {
    public static func render(_ folder: SnapshotFolder) throws -> String {
        let pending = folder.pending()
        var sections: [String] = []
        for location in pending {
            let difference = try SnapshotComparison.diff(
                pending: location, limits: DiffContext(maxLines: 400, maxBytes: 64_000))
            sections.append(section(location, difference))
        }
        let body = sections.isEmpty ? "<p>Nothing pending.</p>" : sections.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Pending snapshots (\(pending.count))</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 2rem; }
            section { border-top: 1px solid #ccc; padding-top: 1rem; margin-top: 2rem; }
            .sides { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
            .sides > div { min-width: 0; }
            iframe { width: 100%; min-height: 20rem; border: 1px solid #ccc; background: #fff; }
            img { max-width: 100%; border: 1px solid #ccc; background: #fff; }
            pre { overflow: auto; background: #f6f6f6; padding: .5rem; max-height: 40rem; }
            .add { background: #dfd; } .del { background: #fdd; } .hunk { color: #06c; }
            code { background: #eee; padding: 0 .2rem; }
            </style>
            </head>
            <body>
            <h1>Pending snapshots (\(pending.count))</h1>
            <p>Accept with <code>swift run snapshots accept PATH</code>, reject with <code>swift run snapshots reject PATH</code>.</p>
            \(body)
            </body>
            </html>

            """
    }

    private static func section(_ location: SnapshotLocation, _ difference: SnapshotDifference?) -> String {
        let path = location.relativePath
        var html = "<section>\n<h2>\(path.htmlEscaped)</h2>\n"
        html +=
            "<p>\((difference?.summary ?? "no difference").htmlEscaped) &middot; <code>swift run snapshots accept \(path.htmlEscaped)</code></p>\n"
        if !FileSystem.isDirectory(location.pending) {
            html += "<div class=\"sides\">\n"
            html += "<div><h3>Reference</h3>\n\(preview(location.reference, path: path))</div>\n"
            html += "<div><h3>Actual</h3>\n\(preview(location.pending, path: path))</div>\n"
            html += "</div>\n"
        }
        if let difference { html += "<h3>Diff</h3>\n<pre>\(colored(difference.message))</pre>\n" }
        return html + "</section>"
    }

    /// Text previews and rendered pages beyond this show their start only; images beyond it
    /// are not embedded. The page stays small however large the snapshots.
    static let previewBytes = 256 * 1024

    private static let imageTypes = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml",
    ]

    private static func preview(_ url: URL, path: String) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else { return "<p>(none)</p>" }
        let ext = (path as NSString).pathExtension.lowercased()
        if let type = imageTypes[ext] {
            guard data.count <= previewBytes * 4 else {
                return "<p>Image of \(data.count) bytes, too large to embed: <code>\(url.path.htmlEscaped)</code></p>"
            }
            return "<img alt=\"\(path.htmlEscaped)\" src=\"data:\(type);base64,\(data.base64EncodedString())\">"
        }
        guard let text = UTF8Text.decode(data) else {
            return "<p>Binary, \(data.count) bytes: <code>\(url.path.htmlEscaped)</code></p>"
        }
        let shown =
            text.utf8.count > previewBytes ? String(decoding: text.utf8.prefix(previewBytes), as: UTF8.self) : text
        let cut =
            shown.utf8.count < text.utf8.count
            ? "<p>First \(shown.utf8.count) of \(text.utf8.count) bytes; the whole file: <code>\(url.path.htmlEscaped)</code></p>\n"
            : ""
        if (ext == "html" || ext == "htm") && cut.isEmpty {
            return "<iframe sandbox srcdoc=\"\(text.htmlEscaped)\"></iframe>"
        }
        return cut + "<pre>\(shown.htmlEscaped)</pre>"
    }

    private static func colored(_ diff: String) -> String {
        diff.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let escaped = String(line).htmlEscaped
            if line.hasPrefix("+++") || line.hasPrefix("---") { return "<b>\(escaped)</b>" }
            if line.hasPrefix("@@") { return "<span class=\"hunk\">\(escaped)</span>" }
            if line.hasPrefix("+") { return "<span class=\"add\">\(escaped)</span>" }
            if line.hasPrefix("-") { return "<span class=\"del\">\(escaped)</span>" }
            return escaped
        }.joined(separator: "\n")
    }
}
