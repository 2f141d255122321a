// Parsing in two linear passes: split the text into text and tags (text cut after each line
// break), then walk it line by line, dropping the lines that hold only tags that print nothing
// themselves ("standalone" lines, as the spec says) while nesting sections into a tree.

extension Mustache {
    init(parsing text: String) throws(MustacheSyntaxError) {
        let source = Array(text.utf8)
        var builder = TreeBuilder(source: source)
        try builder.add(lines: Self.tokens(source))
        nodes = try builder.finish()
        self.text = text
    }

    fileprivate enum Token {
        /// Bytes of the source; a line break ends a text token.
        case text(Range<Int>)
        case tag(Tag)
    }

    fileprivate struct Tag {
        enum Kind {
            case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters

            init?(sigil: Character) {
                switch sigil {
                case "&": self = .unescaped
                case "#": self = .section
                case "^": self = .inverted
                case "/": self = .close
                case "!": self = .comment
                case ">": self = .partial
                case "<": self = .parent
                case "$": self = .block
                case "=": self = .delimiters
                default: return nil
                }
            }
        }
        var kind: Kind
        /// A partial's or parent's name starts with `*` when it is dynamic (`{{>*name}}`).
        var name: String
        /// Byte offset of the opening delimiter, for messages.
        var offset: Int

        var mayStandAlone: Bool { kind != .variable && kind != .unescaped }
        var opens: Bool { kind == .section || kind == .inverted || kind == .parent || kind == .block }
        var path: Path { Mustache.path(name) }
        var partialName: Name { name.first == "*" ? .dynamic(Mustache.path(String(name.dropFirst()))) : .fixed(name) }
    }

    static func path(_ name: String) -> Path { name == "." ? [] : name.split(separator: ".").map(String.init) }

    private static func tokens(_ source: [UInt8]) throws(MustacheSyntaxError) -> [Token] {
        var tokens: [Token] = []
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var tripleClose = Array("}}}".utf8)
        var cursor = 0
        func text(upTo end: Int) {
            var start = cursor
            while start < end {
                let lineEnd = (source[start..<end].firstIndex(of: UInt8(ascii: "\n")) ?? end - 1) + 1
                tokens.append(.text(start..<lineEnd))
                start = lineEnd
            }
        }
        while let start = find(open, in: source, from: cursor) {
            text(upTo: start)
            var contentStart = start + open.count
            var closing = close
            // `{` opens a triple tag whatever the delimiters are (`<%{x}%>`).
            let triple = contentStart < source.count && source[contentStart] == UInt8(ascii: "{")
            if triple {
                contentStart += 1
                closing = tripleClose
            }
            guard let end = find(closing, in: source, from: contentStart) else {
                throw error(
                    at: start, in: source, "unfinished tag; close it with `\(String(decoding: closing, as: UTF8.self))`"
                )
            }
            let content = String(decoding: source[contentStart..<end], as: UTF8.self).trimmingWhitespace
            var kind = Tag.Kind.variable
            var name = content
            if triple {
                kind = .unescaped
            } else if let sigil = content.first, let found = Tag.Kind(sigil: sigil) {
                kind = found
                name = String(content.dropFirst()).trimmingWhitespace
            }
            switch kind {
            case .comment:
                break
            case .delimiters:
                let parts = name.hasSuffix("=") ? name.dropLast().split(whereSeparator: \.isWhitespace) : []
                guard parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") else {
                    throw error(at: start, in: source, "malformed set-delimiter tag; write it like `{{=<% %>=}}`")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
                tripleClose = Array("}".utf8) + close
            default:
                // `{{>*name}}` takes the partial's name from the data; so may a parent and its closing tag.
                if kind == .partial || kind == .parent || kind == .close, name.first == "*" {
                    name = "*" + String(name.dropFirst()).trimmingWhitespace
                }
                let bare = name.first == "*" && kind != .block ? String(name.dropFirst()) : name
                guard !bare.isEmpty else {
                    throw error(at: start, in: source, "empty tag; put a name inside, like `{{title}}`")
                }
                guard !bare.contains(where: { $0.isWhitespace || $0 == "(" }) else {
                    throw error(
                        at: start, in: source,
                        "a tag holds one name, like `{{title}}` or `{{page.root}}`; `\(name)` is not one (transforms are not supported)"
                    )
                }
            }
            tokens.append(.tag(Tag(kind: kind, name: name, offset: start)))
            cursor = end + closing.count
        }
        text(upTo: source.count)
        return tokens
    }

    /// Builds the tree one line at a time. Each open section keeps its own node list, moved
    /// (not copied) into its parent when it closes, so parsing stays linear in the text.
    private struct TreeBuilder {
        struct Open {
            var tag: Tag
            var nodes: [Node] = []
            /// A block's indentation, counted from the line start (blocks only; "" otherwise).
            var indentation = ""
            var standalone = false
        }

        let source: [UInt8]
        var open: [Open] = []
        var nodes: [Node] = []
        /// The open blocks' indentations, innermost last: their lines lose it here and get the
        /// indentation of wherever the block is rendered (the spec's block reindentation).
        var blockIndentations: [String] = []
        var pending = ""
        /// A line has begun and nothing of it is in `nodes` yet: see `Node.lineStart`.
        var lineStarts = false

        init(source: [UInt8]) { self.source = source }

        var blockIndentation: String { blockIndentations.last ?? "" }

        mutating func add(lines tokens: [Token]) throws(MustacheSyntaxError) {
            var start = 0
            while start < tokens.count {
                var end = start
                while end < tokens.count {
                    end += 1
                    if case .text(let range) = tokens[end - 1], source[range.upperBound - 1] == UInt8(ascii: "\n") {
                        break
                    }
                }
                try add(line: tokens[start..<end], next: end < tokens.count ? tokens[end] : nil)
                start = end
            }
        }

        private mutating func add(line: ArraySlice<Token>, next: Token?) throws(MustacheSyntaxError) {
            var leading = ""
            if case .text(let range)? = line.first, isBlank(range) { leading = string(range) }
            if isStandalone(line) {
                // A standalone block's indentation is its content's: the next line's.
                var nextIndentation = ""
                if case .text(let range)? = next { nextIndentation = string(range.prefix { isSpace(source[$0]) }) }
                for case .tag(let tag) in line {
                    try add(tag, indentation: tag.kind == .block ? nextIndentation : leading, standalone: true)
                }
                return
            }
            let dedent = blockIndentation
            lineStarts = true
            var onlySpaceBefore = true
            for (position, token) in zip(line.indices, line) {
                switch token {
                case .text(let range):
                    let text = string(range)
                    appendText(position == line.startIndex ? Mustache.removing(dedent, from: text) : text)
                    onlySpaceBefore = onlySpaceBefore && isBlank(range)
                case .tag(let tag):
                    try add(tag, indentation: onlySpaceBefore ? leading : "", standalone: false)
                    onlySpaceBefore = false
                }
            }
        }

        /// A line of blanks and tags that print nothing themselves, with at most one partial or
        /// parent and no section or block both opened and closed on it (`{{#a}}{{/a}}` keeps its line).
        private func isStandalone(_ line: ArraySlice<Token>) -> Bool {
            var tags = 0
            var inclusions = 0
            var openedHere: [Tag.Kind] = []
            for (position, token) in zip(line.indices, line) {
                switch token {
                case .text(let range):
                    var bytes = source[range]
                    if position == line.indices.last, bytes.last == UInt8(ascii: "\n") {
                        bytes = bytes.dropLast()
                        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
                    }
                    guard bytes.allSatisfy(isSpace) else { return false }
                case .tag(let tag):
                    guard tag.mayStandAlone else { return false }
                    tags += 1
                    if tag.kind == .partial || tag.kind == .parent { inclusions += 1 }
                    if tag.opens { openedHere.append(tag.kind) }
                    if tag.kind == .close, let opened = openedHere.popLast(), opened != .parent { return false }
                }
            }
            return tags > 0 && inclusions <= 1
        }

        /// Text waits in `pending` until a tag comes, so the lines of a text are one node.
        private mutating func appendText(_ text: String) {
            guard !text.isEmpty else { return }
            if pending.isEmpty && lineStarts { nodes.append(.lineStart) }
            pending += text
            lineStarts = false
        }

        private mutating func flushText() {
            guard !pending.isEmpty else { return }
            nodes.append(.text(pending))
            pending = ""
        }

        /// `indentation`: the blanks before the tag on its line (the next line's for a standalone block).
        private mutating func add(_ tag: Tag, indentation: String, standalone: Bool) throws(MustacheSyntaxError) {
            // They print nothing: whatever follows them on the line takes the line start.
            guard tag.kind != .comment && tag.kind != .delimiters else { return }
            flushText()
            if !standalone && lineStarts { nodes.append(.lineStart) }
            lineStarts = false
            // Partials and parents are indented only when standalone; blocks also when only blanks precede them.
            let ownIndentation = standalone || tag.kind == .block ? indentation : ""
            switch tag.kind {
            case .variable: nodes.append(.variable(tag.path, escaped: true, at: tag.offset))
            case .unescaped: nodes.append(.variable(tag.path, escaped: false, at: tag.offset))
            case .partial:
                nodes.append(
                    .partial(
                        tag.partialName, indentation: Mustache.removing(blockIndentation, from: ownIndentation),
                        at: tag.offset))
            case .section, .inverted, .parent, .block:
                guard open.count < Mustache.maxNesting else {
                    throw error(
                        at: tag.offset, in: source,
                        "sections, parents and blocks nest more than \(Mustache.maxNesting) deep here; "
                            + "flatten the template or move the inner part into a partial")
                }
                // A parent's indentation is relative to the enclosing block's; a block's stays whole until it closes.
                let kept =
                    tag.kind == .parent ? Mustache.removing(blockIndentation, from: ownIndentation) : ownIndentation
                open.append(Open(tag: tag, nodes: nodes, indentation: kept, standalone: standalone))
                if tag.kind == .block { blockIndentations.append(kept) }
                nodes = []
            case .close:
                guard var opening = open.popLast() else {
                    throw error(at: tag.offset, in: source, "`{{/\(tag.name)}}` closes no open section; remove it")
                }
                guard opening.tag.name == tag.name else {
                    throw error(
                        at: tag.offset, in: source,
                        "`{{/\(tag.name)}}` does not close the open section `\(opening.tag.name)`; close it with `{{/\(opening.tag.name)}}`"
                    )
                }
                var children = nodes
                nodes = []
                if opening.tag.kind == .block { _ = blockIndentations.popLast() }
                // Where a block's content starts a line depends on where it is rendered, not written.
                if opening.tag.kind == .block, case .lineStart? = children.first { children.removeFirst() }
                let node: Node =
                    switch opening.tag.kind {
                    case .inverted: .section(opening.tag.path, children, inverted: true, at: opening.tag.offset)
                    case .block:
                        .block(
                            opening.tag.name, children,
                            indentation: Mustache.removing(blockIndentation, from: opening.indentation),
                            standalone: opening.standalone, at: opening.tag.offset)
                    case .parent:
                        // Inside a parent only block overrides count; other text is ignored.
                        .parent(
                            opening.tag.partialName, indentation: opening.indentation,
                            blocks: Dictionary(
                                children.compactMap {
                                    if case .block(let name, let children, _, _, _) = $0 {
                                        (name, children)
                                    } else {
                                        nil
                                    }
                                }, uniquingKeysWith: { first, _ in first }), at: opening.tag.offset)
                    default: .section(opening.tag.path, children, inverted: false, at: opening.tag.offset)
                    }
                opening.nodes.append(node)
                nodes = opening.nodes
            case .comment, .delimiters: break
            }
        }

        mutating func finish() throws(MustacheSyntaxError) -> [Node] {
            flushText()
            if let opening = open.last {
                throw error(
                    at: opening.tag.offset, in: source,
                    "the section `\(opening.tag.name)` is never closed; add `{{/\(opening.tag.name)}}`")
            }
            return nodes
        }

        private func string(_ range: Range<Int>) -> String { String(decoding: source[range], as: UTF8.self) }
        private func isBlank(_ range: Range<Int>) -> Bool { source[range].allSatisfy(isSpace) }
    }

    private static func find(_ needle: [UInt8], in source: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start <= source.count - needle.count else { return nil }
        var index = start
        while index <= source.count - needle.count {
            if source[index] == first, source[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// `text` without as much of `prefix` as it starts with.
    static func removing(_ prefix: String, from text: String) -> String {
        guard !prefix.isEmpty else { return text }
        let common = zip(prefix.utf8, text.utf8).prefix { $0 == $1 }.count
        return String(decoding: text.utf8.dropFirst(common), as: UTF8.self)
    }

    /// Line and column (in characters, from 1) of a byte offset.
    static func error(at offset: Int, in source: [UInt8], _ message: String) -> MustacheSyntaxError {
        let (line, column) = position(of: offset, in: source)
        return MustacheSyntaxError(line: line, column: column, message: message)
    }

    /// Lines end at `\n`, `\r\n` or a lone `\r` (classic Mac files), as editors count them.
    static func position(of offset: Int, in source: [UInt8]) -> (line: Int, column: Int) {
        let end = min(offset, source.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end {
            let byte = source[index]
            let endsLine =
                byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r") && (index + 1 == source.count || source[index + 1] != UInt8(ascii: "\n"))
            if endsLine {
                line += 1
                lineStart = index + 1
            }
        }
        return (line, String(decoding: source[lineStart..<end], as: UTF8.self).count + 1)
    }
}

private func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

extension String {
    fileprivate var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
