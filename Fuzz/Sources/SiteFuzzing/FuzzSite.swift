public import GameDomain
import GameFileParsing
public import SiteRendering

/// The games both site fuzzers render: one of each kind, each carrying `marker` in a player's
/// name, a title, a board game, a location. The marker holds `<` between two characters no
/// template has, so "🃏<🃏" in a page means a value was printed unescaped.
public enum FuzzSite {
    public static let marker = "🃏<🃏"

    public static let games: [SiteGame] = files.enumerated().map { index, text in
        switch GameFileParser.parse(text, path: "fuzz-\(index).md") {
        case .success(let game): SiteGame(game: game, slug: "game-\(index)", file: "fuzz-\(index).md")
        case .failure(let errors): fatalError("a fixed game does not parse: \(errors.diagnostics)")
        }
    }

    static let files = [
        """
        ---
        game: scores
        title: "Hearts \(marker) 1"
        boardgame: "Hearts \(marker)"
        date: 2026-11-20T18:40
        location: "The \(marker) Crown"
        duration: 45
        win: lowest
        players: ["Ann \(marker) Lee", Bo, Cy]
        rounds:
          - {"Ann \(marker) Lee": 4, Bo: 0, Cy: 13}
          - {"Ann \(marker) Lee": 2, Bo: 11, Cy: 6}
        ---
        Notes with *emphasis* and a [link](https://example.org/).
        """,
        """
        ---
        game: scores
        title: Hearts again
        boardgame: "Hearts \(marker)"
        date: 2026-11-27T18:40
        bgg: 178900
        teams:
          "Red \(marker)": ["Ann \(marker) Lee", Bo]
          Blue: [Cy]
        winners: ["Red \(marker)"]
        ---
        """,
        """
        ---
        game: bowling
        title: Bowling night
        date: 2026-11-21T19:00
        players:
          - name: "Ann \(marker) Lee"
            rolls: X X X X X X X X X XXX
          - name: Bo
            rolls: 9/ X 8- 7/ X X 9- (8)1 F/ X9/
        ---
        """,
        """
        ---
        game: fifteen
        title: Puzzle race
        date: 2026-11-22T13:10
        size: 4
        start:
          shuffle: {seed: 13}
        players:
          - name: "Ann \(marker) Lee"
            moves: R2 D3 L2 U3 R2 D2 L U L U R2 D2 L D L U2 R D L U2 R D R2 D2 L2 U
            time: 2:00
        ---
        """,
    ]

    /// Fails when a file holds the marker: a value reached it unescaped.
    public static func checkEscaped(_ file: SiteFile, _ context: @autoclosure () -> String) {
        require(!contains(file.contents, marker), "\(file.path) prints a value unescaped (\(context()))")
    }

    /// A byte search: Foundation's `contains` compares characters and was a fifth of the run.
    static func contains(_ text: String, _ part: String) -> Bool {
        var text = text
        var part = part
        return text.withUTF8 { text in
            part.withUTF8 { part in
                guard let first = part.first, text.count >= part.count else { return part.isEmpty }
                var index = 0
                while let found = text[index...(text.count - part.count)].firstIndex(of: first) {
                    if text[found..<(found + part.count)].elementsEqual(part) { return true }
                    index = found + 1
                    if index > text.count - part.count { return false }
                }
                return false
            }
        }
    }
}

/// A location is a line of `text` (lines end at `lineBreaks`) and a column at most one past that
/// line's end, counted in characters (an upper bound for every column we report).
public func checkLocation(_ diagnostic: Diagnostic, in text: String, lineBreaks: Set<Character>) {
    guard let location = diagnostic.location else { return require(false, "no location: \(diagnostic)") }
    let lines = text.split(omittingEmptySubsequences: false) { lineBreaks.contains($0) }
    require(lines.indices.contains(location.line - 1), "line out of range: \(diagnostic)")
    let width = lines[location.line - 1].unicodeScalars.count
    require(location.column >= 1 && location.column <= width + 1, "column out of range: \(diagnostic)")
}

/// `precondition`, but its message survives `-O`, so the crash report says what broke.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
