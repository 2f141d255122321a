/// Which markup rules apply: HTML (case-insensitive names, void elements) or XML (SVG).
public enum MarkupDialect: Sendable {
    case html, xml

    /// Elements whose content the tokenizer keeps as one raw piece: HTML's raw text and
    /// RCDATA elements, and those the default stylesheet shows with whitespace preserved.
    var rawTextElements: Set<String> { self == .html ? Self.htmlRawText : [] }

    var voidElements: Set<String> { self == .html ? Self.htmlVoid : [] }

    // Built once: these are consulted for every tag.
    private static let htmlRawText: Set<String> = [
        "script", "style", "pre", "textarea", "title", "xmp", "listing", "plaintext", "iframe", "noembed", "noframes",
    ]
    private static let htmlVoid: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    func tagName(_ name: String) -> String { self == .html ? name.lowercased() : name }
    func attributeName(_ name: String) -> String { self == .html ? name.lowercased() : name }
}

/// Rewrites markup so line diffs are stable and small: block elements on lines of their own,
/// indented by depth, attributes sorted by name and double-quoted. The text between tags is
/// kept byte for byte except where the specs make whitespace invisible:
///
/// - next to a *boundary* tag, whitespace is dropped. A boundary is a tag that really starts
///   or ends a block box under the default stylesheet: an HTML block element the parser
///   creates or closes here (not one it ignores, such as `</div>` with no open `div`, `<td>`
///   outside a table, a second `<body>`), a head element while the head is open, or in SVG any
///   element outside text content. An element with a `style` or `hidden` attribute is never a
///   boundary (it may not be a block any more);
/// - elsewhere, in ordinary text, a run of spaces and tabs becomes one space. In HTML a run
///   holding a line break becomes one space when a character beside it is ASCII, else one line
///   break (CSS removes a break between two East Asian wide characters, where a space would
///   show). In SVG such a run is kept (SVG 1.1 removes a newline that SVG 2 shows as a space).
///
/// Text in a table outside its cells, which the parser moves before the table, makes the
/// whole document keep its whitespace; a `template`'s content is kept exactly.
/// Nothing is normalized inside `pre`, `textarea`, `listing`, `xmp`, `plaintext`, `title`,
/// `script`, `style`, an element whose `style` mentions `white-space`, SVG under
/// `xml:space="preserve"`, or SVG's `title`, `desc`, `style`, `script` and `foreignObject`.
/// Form feed and vertical tab are text, not collapsible whitespace. In SVG, anything before the
/// XML declaration is kept, as the declaration must be the file's first bytes. A `<style>` in the
/// document that mentions `display` or `white-space` may make any whitespace show, so such a
/// document keeps all its whitespace. An external stylesheet is not seen: snapshot markup
/// whose classes change `display` or `white-space` with `.lines`.
public enum MarkupNormalizer {
    public static func normalize(_ text: String, dialect: MarkupDialect) -> String {
        var tokenizer = MarkupTokenizer(text, dialect: dialect)
        let tokens = tokenizer.tokens()
        var writer = MarkupWriter(dialect: dialect, tokens: tokens)
        for (index, token) in tokens.enumerated() { writer.add(token, at: index) }
        return writer.finish(endsInTag: tokenizer.endsInTag)
    }
}

/// Lays out tokens: boundary tags on lines of their own, everything else gathered into runs.
private struct MarkupWriter {
    enum Kind {
        case open(String)
        case close, content
    }
    struct Line {
        var depth: Int
        var text: [UInt8]
        var kind: Kind
    }
    struct Element {
        let name: String
        let isBoundary: Bool
        let preserves: Bool
    }

    static let htmlBlocks: Set<String> = [
        "html", "head", "body", "address", "article", "aside", "blockquote", "center", "details", "dd", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "ul", "legend",
        "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "td", "th",
    ]
    /// Created by the parser only inside a table; elsewhere it ignores them.
    static let tableParts: Set<String> = ["caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "td", "th"]
    /// Elements the parser puts in the head while it is open (display:none there).
    static let headElements: Set<String> = ["title", "meta", "link", "base", "style", "script", "noscript", "template"]
    /// HTML start tags that end foreign content (the HTML parser's breakout list).
    static let svgBreakout: Set<String> = [
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
        "h3",
        "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby",
        "s",
        "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var", "font",
    ]
    /// SVG elements whose text shows (or may, as a tooltip), so whitespace in them counts; HTML
    /// lower-cases `foreignObject`. Their content is kept as written, except `text`'s, where
    /// runs of spaces collapse.
    static let svgTextElements: Set<String> = [
        "text", "title", "desc", "style", "script", "foreignObject", "foreignobject",
    ]

    let dialect: MarkupDialect
    var lines: [Line] = []
    var depth = 0
    var open: [Element] = []
    /// The run being gathered: markup and text, with whitespace already normalized.
    var run: [UInt8] = []
    /// Bytes at the end of `run` that are whitespace from text, dropped if a boundary follows.
    var trailingWhitespace = 0
    /// HTML: the head is open (explicitly, or implied at the start) until body content comes.
    var inHead = true
    var bodyStarted = false
    /// The last token after which `</body>` and `</html>` still close anything visible.
    let lastContent: Int

    init(dialect: MarkupDialect, tokens: [MarkupToken]) {
        self.dialect = dialect
        if dialect == .xml, tokens.count > 1, case .text = tokens[0], case .verbatim(let declaration) = tokens[1],
            declaration.hasPrefix("<?xml")
        {
            leadsDeclaration = true
        }
        var inStyle = false
        self.restyledDocument = tokens.contains { token in
            switch token {
            case .start(let name, _, let selfClosing): inStyle = name == "style" && !selfClosing
            case .end: inStyle = false
            case .raw(let css), .text(let css), .verbatim(let css):
                if inStyle, css.lowercased().contains("white-space") || css.lowercased().contains("display") {
                    return true
                }
            }
            return false
        }
        self.fostersText = dialect == .html && Self.fostersText(tokens)
        self.lastContent =
            tokens.lastIndex { token in
                switch token {
                case .text(let text): !text.utf8.allSatisfy(Self.isCollapsible)
                case .start, .raw: true
                case .end(let name): name != "body" && name != "html"
                case .verbatim: false
                }
            } ?? -1
    }

    /// XML: text before the XML declaration, which must come first: whitespace there makes the
    /// file no XML at all (a browser shows an error, not the picture), so it is kept exactly.
    var leadsDeclaration = false

    /// A stylesheet in the document that mentions `white-space` or `display` may make any
    /// whitespace show: in doubt, the whole document keeps its whitespace as written.
    let restyledDocument: Bool

    /// HTML text in a table outside its cells, which the parser moves before the table: the
    /// table's tags are then no boundary for it, and whitespace around it may show anywhere the
    /// layout would put a line break, so such a document keeps all its whitespace.
    let fostersText: Bool

    /// Whether any text with more than whitespace sits in a table outside its cells, with the
    /// elements open as the writer counts them.
    private static func fostersText(_ tokens: [MarkupToken]) -> Bool {
        var open: [String] = []
        for token in tokens {
            switch token {
            case .start(let name, _, let selfClosing):
                if !selfClosing, !MarkupDialect.html.voidElements.contains(name) { open.append(name) }
            case .end(let name):
                if let position = open.lastIndex(of: name) { open.removeSubrange(position...) }
            case .text(let text):
                guard !text.utf8.allSatisfy(isCollapsible), let table = open.lastIndex(of: "table") else { continue }
                if !open[table...].contains(where: { ["td", "th", "caption"].contains($0) }) { return true }
            case .raw, .verbatim:
                continue
            }
        }
        return false
    }

    var preserving: Bool { restyledDocument || fostersText || open.contains { $0.preserves } }

    mutating func add(_ token: MarkupToken, at index: Int) {
        switch token {
        case .start(let name, let attributes, let selfClosing):
            var endedPreserving: Element?
            if isInsideSVG, Self.svgBreakout.contains(name), let svg = open.lastIndex(where: { $0.name == "svg" }) {
                // The parser ends the SVG (and everything open in it) and reads this as HTML.
                depth = max(depth - open[svg...].filter(\.isBoundary).count, 0)
                endedPreserving = open[svg...].first { $0.preserves }
                open.removeSubrange(svg...)
            }
            let tag = startTag(name, attributes, selfClosing: selfClosing)
            let opens = !selfClosing && !dialect.voidElements.contains(name)
            let boundary = !preserving && isBoundary(start: name, attributes)
            let preserves = preservesContent(name, attributes)
            if boundary, let endedPreserving {
                glue(tag, ontoOpenLine: endedPreserving.isBoundary, opening: opens ? name : nil)
                if opens { depth += 1 }
            } else if boundary {
                flush()
                lines.append(Line(depth: depth, text: Array(tag.utf8), kind: opens ? .open(name) : .close))
                if opens { depth += 1 }
            } else {
                if endedPreserving?.isBoundary == true { reopen() }
                append(tag)
            }
            if opens { open.append(Element(name: name, isBoundary: boundary, preserves: preserves)) }
        case .end(let name):
            let boundary: Bool
            var endedPreserving: Element?
            if let position = open.lastIndex(where: { $0.name == name }) {
                let element = open[position]
                let blocks = open[position...].filter(\.isBoundary).count
                // When an element inside keeps its whitespace, the line to go on is that of the
                // outermost such element, which may be this one.
                if open[(position + 1)...].contains(where: \.preserves) {
                    endedPreserving = open[position...].first { $0.preserves }
                }
                open.removeSubrange(position...)
                boundary =
                    element.isBoundary && (dialect == .xml || !["body", "html"].contains(name) || index > lastContent)
                if dialect == .html, name == "head" { inHead = false }
                if boundary, let endedPreserving {
                    glue("</\(name)>", ontoOpenLine: endedPreserving.isBoundary)
                    depth = max(depth - blocks, 0)
                    return
                }
                if boundary { flush() }
                depth = max(depth - blocks, 0)
                if boundary {
                    close(name)
                    return
                }
            } else if dialect == .html, name == "head", inHead, !bodyStarted {
                inHead = false
                boundary = !preserving
            } else {
                boundary = false
            }
            if boundary {
                flush()
                lines.append(Line(depth: depth, text: Array("</\(name)>".utf8), kind: .close))
            } else {
                if endedPreserving?.isBoundary == true { reopen() }
                append("</\(name)>")
            }
        case .text(let text):
            // Text with more than whitespace in a table but outside its cells is moved before
            // the table by the parser (foster parenting), spaces and all: kept exactly.
            if preserving || (isInTableOutsideCells && !text.utf8.allSatisfy(Self.isCollapsible))
                || (index == 0 && leadsDeclaration)
            {
                append(text)
            } else {
                appendText(text)
            }
        case .verbatim(let text), .raw(let text):
            append(text)
        }
    }

    /// Whether this start tag starts a block box here, so whitespace on either side is invisible.
    private mutating func isBoundary(start name: String, _ attributes: [MarkupAttribute]) -> Bool {
        // SVG, standalone or inside HTML's <svg>, renders no text outside text content, whatever
        // its style says; `text` itself keeps the whitespace at its edges.
        if dialect == .xml || isInsideSVG {
            return !open.contains { Self.svgTextElements.contains($0.name) } && name != "text"
        }
        switch dialect {
        case .xml:
            return false
        case .html:
            let restyled = attributes.contains { $0.name == "style" || $0.name == "hidden" }
            switch name {
            case "html":
                return !bodyStarted && !restyled
            case "head":
                if bodyStarted { return false }
                inHead = true
                return !restyled
            case "body":
                if bodyStarted { return false }
                inHead = false
                bodyStarted = true
                return !restyled
            case _ where inHead && Self.headElements.contains(name):
                return true
            default:
                startBody()
                guard Self.htmlBlocks.contains(name), !restyled else { return false }
                // The parser ignores these: a form in a form, anything inside a select.
                if (name == "form" && open.contains { $0.name == "form" })
                    || open.contains(where: { $0.name == "select" })
                {
                    return false
                }
                return !Self.tableParts.contains(name) || open.contains { $0.name == "table" }
            }
        }
    }

    private var isInTableOutsideCells: Bool {
        guard dialect == .html, let table = open.lastIndex(where: { $0.name == "table" }) else { return false }
        return !open[table...].contains { $0.name == "td" || $0.name == "th" || $0.name == "caption" }
    }

    /// In HTML, inside an `<svg>` (foreign content) and not inside its `foreignObject`.
    private var isInsideSVG: Bool {
        guard dialect == .html, let svg = open.lastIndex(where: { $0.name == "svg" }) else { return false }
        return !open[svg...].contains { $0.name == "foreignobject" }
    }

    private mutating func startBody() {
        inHead = false
        bodyStarted = true
    }

    private func preservesContent(_ name: String, _ attributes: [MarkupAttribute]) -> Bool {
        if attributes.contains(where: { $0.name == "style" && ($0.value ?? "").lowercased().contains("white-space") }) {
            return true
        }
        if attributes.contains(where: { $0.name == "xml:space" && $0.value == "preserve" }) { return true }
        // A template's content is what a script clones into the page: kept as written.
        if dialect == .html, name == "template" { return true }
        guard dialect == .xml || isInsideSVG else { return false }
        return Self.svgTextElements.contains(name) && name != "text"
    }

    mutating func finish(endsInTag: Bool) -> String {
        // Content that keeps its whitespace runs to the end of the document (an element such as
        // `pre` or a tag left open, or a restyled document): a line break after it, or between it and
        // its start tag's line, would be read as part of it the next time.
        // (The tokenizer gives a raw text element left open everything to the end.)
        func keeps(_ element: Element) -> Bool { element.preserves || dialect.rawTextElements.contains(element.name) }
        let keepsToEnd = endsInTag || restyledDocument || fostersText || open.contains(where: keeps)
        if keepsToEnd, let outer = open.first(where: keeps), outer.isBoundary, !run.isEmpty,
            let last = lines.last, case .open = last.kind
        {
            lines[lines.count - 1] = Line(depth: last.depth, text: last.text + run, kind: .content)
            run = []
        }
        flush()
        var bytes: [UInt8] = []
        for (number, line) in lines.enumerated() {
            if number > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes += Array(repeating: UInt8(ascii: " "), count: 2 * line.depth) + line.text
        }
        if !keepsToEnd, !lines.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `<p>` and its one run of content close on a single line: `<p>Hi <b>you</b></p>`.
    private mutating func close(_ name: String) {
        let end = Array("</\(name)>".utf8)
        if let last = lines.last, case .open(name) = last.kind, last.depth == depth {
            lines[lines.count - 1] = Line(depth: depth, text: last.text + end, kind: .close)
        } else if lines.count >= 2, case .content = lines[lines.count - 1].kind,
            case .open(name) = lines[lines.count - 2].kind, lines[lines.count - 2].depth == depth
        {
            let content = lines.removeLast()
            lines[lines.count - 1] = Line(
                depth: depth, text: lines[lines.count - 1].text + content.text + end, kind: .close)
        } else {
            lines.append(Line(depth: depth, text: end, kind: .close))
        }
    }

    /// Writes `tag`, which ends a preserving element that is still open (by ending an element
    /// around it, or by leaving the SVG it is in), on the line of what precedes it: a line
    /// break before it would be read, the next time, as that element's content. When the
    /// element's start tag began a line of its own, its content joins that line too. A start
    /// tag (`opening`) leaves its line open, at the depth its end tag closes, so that a `pre`'s
    /// content and end tag join it as after any block's start: a line break after `<pre>`
    /// would be the `pre`'s text the next time.
    private mutating func glue(_ tag: String, ontoOpenLine: Bool, opening name: String? = nil) {
        run += tag.utf8
        let kind: Kind = name.map { .open($0) } ?? .close
        if ontoOpenLine, let last = lines.last, case .open = last.kind {
            lines[lines.count - 1] = Line(depth: name == nil ? last.depth : depth, text: last.text + run, kind: kind)
        } else {
            lines.append(Line(depth: depth, text: run, kind: kind))
        }
        run = []
        trailingWhitespace = 0
    }

    /// Takes back into the run the line a preserving element's start tag began, when a tag that
    /// starts no line ends that element: its content and what follows go on from that line, as
    /// written, since a line break anywhere before the tag would be the element's content.
    private mutating func reopen() {
        guard let last = lines.last, case .open = last.kind else { return }
        lines.removeLast()
        run = last.text + run
    }

    private mutating func append(_ markup: String) {
        run += markup.utf8
        trailingWhitespace = 0
    }

    /// Space, tab, line feed and carriage return: what CSS collapses (form feed and vertical
    /// tab are not among them).
    static func isCollapsible(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func appendText(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard Self.isCollapsible(bytes[index]) else {
                let start = index
                while index < bytes.count, !Self.isCollapsible(bytes[index]) { index += 1 }
                if dialect == .html, !bodyStarted { startBody() }
                run += bytes[start..<index]
                trailingWhitespace = 0
                continue
            }
            let start = index
            while index < bytes.count, Self.isCollapsible(bytes[index]) { index += 1 }
            // At the start of a run (after a boundary, or of the document), whitespace is invisible.
            guard !run.isEmpty else { continue }
            let whitespace = bytes[start..<index]
            let breaks = whitespace.contains(0x0A) || whitespace.contains(0x0D)
            // CSS removes a line break only between two East Asian wide characters; next to an
            // ASCII one it is a space.
            let besideASCII = (start > 0 && bytes[start - 1] < 0x80) || (index < bytes.count && bytes[index] < 0x80)
            let normalized: [UInt8]
            if !breaks || (dialect == .html && besideASCII) {
                normalized = [UInt8(ascii: " ")]
            } else if dialect == .html {
                normalized = [0x0A]
            } else {
                // Line endings as XML parsers normalize them: CRLF and CR are LF.
                normalized = String(decoding: whitespace, as: UTF8.self).replacingAll("\r\n", with: "\n").replacingAll(
                    "\r", with: "\n"
                ).utf8.map { $0 }
            }
            // Whitespace split across text pieces (around a comment) stays as written.
            run += normalized
            trailingWhitespace += normalized.count
        }
    }

    /// Ends the run; its edges touch a boundary, where whitespace doesn't show.
    private mutating func flush() {
        defer {
            run = []
            trailingWhitespace = 0
        }
        run.removeLast(min(trailingWhitespace, run.count))
        if !run.isEmpty { lines.append(Line(depth: depth, text: run, kind: .content)) }
    }

    private func startTag(_ name: String, _ attributes: [MarkupAttribute], selfClosing: Bool) -> String {
        var tag = "<" + name
        // By name bytes, then source order: duplicates keep their order (the first one wins).
        let sorted = attributes.enumerated().sorted { a, b in
            a.element.name.utf8.elementsEqual(b.element.name.utf8)
                ? a.offset < b.offset : a.element.name.utf8.lexicographicallyPrecedes(b.element.name.utf8)
        }
        for attribute in sorted.map(\.element) {
            tag += " " + attribute.name
            if let value = attribute.value { tag += "=\"\(value)\"" }
        }
        if selfClosing && !dialect.voidElements.contains(name) { tag += "/" }
        return tag + ">"
    }
}
