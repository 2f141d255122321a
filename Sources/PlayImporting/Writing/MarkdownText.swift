/// Plain text made into Markdown that shows exactly that text (CommonMark, as cmark reads it).
/// Backslash escapes (CommonMark allows one before any ASCII punctuation) go where markup could
/// start, and nowhere else, so the notes stay readable in the file:
/// - anywhere: `\` `` ` `` `*` `_` `[` `]` `<` `&` (escapes, code, emphasis, links, HTML, entities);
/// - first on a line: `#` `>` `+` `-` `=` `~` (headings, quotes, lists, rules, fences), and the
///   `.` or `)` after a line's leading digits (numbered lists).
/// Each line's leading and trailing spaces go (indentation would make a code block, two trailing
/// spaces a line break) and control characters are dropped; lines and paragraphs are kept.
enum MarkdownText {
    static let anywhere: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", "&"]
    static let lineStart: Set<Character> = ["#", ">", "+", "-", "=", "~"]

    static func escaped(_ text: String) -> String {
        let lines = PlainText.clean(text, keepingLineBreaks: true)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in
                var escaped = ""
                var leadingDigits = true
                for (offset, character) in line.trimmingSpaces().enumerated() {
                    let listNumberEnd = leadingDigits && offset > 0 && (character == "." || character == ")")
                    if anywhere.contains(character) || (offset == 0 && lineStart.contains(character)) || listNumberEnd {
                        escaped.append("\\")
                    }
                    leadingDigits = leadingDigits && character.isASCII && character.isNumber
                    escaped.append(character)
                }
                return escaped
            }
        // No blank lines at either end; runs of blank lines become one paragraph break.
        var result: [String] = []
        for line in lines where !(line.isEmpty && (result.last?.isEmpty ?? true)) { result.append(line) }
        while result.last?.isEmpty == true { result.removeLast() }
        return result.joined(separator: "\n")
    }
}

/// Text from a play log as GameNight keeps it: no control characters (XML cannot carry most, but
/// JSON can), tabs as spaces, any line break as `\n`.
enum PlainText {
    static func clean(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var result = ""
        for character in text {
            if character.isNewline {
                result.append(keepingLineBreaks ? "\n" : " ")
                continue
            }
            let unwanted = character.unicodeScalars.contains { scalar in
                scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    || scalar.properties.generalCategory == .surrogate
            }
            if character == "\t" { result.append(" ") } else if !unwanted { result.append(character) }
        }
        return result
    }

    /// One line of text: cleaned, spaces collapsed, trimmed.
    static func line(_ text: String) -> String {
        clean(text).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension MarkdownText {
    /// The plain text `escaped` was made from: every backslash escape (a `\` before ASCII
    /// punctuation, as CommonMark reads it) undone, so that `escaped(unescaped(escaped(x)))` is
    /// `escaped(x)`. Other Markdown (a file written by hand) stays as it is written.
    static func unescaped(_ markdown: String) -> String {
        var text = ""
        var escaping = false
        for character in markdown {
            if escaping {
                if !(character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol) {
                    text.append("\\")
                }
                text.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                text.append(character)
            }
        }
        if escaping { text.append("\\") }
        return text
    }
}
