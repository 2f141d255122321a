import GameFileParsing
import Testing

@Suite("Hostile front matter")
struct HostileYAMLTests {
    func diagnostics(_ yaml: String) -> [String] {
        guard case .failure(let errors) = GameFileParser.parse("---\n\(yaml)\n---\n", path: "x.md") else { return [] }
        return errors.diagnostics.map(\.description)
    }

    @Test("A billion-laughs alias bomb is refused before it expands")
    func aliasBomb() {
        var yaml = "game: scores\ntitle: T\ndate: 2026-11-20\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        yaml += "players: *a9"
        let clock = ContinuousClock()
        var found: [String] = []
        let elapsed = clock.measure { found = diagnostics(yaml) }
        #expect(found == ["x.md:6:10: error: YAML aliases (`*name`) are not allowed in game files; write the value out in full (quote text that starts with `*`)"])
        #expect(elapsed < .seconds(1))
    }

    /// Every scalar is text to a game file, so `1` and `"1"` name the same player.
    @Test("A key written twice is an error, however it is quoted", arguments: ["{Ann: 1, Ann: 2}", "{1: 1, \"1\": 2}", "{true: 1, 'true': 2}"])
    func duplicateKeys(round: String) {
        let found = diagnostics("game: scores\ntitle: T\ndate: 2026-11-20\nplayers: [Ann, \"1\", \"true\"]\nrounds:\n  - \(round)")
        #expect(found.count == 1)
        #expect(found.first?.contains("appears twice in one mapping; keep one of them") == true)
    }

    @Test("Deep nesting is refused", arguments: [
        String(repeating: "[", count: 10_000),
        (0..<40).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"),
        (0..<40).map { String(repeating: "  ", count: $0) + "- " }.joined(separator: "\n") + "x",
        "players:\n  " + String(repeating: "- ", count: 40) + "x",
        // A lone CR ends a line for YAML too; the check once read this as one line (fuzzer).
        (0..<40).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\r"),
    ])
    func deepNesting(yaml: String) {
        let found = diagnostics("game: scores\n" + yaml)
        #expect(found.count == 1)
        #expect(found.first?.contains("nests deeper than 32 levels") == true)
    }

    @Test("Stars inside quotes, comments and words are not aliases", arguments: [
        "title: \"*starred*\"", "title: '*starred*'", "title: T # *not an alias", "title: 5*3",
    ])
    func notAliases(line: String) {
        let found = diagnostics("game: scores\n\(line)\ndate: 2026-11-20\nplayers: [A]")
        #expect(found.isEmpty, "\(found)")
    }

    @Test("A lone CR, NEL, LS or PS ends a line everywhere, so locations agree with the YAML library's",
          arguments: ["\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func unusualLineBreaks(separator: String) {
        let text = ["---", "game: scores", "title: T", "date: 2026-13-01", "players: [A]", "---", "Notes."].joined(separator: separator)
        guard case .failure(let errors) = GameFileParser.parse(text, path: "x.md") else { Issue.record("expected an error"); return }
        #expect(errors.diagnostics.map { "\($0.location.line):\($0.location.column)" } == ["4:7"])
    }
}
