import GameDomain

/// A YAML node that knows where it stands in the game file, so every error can point at it.
/// Game-kind parsers read YAML only through this type.
///
/// Composed straight from libyaml's events (`YAMLComposer`): YAML libraries' own node trees
/// (tags, anchors, resolvers) cost a tenth of a 10,000-game build, and game files use none of it.
struct YAMLNode {
    enum Value {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    /// libyaml's scalar styles, by its numbers.
    enum ScalarStyle: Int {
        case any, plain, singleQuoted, doubleQuoted, literal, folded
    }

    let value: Value
    /// Where the node starts in the YAML text (1-based line and column, columns in scalars).
    let mark: Mark
    /// The file line of the YAML's first line, minus one.
    let lineOffset: Int
    /// Each YAML line's length in scalars (as the library counts columns), so a location
    /// inside a scalar can be kept on the scalar's line.
    let lineWidths: [Int]

    var location: SourceLocation {
        Self.clamped(
            SourceLocation(line: mark.line + lineOffset, column: mark.column), lineOffset: lineOffset,
            lineWidths: lineWidths)
    }

    /// At the end of a text without a final line break, libyaml's mark (of an error or of an empty
    /// node, as in `---`) is on the line after the last: such a location points past the end of
    /// the last line instead.
    static func clamped(_ location: SourceLocation, lineOffset: Int, lineWidths: [Int]) -> SourceLocation {
        guard let last = lineWidths.last, location.line > lineOffset + lineWidths.count else { return location }
        return SourceLocation(line: lineOffset + lineWidths.count, column: last + 1)
    }

    /// The scalar's text, or nil for a list or a mapping. Control characters, which only YAML
    /// escapes such as `"\0"` can produce, become U+FFFD: no page or feed can carry them.
    var scalar: String? {
        guard case .scalar(let text, _) = value else { return nil }
        return Self.shown(text)
    }

    /// `text` with its control characters as U+FFFD.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F
    }

    var items: [YAMLNode]? {
        guard case .sequence(let items) = value else { return nil }
        return items
    }

    var pairs: [(key: YAMLNode, value: YAMLNode)]? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs
    }

    /// An integer scalar (`3`, `-1`, `+2`), or nil.
    var integer: Int? {
        guard let text = scalar?.trimmingCharacters(in: " ") else { return nil }
        return Int(text.hasPrefix("+") ? String(text.dropFirst()) : text)
    }

    /// A YAML null (`~`, `null`, or nothing at all).
    var isNull: Bool {
        guard case .scalar(let text, .plain) = value else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// What the node is, for messages: "a list", "a mapping", or the scalar quoted.
    var summary: String {
        switch value {
        case .scalar(let raw, _):
            // Control characters as U+FFFD: a message must not drive the terminal.
            let text = Self.shown(raw)
            return "`\(text.count > 40 ? text.prefix(40) + "…" : Substring(text))`"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }

    /// Where the character at `offset` in a scalar's text stands in the file, so a notation
    /// error can point at the offending character. A character beyond the scalar's first line
    /// (a scalar folded over lines) gets the scalar's start: folding and escapes make its column
    /// unknowable from the text alone.
    func location(ofCharacter offset: Int) -> SourceLocation {
        guard case .scalar(_, let style) = value else { return location }
        let start = location
        let column: Int
        switch style {
        case .plain: column = start.column + offset
        case .singleQuoted, .doubleQuoted: column = start.column + 1 + offset
        default: return start
        }
        let line = start.line - lineOffset - 1
        guard lineWidths.indices.contains(line), column <= lineWidths[line] + 1 else { return start }
        return SourceLocation(line: start.line, column: column)
    }

    /// Parses `yaml` (the front matter) into its root node.
    static func parse(_ yaml: String, firstLine: Int) -> Result<YAMLNode?, LocatedMessage> {
        let offset = firstLine - 1
        if let problem = YAMLSafety.check(yaml, firstLine: firstLine) { return .failure(problem) }
        let widths = widthsOfLines(yaml)
        switch YAMLComposer.compose(yaml, lineOffset: offset, lineWidths: widths) {
        case .success(let root):
            return .success(root)
        case .failure(let error):
            var located = error.located(lineOffset: offset, in: yaml)
            located.location = YAMLNode.clamped(located.location, lineOffset: offset, lineWidths: widths)
            // libyaml's message for a tab in the indentation does not mention the tab.
            let line = yaml.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(
                located.location.line - firstLine
            ).first
            if line?.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") == true {
                located.message =
                    "YAML error: this line is indented with a tab, and YAML indents with spaces only; replace the tab with spaces"
            }
            return .failure(located)
        }
    }
}

extension YAMLNode {
    /// Whether the `[` or `{` at `mark` has its closing bracket: quoted text and comments are
    /// skipped, brackets nested inside are counted. One pass over the text after it.
    static func isClosed(_ yaml: String, at mark: Mark) -> Bool {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return false }
        var rest = lines[(mark.line - 1)...].joined(separator: "\n").unicodeScalars.dropFirst(max(0, mark.column - 1))
        guard let open = rest.popFirst(), open == "[" || open == "{" else { return false }
        var depth = 1
        var quote: Unicode.Scalar?
        var previous: Unicode.Scalar = open
        var isComment = false
        while let scalar = rest.popFirst() {
            defer { previous = scalar }
            if isComment {
                if scalar == "\n" { isComment = false }
            } else if let open = quote {
                if open == "\"" && scalar == "\\" {
                    _ = rest.popFirst()
                } else if scalar == open {
                    // '' inside single quotes is one quote.
                    if open == "'", rest.first == "'" { _ = rest.popFirst() } else { quote = nil }
                }
            } else if scalar == "#", previous == " " || previous == "\t" || previous == "\n" {
                isComment = true
            } else if scalar == "\"" || scalar == "'", " \t\n[{,:".unicodeScalars.contains(previous) {
                quote = scalar
            } else if scalar == "[" || scalar == "{" {
                depth += 1
            } else if scalar == "]" || scalar == "}" {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        // Index walks from both ends: no copies of the middle (this runs for every scalar read).
        guard let first = firstIndex(where: { $0 != set }), let last = lastIndex(where: { $0 != set }) else {
            return ""
        }
        return first == startIndex && last == index(before: endIndex) ? self : String(self[first...last])
    }
}

extension YAMLError {
    /// The line and column (in scalars, lines ending as libyaml's do) of byte `offset` of `yaml`.
    static func mark(ofByte offset: Int, in yaml: String) -> Mark {
        let bytes = Array(yaml.utf8)
        var mark = Mark(line: 1, column: 1)
        var index = 0
        while index < min(offset, bytes.count) {
            let length = lineBreakLength(bytes, at: index)
            if length > 0 {
                mark = Mark(line: mark.line + 1, column: 1)
                index += length
            } else {
                if bytes[index] & 0xC0 != 0x80 { mark.column += 1 }
                index += 1
            }
        }
        return mark
    }

    /// The error's position in the game file and its message.
    func located(lineOffset: Int, in yaml: String) -> LocatedMessage {
        func at(_ mark: Mark) -> SourceLocation { SourceLocation(line: mark.line + lineOffset, column: mark.column) }
        let advice = "; the front matter must be valid YAML (check indentation, colons and quotes)"
        switch self {
        case .syntax(let context, let problem, let mark):
            // libyaml says the same of a `[` or `{` never closed (found where the next line starts:
            // the bracket is the place) and of a missing comma inside one that is closed.
            if let context,
                let bracket = context.text.hasPrefix("while parsing a flow sequence")
                    ? "[" : context.text.hasPrefix("while parsing a flow mapping") ? "{" : nil
            {
                if YAMLNode.isClosed(yaml, at: context.mark) {
                    return LocatedMessage(
                        at(mark),
                        "YAML error: a `,` is missing between two entries of this `\(bracket)\(bracket == "[" ? "]" : "}")` (\(problem))"
                    )
                }
                return LocatedMessage(
                    at(context.mark),
                    "YAML error: this `\(bracket)` is never closed (\(problem)); close it with `\(bracket == "[" ? "]" : "}")`"
                )
            }
            // A value starting with `|` or `>` is a block of text in YAML (`rolls: |X|X|`).
            if let context, context.text == "while scanning a block scalar" {
                return LocatedMessage(
                    at(context.mark), "YAML error: a value starting with `|` or `>` must be quoted, e.g. `\"|X|X|\"`")
            }
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            return LocatedMessage(at(mark), "YAML error: \(what)\(advice)")
        case .duplicateKeys(let keys, let mark):
            return LocatedMessage(
                at(mark),
                "the key \(keys.map { "`\($0)`" }.joined(separator: ", ")) appears twice in one mapping; keep one of them"
            )
        case .unreadable(let problem, let offset):
            let place = offset.map { Self.mark(ofByte: $0, in: yaml) } ?? Mark(line: 1, column: 1)
            return LocatedMessage(
                at(place), "the front matter cannot be read: \(problem)\(offset.map { " at byte \($0)" } ?? "")")
        case .refused(let message, let mark):
            return LocatedMessage(at(mark), message)
        case .outOfMemory:
            return LocatedMessage(
                SourceLocation(line: lineOffset + 1, column: 1),
                "the YAML library ran out of memory reading the front matter")
        }
    }
}
