import GameDomain

/// A game file split at its front matter: `---`, YAML, `---`, then the Markdown body
/// (the Jekyll/Hugo convention).
struct FrontMatter {
    /// The YAML between the fences.
    var yaml: String
    /// The file line on which the YAML's first line stands.
    var yamlFirstLine: Int
    /// The Markdown after the closing fence.
    var body: String

    /// Splits `text`, or returns the diagnostic's location and message.
    static func split(_ text: String) -> Result<FrontMatter, LocatedMessage> {
        hasOnlyLineFeeds(text) ? splitAtLineFeeds(text) : splitAtLineBreaks(text)
    }

    /// Any line breaks: each becomes LF in the parts.
    static func splitAtLineBreaks(_ text: String) -> Result<FrontMatter, LocatedMessage> {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineBreak)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard let opening = lines.first, opening.trimmingTrailingSpaces == "---" else { return .failure(notOpened) }
        guard let closing = lines.indices.dropFirst().first(where: { isClosing(lines[$0]) }) else {
            return .failure(notClosed)
        }
        return .success(
            FrontMatter(
                yaml: lines[1..<closing].joined(separator: "\n"),
                yamlFirstLine: 2,
                body: lines[(closing + 1)...].joined(separator: "\n")
            ))
    }

    /// LF only, the usual file: the same parts as `splitAtLineBreaks`, cut out of `text` where
    /// the fences stand, without splitting (and joining again) the notes after them.
    static func splitAtLineFeeds(_ text: String) -> Result<FrontMatter, LocatedMessage> {
        let utf8 = text.utf8
        func end(ofLineAt start: String.Index) -> String.Index {
            utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
        }
        let openingEnd = end(ofLineAt: utf8.startIndex)
        var opening = Substring(utf8[..<openingEnd])
        if opening.hasPrefix("\u{FEFF}") { opening = opening.dropFirst() }
        guard opening.trimmingTrailingSpaces == "---", openingEnd < utf8.endIndex else {
            return .failure(opening.trimmingTrailingSpaces == "---" ? notClosed : notOpened)
        }
        let yamlStart = utf8.index(after: openingEnd)
        var lineStart = yamlStart
        while true {
            let lineEnd = end(ofLineAt: lineStart)
            if isClosing(Substring(utf8[lineStart..<lineEnd])) {
                // The YAML ends before the line break that ends its last line.
                let yamlEnd = lineStart == yamlStart ? yamlStart : utf8.index(before: lineStart)
                let bodyStart = lineEnd == utf8.endIndex ? lineEnd : utf8.index(after: lineEnd)
                return .success(
                    FrontMatter(
                        yaml: String(Substring(utf8[yamlStart..<yamlEnd])), yamlFirstLine: 2,
                        body: String(Substring(utf8[bodyStart...]))))
            }
            guard lineEnd < utf8.endIndex else { return .failure(notClosed) }
            lineStart = utf8.index(after: lineEnd)
        }
    }

    private static func isClosing(_ line: Substring) -> Bool {
        let line = line.trimmingTrailingSpaces
        return line == "---" || line == "..."
    }

    private static let notOpened = LocatedMessage(
        SourceLocation(line: 1, column: 1),
        "a game file must start with a front matter line `---`, then YAML such as `game: \(GameKind.scores.rawValue)`, then `---`"
    )
    private static let notClosed = LocatedMessage(
        SourceLocation(line: 1, column: 1),
        "the front matter opened here is never closed; add a line `---` after the last YAML line"
    )

    /// Splitting by `Character` (grapheme breaking) is slow; most files end their lines with
    /// LF alone, and bytes split the same way then. Other line breaks
    /// (CR, VT, FF, NEL, LS, PS) take the `Character` path, which turns them into LF.
    static func hasOnlyLineFeeds(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0x0B...0x0D: return false
                case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return false
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] | 1) == 0xA9:
                    return false
                default: continue
                }
            }
            return true
        } ?? false
    }
}

/// A message with where it applies, before the file's path is known to attach.
struct LocatedMessage: Error, Sendable {
    var location: SourceLocation
    var message: String
    init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }
}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var result = self
        while result.last == " " || result.last == "\t" { result = result.dropLast() }
        return result
    }
}
