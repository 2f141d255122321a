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
        var lines = hasOnlyLineFeeds(text)
            ? text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
            : text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineBreak)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        guard let opening = lines.first, opening.trimmingTrailingSpaces == "---" else {
            return .failure(LocatedMessage(
                SourceLocation(line: 1, column: 1),
                "a game file must start with a front matter line `---`, then YAML such as `game: \(GameKind.scores.rawValue)`, then `---`"
            ))
        }
        guard let closing = lines.indices.dropFirst().first(where: {
            let line = lines[$0].trimmingTrailingSpaces
            return line == "---" || line == "..."
        }) else {
            return .failure(LocatedMessage(
                SourceLocation(line: 1, column: 1),
                "the front matter opened here is never closed; add a line `---` after the last YAML line"
            ))
        }
        return .success(FrontMatter(
            yaml: lines[1..<closing].joined(separator: "\n"),
            yamlFirstLine: 2,
            body: lines[(closing + 1)...].joined(separator: "\n")
        ))
    }

    /// Splitting by `Character` (grapheme breaking) is slow; most files end their lines with
    /// LF alone, and bytes split the same way then. Other line breaks
    /// (CR, VT, FF, NEL, LS, PS) take the `Character` path, which turns them into LF.
    static func hasOnlyLineFeeds(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for (index, byte) in bytes.enumerated() {
                switch byte {
                case 0x0B...0x0D: return false
                case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return false
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] | 1) == 0xA9: return false
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
