import GameDomain
import Testing

@testable import GameFileParsing

/// The composer on its own, without `YAMLSafety` in front: its own refusals are the backstop
/// for anything the safety check lets through.
@Suite("Composing front matter from libyaml's events")
struct YAMLComposerTests {
    func compose(_ yaml: String) -> Result<YAMLNode?, YAMLError> {
        YAMLComposer.compose(yaml, lineOffset: 1, lineWidths: widthsOfLines(yaml))
    }

    func message(_ yaml: String) -> String? {
        guard case .failure(let error) = compose(yaml) else { return nil }
        let located = error.located(lineOffset: 1, in: yaml)
        return "\(located.location.line):\(located.location.column) \(located.message)"
    }

    @Test func textListsAndMappingsWithTheirPlaces() throws {
        let root = try #require(try compose("game: scores\nplayers: [Ann, 'Bo b']\nrounds:\n  - {Ann: 3}\n").get())
        let pairs = try #require(root.pairs)
        #expect(pairs.map { $0.key.scalar } == ["game", "players", "rounds"])
        #expect(pairs[1].value.items?.map(\.scalar) == ["Ann", "Bo b"])
        #expect(pairs[1].value.items?.last?.location == GameDomain.SourceLocation(line: 3, column: 16))
        #expect(pairs[2].value.items?.first?.pairs?.first?.value.scalar == "3")
        #expect(pairs[2].value.items?.first?.location == GameDomain.SourceLocation(line: 5, column: 5))
    }

    @Test("No text, or only comments, is no document", arguments: ["", "# nothing\n", "\n\n"])
    func noDocument(yaml: String) throws {
        #expect(try compose(yaml).get() == nil)
    }

    @Test func anEmptyDocumentIsANull() throws {
        #expect(try compose("---\n").get()?.isNull == true)
    }

    @Test func aSecondDocumentIsAnError() {
        #expect(
            message("a: 1\n---\nb: 2\n")?.contains(
                "expected a single document in the stream: but found another document") == true)
    }

    @Test(
        "The same text is the same key, quoted or not; a tag makes another",
        arguments: [
            ("{a: 1, \"a\": 2}", "2:2 the key `a` appears twice in one mapping; keep one of them"),
            ("{b: 1, a: 2, b: 3, a: 4}", "2:8 the key `a`, `b` appears twice in one mapping; keep one of them"),
            ("{!!str a: 1, a: 2}", "2:2 the key `a` appears twice in one mapping; keep one of them"),
        ])
    func duplicateKeys(yaml: String, expected: String) {
        #expect(message(yaml) == expected)
    }

    @Test func aKeyShownInAMessageCannotDriveTheTerminal() throws {
        let shown = try #require(message("{\"\\e[2J\": 1, \"\\e[2J\": 2}"))
        #expect(shown.contains("\u{FFFD}[2J") && !shown.contains("\u{1B}"))
    }

    @Test func aTaggedKeyDiffersFromText() throws {
        #expect(try compose("{!!int 1: a, 1: b}").get()?.pairs?.count == 2)
    }

    @Test func anAliasIsRefused() {
        #expect(message("a: &x 1\nb: *x\n")?.hasPrefix("3:4 YAML aliases (`*name`) are not allowed") == true)
    }

    /// Flow nesting the safety check would refuse at 32: the composer stops at its own bound
    /// instead of recursing as deep as the text goes.
    @Test func nestingPastTheBoundIsRefused() {
        let depth = YAMLComposer.maximumDepth + 5
        let yaml = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(message(yaml)?.contains("nests deeper than \(YAMLSafety.maximumDepth) levels") == true)
        let within = YAMLComposer.maximumDepth
        #expect(message(String(repeating: "[", count: within) + String(repeating: "]", count: within)) == nil)
    }

    /// libyaml's reader gives a byte offset; the message points at that character's line and column.
    @Test(arguments: [
        ("a: \u{1}\n", "2:4", 3), ("a: 1\nb: é\u{1}\n", "3:5", 10), ("a: 1\r\nb: '\u{2028}\u{1}'", "4:1", 13),
    ])
    func controlCharactersAreUnreadableWhereTheyStand(yaml: String, place: String, byte: Int) {
        #expect(
            message(yaml)
                == "\(place) the front matter cannot be read: control characters are not allowed at byte \(byte)")
    }
}
