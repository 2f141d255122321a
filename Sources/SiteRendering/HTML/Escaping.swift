/// The one place where text becomes markup-safe. Everything user-supplied goes through here
/// (or through Mustache's `{{…}}`, which escapes the same five characters).
public enum Escape {
    /// Text safe in HTML and XML content and in quoted attribute values. Characters that are not
    /// allowed in XML at all (NUL and other C0 controls, lone surrogates cannot occur in Swift
    /// strings) are replaced with U+FFFD so that SVG and feeds stay well-formed.
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

    /// Appends `text`, made safe as by `markup`, to UTF-8 `output`: for writers that build
    /// bytes (SVG), so no escaped copy is made.
    static func append(_ text: String, to output: inout [UInt8]) {
        withUTF8(text) { bytes in
            if bytes.contains(where: needsCare) { escape(bytes, into: &output) } else { output.append(contentsOf: bytes) }
        }
    }

    /// Appends `text` as it is: for names of our own (elements, attributes), never user input.
    static func appendVerbatim(_ text: String, to output: inout [UInt8]) {
        withUTF8(text) { output.append(contentsOf: $0) }
    }

    /// The text's UTF-8 bytes without copying the string (native and small strings, nearly all).
    private static func withUTF8(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if text.utf8.withContiguousStorageIfAvailable(body) == nil {
            var text = text
            text.withUTF8(body)
        }
    }

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
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
    }

    private static let replacement = Array("\u{FFFD}".utf8)

    private static func needsCare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF: true
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F: true
        default: false
        }
    }
}
