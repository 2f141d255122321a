import GameDomain

/// Checks front matter before it reaches the YAML library and our composer, which recurses on
/// nesting: deep nesting and aliases (a "billion laughs" bomb expands exponentially) are refused
/// with a message where they start. Game files need neither. The composer refuses both again.
enum YAMLSafety {
    static let maximumDepth = 32

    /// The first problem, with its location in the game file, or nil.
    ///
    /// Works on UTF-8 bytes: every character it looks for is ASCII, a byte walk is linear and
    /// cheap even in a debug build, and it sees a `*` the way the YAML library does, even when a
    /// combining mark follows it.
    static func check(_ yaml: String, firstLine: Int) -> LocatedMessage? {
        let bytes = Array(yaml.utf8)
        var flowDepth = 0
        var indents: [Int] = []
        var lineNumber = firstLine
        var start = 0
        // Lines end where the YAML library's do (LineBreaks.swift).
        while start <= bytes.count {
            var end = start
            while end < bytes.count, lineBreakLength(bytes, at: end) == 0 { end += 1 }
            let line = bytes[start..<end]
            /// A 1-based column in scalars, as the YAML library counts them.
            func location(_ index: Int) -> SourceLocation {
                SourceLocation(line: lineNumber, column: line[start..<index].count(where: { $0 & 0xC0 != 0x80 }) + 1)
            }
            // Block nesting: each deeper indentation (list dashes count as indentation) opens a level.
            // `- - - x` opens a level per dash on one line.
            var indent = start
            var dashes = 0
            while indent < end,
                bytes[indent] == .space
                    || (bytes[indent] == .dash && (indent + 1 == end || bytes[indent + 1] == .space))
            {
                if bytes[indent] == .dash { dashes += 1 }
                indent += 1
            }
            if indent < end && bytes[indent] != .hash || dashes > 0, flowDepth == 0 {
                let width = indent - start
                while let last = indents.last, last >= width { indents.removeLast() }
                indents.append(width)
                if indents.count + dashes > maximumDepth {
                    return LocatedMessage(
                        location(indent),
                        "the front matter nests deeper than \(maximumDepth) levels; game files need only a few")
                }
            }
            // Flow nesting and aliases, outside quotes and comments.
            var quote: UInt8? = nil
            var previous = UInt8.space
            var index = start
            while index < end {
                let byte = bytes[index]
                if let open = quote {
                    if byte == .backslash && open == .doubleQuote { index += 1 } else if byte == open { quote = nil }
                } else if byte == .hash && (previous == .space || previous == .tab) {
                    break
                } else if byte == .doubleQuote || byte == .singleQuote {
                    quote = byte
                } else if byte == .openBracket || byte == .openBrace {
                    flowDepth += 1
                    if flowDepth + indents.count > maximumDepth {
                        return LocatedMessage(
                            location(index),
                            "the front matter nests deeper than \(maximumDepth) levels; game files need only a few")
                    }
                } else if byte == .closeBracket || byte == .closeBrace {
                    flowDepth = max(0, flowDepth - 1)
                } else if byte == .star && aliasFollows.contains(previous) {
                    return LocatedMessage(
                        location(index),
                        "YAML aliases (`*name`) are not allowed in game files; write the value out in full (quote text that starts with `*`)"
                    )
                }
                previous = byte
                index += 1
            }
            start = end + max(1, lineBreakLength(bytes, at: end))
            lineNumber += 1
        }
        return nil
    }

    /// The characters after which a `*` starts an alias.
    private static let aliasFollows: Set<UInt8> = Set(" \t[{,:-?".utf8)
}

extension UInt8 {
    fileprivate static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    fileprivate static let dash = UInt8(ascii: "-"), hash = UInt8(ascii: "#"), star = UInt8(ascii: "*"),
        backslash = UInt8(ascii: "\\")
    fileprivate static let doubleQuote = UInt8(ascii: "\""), singleQuote = UInt8(ascii: "'")
    fileprivate static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    fileprivate static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
}
