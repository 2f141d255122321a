import GameFileParsing
import Testing

@Suite("Hostile front matter")
struct HostileYAMLTests {
    func diagnostics(_ yaml: String) -> [String] {
        guard case .failure(let errors) = GameFileParser.parse("---\n\(yaml)\n---\n", path: "x.md") else { return [] }
        return errors.diagnostics.map(\.description)
    }

    /// Each level multiplies the expansion by 9: nine levels against three would cost 9⁶ times
    /// as much if the aliases were expanded before being refused.
    @Test("A billion-laughs alias bomb is refused before it expands")
    func aliasBomb() {
        func bomb(levels: Int) -> String {
            var yaml =
                "game: scores\ntitle: T\ndate: 2026-11-20\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
            for level in 1...levels {
                yaml +=
                    "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
                    + "]\n"
            }
            return yaml + "players: *a\(levels)"
        }
        let deep = bomb(levels: 9)
        let shallow = bomb(levels: 3)
        #expect(
            diagnostics(deep) == [
                "x.md:6:10: error: YAML aliases (`*name`) are not allowed in game files; write the value out in full (quote text that starts with `*`)"
            ])
        let ratio = Scaling.ratio(
            of: { for _ in 0..<20 { _ = diagnostics(deep) } }, to: { for _ in 0..<20 { _ = diagnostics(shallow) } })
        #expect(ratio < Scaling.maximumRatio)
    }

    /// Every scalar is text to a game file, so `1` and `"1"` name the same player.
    @Test(
        "A key written twice is an error, however it is quoted",
        arguments: ["{Ann: 1, Ann: 2}", "{1: 1, \"1\": 2}", "{true: 1, 'true': 2}"])
    func duplicateKeys(round: String) {
        let found = diagnostics(
            "game: scores\ntitle: T\ndate: 2026-11-20\nplayers: [Ann, \"1\", \"true\"]\nrounds:\n  - \(round)")
        #expect(found.count == 1)
        #expect(found.first?.contains("appears twice in one mapping; keep one of them") == true)
    }

    @Test(
        "Deep nesting is refused",
        arguments: [
            Labeled("10,000 opening brackets", String(repeating: "[", count: 10_000)),
            Labeled(
                "40 nested keys", (0..<40).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
            ),
            Labeled(
                "40 nested block lists",
                (0..<40).map { String(repeating: "  ", count: $0) + "- " }.joined(separator: "\n") + "x"),
            Labeled("40 block lists on one line", "players:\n  " + String(repeating: "- ", count: 40) + "x"),
            // A lone CR ends a line for YAML too; the check once read this as one line (fuzzer).
            Labeled(
                "40 nested keys on lone CRs",
                (0..<40).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\r")),
        ])
    func deepNesting(_ yaml: Labeled<String>) {
        let found = diagnostics("game: scores\n" + yaml.value)
        #expect(found.count == 1)
        #expect(found.first?.contains("nests deeper than 32 levels") == true)
    }

    @Test(
        "Stars inside quotes, comments and words are not aliases",
        arguments: [
            "title: \"*starred*\"", "title: '*starred*'", "title: T # *not an alias", "title: 5*3",
        ])
    func notAliases(line: String) {
        let found = diagnostics("game: scores\n\(line)\ndate: 2026-11-20\nplayers: [A]")
        #expect(found.isEmpty, "\(found)")
    }

    @Test(
        "A lone CR, NEL, LS or PS ends a line everywhere, so locations agree with the YAML library's",
        arguments: ["\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func unusualLineBreaks(separator: String) {
        let text = ["---", "game: scores", "title: T", "date: 2026-13-01", "players: [A]", "---", "Notes."].joined(
            separator: separator)
        guard case .failure(let errors) = GameFileParser.parse(text, path: "x.md") else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.map { "\($0.location?.description ?? "none")" } == ["4:7"])
    }
}
