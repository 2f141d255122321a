import GameDomain
import Testing

@Suite("Columns of names in any script")
struct TerminalColumnsTests {
    @Test(arguments: [
        ("Ann", 3), ("花子", 4), ("たろう", 6), ("Zoe\u{0308}", 3), ("ＡＢ", 4), ("김민준", 6), ("Ana 🎳", 6), ("", 0),
    ])
    func columns(name: String, columns: Int) {
        #expect(TerminalColumns.count(name) == columns)
    }
}
