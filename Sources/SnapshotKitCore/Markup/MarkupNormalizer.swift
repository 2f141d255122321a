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

    func tagName(_ name: String) -> String { self == .html ? name.lowercased() : name }
    func attributeName(_ name: String) -> String { self == .html ? name.lowercased() : name }
}

/// Rewrites markup so line diffs are stable and small: one element per line, indented by depth,
/// attributes sorted by name and double-quoted, runs of whitespace in text collapsed.
/// The result is still valid markup, so a stored reference opens in a browser.
public enum MarkupNormalizer {
    public static func normalize(_ text: String, dialect: MarkupDialect) -> String {
        var tokenizer = MarkupTokenizer(text, dialect: dialect)
        let tokens = tokenizer.tokens()
        var lines: [String] = []
        var depth = 0
        func indent() -> String { String(repeating: "  ", count: depth) }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token {
            case .start(let name, let attributes, let selfClosing):
                let tag = startTag(name, attributes, selfClosing: selfClosing, dialect: dialect)
                // <title>Text</title> stays on one line.
                if !selfClosing, index + 2 < tokens.count,
                   case .text(let inner) = tokens[index + 1], case .end(name) = tokens[index + 2] {
                    lines.append(indent() + tag + collapse(inner) + "</\(name)>")
                    index += 3
                    continue
                }
                if !selfClosing, index + 1 < tokens.count, case .end(name) = tokens[index + 1] {
                    lines.append(indent() + tag + "</\(name)>")
                    index += 2
                    continue
                }
                if !selfClosing, index + 2 < tokens.count,
                   case .raw(let raw) = tokens[index + 1], case .end(name) = tokens[index + 2] {
                    // Whitespace matters here (pre, script): keep it byte for byte.
                    lines.append(indent() + tag + raw + "</\(name)>")
                    index += 3
                    continue
                }
                lines.append(indent() + tag)
                if !selfClosing && !dialect.voidElements.contains(name) { depth += 1 }
            case .end(let name):
                depth = max(depth - 1, 0)
                lines.append(indent() + "</\(name)>")
            case .text(let text):
                let collapsed = collapse(text)
                if !collapsed.isEmpty { lines.append(indent() + collapsed) }
            case .verbatim(let text), .raw(let text):
                lines.append(indent() + text)
            }
            index += 1
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    private static func startTag(_ name: String, _ attributes: [MarkupAttribute], selfClosing: Bool, dialect: MarkupDialect) -> String {
        var tag = "<" + name
        for attribute in attributes.sorted(by: { $0.name < $1.name }) {
            tag += " " + attribute.name
            if let value = attribute.value { tag += "=\"\(value)\"" }
        }
        if selfClosing && !dialect.voidElements.contains(name) { tag += "/" }
        return tag + ">"
    }

    private static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" })
            .joined(separator: " ")
    }
}
