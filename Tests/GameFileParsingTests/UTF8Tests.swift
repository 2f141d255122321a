import GameDomain
import GameFileParsing
import Testing

@Suite("Game files that are not UTF-8")
struct UTF8Tests {
    static let front = Array("---\ngame: scores\ntitle: Caf".utf8)

    /// A bad byte sequence in the title, on line 3 after `title: Caf` (column 11).
    @Test(
        arguments: [
            ([0xFF], "0xFF"),  // never valid
            ([0xC0, 0x80], "0xC0"),  // overlong NUL
            ([0xED, 0xA0, 0x80], "0xED"),  // a UTF-16 surrogate
            ([0xE9, 0x0A], "0xE9"),  // Latin-1 é, cut short by the line break
        ] as [([UInt8], String)])
    func badBytesAreReportedWhereTheyStand(bad: [UInt8], shown: String) {
        let data = (Self.front + bad + Array("\nplayers: [Ann]\n---\n".utf8))
        guard
            case .failure(let errors) = data.withUnsafeBytes({ GameFileParser.parse(bytes: $0, path: "night/cafe.md") })
        else {
            Issue.record("bytes that are not UTF-8 were accepted")
            return
        }
        #expect(
            errors.diagnostics.map(\.description) == [
                "night/cafe.md:3:11: error: the file is not valid UTF-8 (byte \(Self.front.count) is \(shown)); save it as UTF-8"
            ])
    }

    @Test func validTextAfterManyLinesIsRead() {
        let text =
            "---\ngame: scores\ntitle: Café ☕︎ 🎲\r\ndate: 2026-11-20\nplayers: [Zoë, 李]\nwin: highest\nrounds:\n  - {Zoë: 3, 李: 4}\n---\nNotes: \u{2028}fine\n"
        let game: Game
        switch Array(text.utf8).withUnsafeBytes({ GameFileParser.parse(bytes: $0, path: "cafe.md") }) {
        case .success(let parsed): game = parsed
        case .failure(let errors):
            Issue.record("valid UTF-8 was rejected: \(errors.diagnostics)")
            return
        }
        #expect(game.title == "Café ☕︎ 🎲")
        #expect(game.notes.contains("fine"))
    }
}
