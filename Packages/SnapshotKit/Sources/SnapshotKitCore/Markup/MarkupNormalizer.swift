/// Which markup rules apply: HTML (case-insensitive names, void elements) or XML (SVG).
public enum MarkupDialect: Sendable {
    case html, xml

    var rawTextElements: Set<String> {
        self == .html ? ["script", "style", "pre", "textarea"] : []
    }

    var voidElements: Set<String> {
        self == .html
            ? ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
            : []
    }

    /// HTML elements a browser lays out as blocks (or not at all, in `head`): whitespace next to
    /// their tags never shows. Every other element is inline, where it does.
    static let htmlBlocks: Set<String> = [
        "html", "head", "body", "title", "meta", "link", "base",
        "address", "article", "aside", "blockquote", "details", "dialog", "dd", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
        "header", "hgroup", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary",
        "table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "td", "th", "ul", "legend",
    ]

    /// Whether `name`, opened or closed inside `ancestors`, starts a line of its own.
    func isBlock(_ name: String, inside ancestors: [String]) -> Bool {
        switch self {
        case .html: Self.htmlBlocks.contains(name) || ancestors.contains("head")
        // SVG shows whitespace only inside text elements.
        case .xml: !ancestors.contains("text")
        }
    }

    func tagName(_ name: String) -> String { self == .html ? name.lowercased() : name }
    func attributeName(_ name: String) -> String { self == .html ? name.lowercased() : name }
}

/// Rewrites markup so line diffs are stable and small: one block element per line, indented
/// by depth, attributes sorted by name and double-quoted. Whitespace is dropped only where a
/// browser ignores it (between blocks, at their edges); inside inline content every run of it
/// becomes one space, so `Hello <b>world</b>` and `Hello<b>world</b>` stay different.
/// The result is still valid markup, so a stored reference opens in a browser.
public enum MarkupNormalizer {
    public static func normalize(_ text: String, dialect: MarkupDialect) -> String {
        var tokenizer = MarkupTokenizer(text, dialect: dialect)
        var writer = MarkupWriter(dialect: dialect)
        for token in tokenizer.tokens() { writer.add(token) }
        return writer.finish()
    }
}

/// Lays out tokens: block tags on lines of their own, inline content gathered into one line.
private struct MarkupWriter {
    enum Kind { case open(String), close, content }
    struct Line { var depth: Int; var text: String; var kind: Kind }

    let dialect: MarkupDialect
    var lines: [Line] = []
    var depth = 0
    var open: [String] = []
    /// The inline run being gathered: markup kept as is, text with whitespace runs as " ".
    var run = ""
    /// Whether `run` ends in a space that came from text (dropped at a block edge; raw
    /// content such as `<pre>`'s is never trimmed).
    var trailingSpace = false

    init(dialect: MarkupDialect) { self.dialect = dialect }

    mutating func add(_ token: MarkupToken) {
        switch token {
        case .start(let name, let attributes, let selfClosing):
            let tag = startTag(name, attributes, selfClosing: selfClosing)
            let opens = !selfClosing && !dialect.voidElements.contains(name)
            if dialect.isBlock(name, inside: open) {
                flush()
                lines.append(Line(depth: depth, text: tag, kind: opens ? .open(name) : .close))
                if opens { depth += 1 }
            } else {
                append(tag)
            }
            if opens { open.append(name) }
        case .end(let name):
            if let index = open.lastIndex(of: name) { open.removeSubrange(index...) }
            if dialect.isBlock(name, inside: open) {
                flush()
                depth = max(depth - 1, 0)
                close(name)
            } else {
                append("</\(name)>")
            }
        case .text(let text):
            appendText(text)
        case .verbatim(let text), .raw(let text):
            append(text)
        }
    }

    mutating func finish() -> String {
        flush()
        let text = lines.map { String(repeating: "  ", count: $0.depth) + $0.text }.joined(separator: "\n")
        return text + (lines.isEmpty ? "" : "\n")
    }

    /// `<p>` and its one line of inline content close on a single line: `<p>Hi <b>you</b></p>`.
    private mutating func close(_ name: String) {
        let end = "</\(name)>"
        if let last = lines.last, case .open(name) = last.kind, last.depth == depth {
            lines[lines.count - 1] = Line(depth: depth, text: last.text + end, kind: .close)
        } else if lines.count >= 2, case .content = lines[lines.count - 1].kind,
                  case .open(name) = lines[lines.count - 2].kind, lines[lines.count - 2].depth == depth {
            let content = lines.removeLast()
            lines[lines.count - 1] = Line(depth: depth, text: lines[lines.count - 1].text + content.text + end, kind: .close)
        } else {
            lines.append(Line(depth: depth, text: end, kind: .close))
        }
    }

    private mutating func append(_ markup: String) {
        run += markup
        trailingSpace = false
    }

    private mutating func appendText(_ text: String) {
        var space = false
        for character in text {
            if character.isASCII && character.isWhitespace {
                space = true
                continue
            }
            if space && !run.isEmpty && !trailingSpace { run += " " }
            space = false
            trailingSpace = false
            run.append(character)
        }
        if space && !run.isEmpty && !trailingSpace {
            run += " "
            trailingSpace = true
        }
    }

    /// Ends the inline run; its edges touch a block, where whitespace doesn't show.
    private mutating func flush() {
        defer { run = ""; trailingSpace = false }
        if trailingSpace { run.removeLast() }
        if !run.isEmpty { lines.append(Line(depth: depth, text: run, kind: .content)) }
    }

    private func startTag(_ name: String, _ attributes: [MarkupAttribute], selfClosing: Bool) -> String {
        var tag = "<" + name
        for attribute in attributes.sorted(by: { $0.name < $1.name }) {
            tag += " " + attribute.name
            if let value = attribute.value { tag += "=\"\(value)\"" }
        }
        if selfClosing && !dialect.voidElements.contains(name) { tag += "/" }
        return tag + ">"
    }
}
