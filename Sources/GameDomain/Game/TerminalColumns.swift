/// How wide text is in a terminal: East Asian wide and fullwidth characters (花子, たろう, ＡＢ)
/// and emoji take two columns, combining marks none (a character is one grapheme), the rest one.
/// Pages use it too, to fit text to a width.
public enum TerminalColumns {
    public static func count(_ text: String) -> Int {
        text.reduce(0) { $0 + width($1) }
    }

    /// `text` and the spaces that make it `columns` wide.
    public static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - count(text)))
    }

    public static func width(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        return wide.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The East Asian Wide (W) and Fullwidth (F) blocks of Unicode's EastAsianWidth.txt, merged
    /// into ranges; what lies between them in a block is unassigned.
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initials
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed CJK
        0x3400...0x4DBF,  // CJK Extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo Extended-A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x1B000...0x1B2FF,  // Kana supplement and extensions, Nüshu
        0x20000...0x3FFFD,  // CJK Extensions B and later
    ]
}
