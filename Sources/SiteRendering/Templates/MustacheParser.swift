// Parsing in three steps: split the text into text and tags, drop the lines that hold only a
// section, comment, partial or delimiter tag ("standalone" lines, as the spec says), then nest
// sections into a tree.

extension Mustache {
    init(parsing text: String) throws(MustacheSyntaxError) {
        let source = Array(text.utf8)
        var tokens = try Self.tokens(source)
        Self.removeStandaloneLines(&tokens)
        nodes = try Self.tree(tokens, source)
    }

    fileprivate enum Token {
        case text(String)
        case tag(Tag)
    }

    fileprivate struct Tag {
        enum Kind { case variable, unescaped, section, inverted, close, comment, partial, parent, block, delimiters }
        var kind: Kind
        var name: String
        /// Byte offset of the opening delimiter, for messages.
        var offset: Int
        var standalone = false
        var indentation = ""

        var mayStandAlone: Bool { kind != .variable && kind != .unescaped }
        var path: Path { name == "." ? [] : name.split(separator: ".").map(String.init) }
    }

    private static func tokens(_ source: [UInt8]) throws(MustacheSyntaxError) -> [Token] {
        var tokens: [Token] = []
        var open = Array("{{".utf8), close = Array("}}".utf8)
        var cursor = 0
        while let start = find(open, in: source, from: cursor) {
            if cursor < start { tokens.append(.text(String(decoding: source[cursor..<start], as: UTF8.self))) }
            var contentStart = start + open.count
            var closing = close
            let triple = open == Array("{{".utf8) && contentStart < source.count && source[contentStart] == UInt8(ascii: "{")
            if triple {
                contentStart += 1
                closing = Array("}".utf8) + close
            }
            guard let end = find(closing, in: source, from: contentStart) else {
                throw error(at: start, in: source, "unfinished tag; close it with `\(String(decoding: closing, as: UTF8.self))`")
            }
            let content = String(decoding: source[contentStart..<end], as: UTF8.self).trimmingWhitespace
            var kind = Tag.Kind.variable
            var name = content
            if triple {
                kind = .unescaped
            } else if let sigil = content.first {
                let kinds: [Character: Tag.Kind] = ["&": .unescaped, "#": .section, "^": .inverted, "/": .close, "!": .comment,
                                                    ">": .partial, "<": .parent, "$": .block, "=": .delimiters]
                if let found = kinds[sigil] {
                    kind = found
                    name = String(content.dropFirst()).trimmingWhitespace
                }
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
            default:
                guard !name.isEmpty else { throw error(at: start, in: source, "empty tag; put a name inside, like `{{title}}`") }
                guard !name.contains(where: { $0.isWhitespace || $0 == "(" }) else {
                    throw error(at: start, in: source, "a tag holds one name, like `{{title}}` or `{{page.root}}`; `\(name)` is not one (transforms are not supported)")
                }
            }
            tokens.append(.tag(Tag(kind: kind, name: name, offset: start)))
            cursor = end + closing.count
        }
        if cursor < source.count { tokens.append(.text(String(decoding: source[cursor...], as: UTF8.self))) }
        return tokens
    }

    /// A tag alone on its line (but for spaces and tabs) takes the whole line with it; a
    /// partial's or parent's indentation is kept for the lines it renders.
    private static func removeStandaloneLines(_ tokens: inout [Token]) {
        for index in tokens.indices {
            guard case .tag(var tag) = tokens[index], tag.mayStandAlone else { continue }
            var indentation = ""
            var startsLine = index == 0
            if index > 0, case .text(let before) = tokens[index - 1] {
                let lineBreak = before.utf8.lastIndex(of: UInt8(ascii: "\n"))
                let lastLine = before[(lineBreak.map { before.utf8.index(after: $0) } ?? before.startIndex)...]
                if lastLine.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                    indentation = String(lastLine)
                    // No line break before it: the line started at the template's start or after a standalone tag.
                    startsLine = lineBreak != nil || index == 1 || tokens[index - 2].isStandaloneTag
                }
            } else if index > 0 {
                startsLine = tokens[index - 1].isStandaloneTag
            }
            guard startsLine else { continue }
            var endsLine = index == tokens.count - 1
            if index + 1 < tokens.count, case .text(let after) = tokens[index + 1] {
                let lineBreak = after.utf8.firstIndex(of: UInt8(ascii: "\n"))
                let blank = after[..<(lineBreak ?? after.endIndex)].utf8.allSatisfy {
                    $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
                }
                endsLine = blank && (lineBreak != nil || index + 1 == tokens.count - 1)
                if endsLine {
                    tokens[index + 1] = .text(lineBreak.map { String(after[after.utf8.index(after: $0)...]) } ?? "")
                }
            }
            guard endsLine else { continue }
            if index > 0, case .text(let before) = tokens[index - 1] {
                tokens[index - 1] = .text(String(before.utf8.dropLast(indentation.utf8.count)) ?? "")
            }
            tag.standalone = true
            tag.indentation = indentation
            tokens[index] = .tag(tag)
        }
    }

    private static func tree(_ tokens: [Token], _ source: [UInt8]) throws(MustacheSyntaxError) -> [Node] {
        var open: [(tag: Tag, nodes: [Node])] = []
        var nodes: [Node] = []
        for token in tokens {
            guard case .tag(let tag) = token else {
                if case .text(let text) = token, !text.isEmpty { nodes.append(.text(text)) }
                continue
            }
            switch tag.kind {
            case .variable: nodes.append(.variable(tag.path, escaped: true))
            case .unescaped: nodes.append(.variable(tag.path, escaped: false))
            case .comment, .delimiters: break
            case .partial: nodes.append(.partial(tag.name, indentation: tag.indentation))
            case .section, .inverted, .parent, .block:
                open.append((tag, nodes))
                nodes = []
            case .close:
                guard let (opening, outer) = open.popLast() else {
                    throw error(at: tag.offset, in: source, "`{{/\(tag.name)}}` closes no open section; remove it")
                }
                guard opening.name == tag.name else {
                    throw error(at: tag.offset, in: source,
                                "`{{/\(tag.name)}}` does not close the open section `\(opening.name)`; close it with `{{/\(opening.name)}}`")
                }
                let node: Node = switch opening.kind {
                case .inverted: .section(opening.path, nodes, inverted: true)
                case .block: .block(opening.name, nodes)
                case .parent:
                    // Inside a parent only block overrides count; other text is ignored.
                    .parent(opening.name, indentation: opening.indentation, blocks: Dictionary(nodes.compactMap {
                        if case .block(let name, let children) = $0 { (name, children) } else { nil }
                    }, uniquingKeysWith: { first, _ in first }))
                default: .section(opening.path, nodes, inverted: false)
                }
                nodes = outer + [node]
            }
        }
        if let (opening, _) = open.last {
            throw error(at: opening.offset, in: source, "the section `\(opening.name)` is never closed; add `{{/\(opening.name)}}`")
        }
        return nodes
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

    /// Line and column (in characters, from 1) of a byte offset.
    private static func error(at offset: Int, in source: [UInt8], _ message: String) -> MustacheSyntaxError {
        let before = source[..<offset]
        let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let column = String(decoding: source[lineStart..<offset], as: UTF8.self).count + 1
        return MustacheSyntaxError(line: line, column: column, message: message)
    }
}

private extension Mustache.Token {
    var isStandaloneTag: Bool {
        if case .tag(let tag) = self { tag.standalone } else { false }
    }
}

private extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
