/// The one place where text becomes markup-safe. Everything user-supplied goes through here
/// (or through Mustache's `{{…}}`, which escapes the same five characters).
public enum Escape {
    /// Text safe in HTML and XML content and in quoted attribute values. Characters that are not
    /// allowed in XML at all (NUL and other C0 controls, lone surrogates cannot occur in Swift
    /// strings) are replaced with U+FFFD so that SVG and feeds stay well-formed. Bidi controls
    /// the text leaves open are closed at its end.
    public static func markup(_ text: String) -> String {
        // Bytes, not scalars: this runs on every name and label of every page.
        var text = text
        let escaped: String? = text.withUTF8 { bytes in
            guard bytes.contains(where: needsCare) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 32)
            escape(bytes, into: &output)
            return String(decoding: output, as: UTF8.self)
        }
        return escaped ?? text
    }

    /// `text` as a JSON string literal that cannot end the `<script>` element it is printed in:
    /// besides JSON's own escapes, `<`, `>` and `&` are written `\u003c`, `\u003e` and `\u0026`
    /// (no `</script>`, `<!--` or character reference can form), U+2028 and U+2029, which end a
    /// line in older JavaScript, `\u2028` and `\u2029`, and quotes `\u0022` and `\u0027`, so
    /// the page holds no quote of the user's that a scan for attributes could take for one.
    public static func scriptJSON(_ text: String) -> String {
        // Byte by byte: every character escaped is ASCII but U+2028 and U+2029 (E2 80 A8, A9),
        // and scalar by scalar, every scorecard's JSON-LD and the search index took a fiftieth of
        // a build.
        let output = withUTF8(text) { bytes in
            var output: [UInt8] = [UInt8(ascii: "\"")]
            output.reserveCapacity(bytes.count + 2)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\\"): output += #"\\"#.utf8
                case 0x0A: output += #"\n"#.utf8
                case 0x0D: output += #"\r"#.utf8
                case 0x09: output += #"\t"#.utf8
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'"),
                    0x00...0x1F, 0x7F:
                    appendUnicodeEscape(UInt32(byte), to: &output)
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (0xA8...0xA9).contains(bytes[index + 2]):
                    appendUnicodeEscape(0x2000 + UInt32(bytes[index + 2]) - 0x80, to: &output)
                    index += 2
                default: output.append(byte)
                }
                index += 1
            }
            output.append(UInt8(ascii: "\""))
            return output
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `\u` and four lowercase hex digits.
    private static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        output += #"\u"#.utf8
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt32(shift)) & 0xF)
            output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }

    /// Appends `text`, made safe as by `markup`, to UTF-8 `output`: for writers that build
    /// bytes (SVG), so no escaped copy is made.
    static func append(_ text: String, to output: inout [UInt8]) {
        withUTF8(text) { bytes in
            if bytes.contains(where: needsCare) {
                escape(bytes, into: &output)
            } else {
                output.append(contentsOf: bytes)
            }
        }
    }

    /// Appends `text` as it is: for names of our own (elements, attributes), never user input.
    static func appendVerbatim(_ text: String, to output: inout [UInt8]) {
        withUTF8(text) { output.append(contentsOf: $0) }
    }

    /// The text's UTF-8 bytes without copying the string (native and small strings, nearly all).
    static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        // The closers (PDF, PDI) owed for bidi embeddings, overrides and isolates the text opens:
        // appended at its end, so a name cannot turn the page's text around it.
        var bidi = BidiBalance()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0xE2 where bidi.take(bytes, at: index):
                output += [byte, bytes[index], bytes[index + 1]]
                index += 2
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\""): output += "&quot;".utf8
            case UInt8(ascii: "'"): output += "&#39;".utf8
            case 0x09, 0x0A, 0x0D: output.append(byte)
            case 0x00...0x1F: output += replacement
            // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not XML characters either.
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && bytes[index + 1] >= 0xBE:
                output += replacement
                index += 2
            default: output.append(byte)
            }
        }
        output += bidi.closers
    }

    /// `text` with the closers (PDF, PDI) owed for the bidi embeddings, overrides and isolates it
    /// opens appended: for text put beside ours in a plain-text value (a sentence of `SiteTexts`,
    /// the calendar), where no markup isolates it. `text` itself when it owes none.
    public static func closingBidi(_ text: String) -> String {
        let closers = withUTF8(text, bidiClosers)
        return closers.isEmpty ? text : text + String(decoding: closers, as: UTF8.self)
    }

    /// `closingBidi(text)`'s bytes, appended to `output`.
    static func appendClosingBidi(_ text: String, to output: inout [UInt8]) {
        withUTF8(text) { bytes in
            output.append(contentsOf: bytes)
            output += bidiClosers(bytes)
        }
    }

    private static func bidiClosers(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard bytes.contains(0xE2) else { return [] }
        var bidi = BidiBalance()
        for index in bytes.indices where bytes[index] == 0xE2 { _ = bidi.take(bytes, at: index + 1) }
        return bidi.closers
    }

    /// The bidi controls met so far, and what closes those still open.
    private struct BidiBalance {
        /// The last bytes of the closers owed, innermost last.
        private var open: [UInt8] = []

        /// Whether the bytes from `index`, after an 0xE2, end a bidi control (taking it into
        /// account): U+202A…U+202E (E2 80 AA…AE: LRE, RLE, PDF, LRO, RLO) or U+2066…U+2069
        /// (E2 81 A6…A9: LRI, RLI, FSI, PDI; a PDI also closes what its isolate holds).
        mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
            guard index + 1 < bytes.count else { return false }
            let control = bytes[index + 1]
            switch bytes[index] {
            case 0x80 where (0xAA...0xAE).contains(control):
                if control != pdf {
                    open.append(pdf)
                } else if open.last == pdf {
                    open.removeLast()
                }
            case 0x81 where (0xA6...0xA9).contains(control):
                if control != pdi {
                    open.append(pdi)
                } else if let isolate = open.lastIndex(of: pdi) {
                    open.removeSubrange(isolate...)
                }
            default: return false
            }
            return true
        }

        var closers: [UInt8] { open.reversed().flatMap { [0xE2, $0 == pdf ? 0x80 : 0x81, $0] } }
    }

    private static let replacement = Array("\u{FFFD}".utf8)
    /// The last bytes of U+202C POP DIRECTIONAL FORMATTING and U+2069 POP DIRECTIONAL ISOLATE.
    private static let pdf: UInt8 = 0xAC, pdi: UInt8 = 0xA9

    private static func needsCare(_ byte: UInt8) -> Bool {
        switch byte {
        // 0xE2 starts the bidi controls (and common punctuation, which passes unchanged).
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xE2, 0xEF:
            true
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F: true
        default: false
        }
    }
}
