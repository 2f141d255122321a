/// Checks front matter before it reaches the YAML library, whose composer recurses on nesting
/// and hashes whole subtrees on aliases: deep nesting could exhaust the stack and an alias bomb
/// ("billion laughs") could take exponential time. Game files need neither, so both are refused.
enum YAMLSafety {
    static let maximumDepth = 32

    /// The first problem, with its location in the game file, or nil.
    static func check(_ yaml: String, firstLine: Int) -> LocatedMessage? {
        var flowDepth = 0
        var indents: [Int] = []
        for (index, line) in yaml.split(omittingEmptySubsequences: false, whereSeparator: \.isLineBreak).enumerated() {
            let lineNumber = firstLine + index
            let chars = Array(line)
            // Block nesting: each deeper indentation (list dashes count as indentation) opens a level.
            // `- - - x` opens a level per dash on one line.
            var indent = 0, dashes = 0
            while indent < chars.count, chars[indent] == " " || (chars[indent] == "-" && (indent + 1 == chars.count || chars[indent + 1] == " ")) {
                if chars[indent] == "-" { dashes += 1 }
                indent += 1
            }
            if (indent < chars.count && chars[indent] != "#" || dashes > 0), flowDepth == 0 {
                while let last = indents.last, last >= indent { indents.removeLast() }
                indents.append(indent)
                if indents.count + dashes > maximumDepth {
                    return LocatedMessage(SourceLocation(line: lineNumber, column: indent + 1),
                                          "the front matter nests deeper than \(maximumDepth) levels; game files need only a few")
                }
            }
            // Flow nesting and aliases, outside quotes and comments.
            var quote: Character? = nil
            var previous: Character = " "
            var column = 0
            while column < chars.count {
                let char = chars[column]
                if let open = quote {
                    if char == "\\" && open == "\"" { column += 1 } else if char == open { quote = nil }
                } else if char == "#" && (previous == " " || previous == "\t") {
                    break
                } else if char == "\"" || char == "'" {
                    quote = char
                } else if char == "[" || char == "{" {
                    flowDepth += 1
                    if flowDepth + indents.count > maximumDepth {
                        return LocatedMessage(SourceLocation(line: lineNumber, column: column + 1),
                                              "the front matter nests deeper than \(maximumDepth) levels; game files need only a few")
                    }
                } else if char == "]" || char == "}" {
                    flowDepth = max(0, flowDepth - 1)
                } else if char == "*" && " \t[{,:-?".contains(previous) {
                    return LocatedMessage(SourceLocation(line: lineNumber, column: column + 1),
                                          "YAML aliases (`*name`) are not allowed in game files; write the value out in full (quote text that starts with `*`)")
                }
                previous = char
                column += 1
            }
        }
        return nil
    }
}
