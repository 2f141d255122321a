/// Characters a terminal or test log would act on or hide (NUL cuts a Swift Testing message
/// short, ESC starts a terminal sequence, a lone CR rewrites the line), written visibly.
enum Visible {
    /// `text` with such characters escaped, or nil when it has none (the common case). A CR
    /// ending the line stays: a CRLF line is noted separately, and its patch still applies.
    static func escaping(_ line: Substring) -> String? {
        let text = line.utf8.last == 0x0D ? line.dropLast() : line
        let plain = UTF8Text.withBytes(line) { isPlain($0) }
        guard !plain else { return nil }
        var result = ""
        var changed = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0:
                result += "[NUL]"
                changed = true
            case 0x0D:
                result += "\\r"
                changed = true
            case 0x09: result.unicodeScalars.append(scalar)
            case 0x01..<0x20, 0x7F...0x9F, 0xAD, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0xFEFF:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                changed = true
            default: result.unicodeScalars.append(scalar)
            }
        }
        return changed ? result + line[text.endIndex...] : nil
    }

    /// Whether `escaping` leaves the line with these bytes as it is (it has no character to
    /// escape, a final CR aside). A loop over the raw bytes: `contains(where:)` calls a
    /// closure per byte in a debug build.
    static func isPlain(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let bytes = line.baseAddress else { return true }
        let count = line.count > 0 && bytes[line.count - 1] == 0x0D ? line.count - 1 : line.count
        // A while loop over the pointer: a `for` loop makes a generic iterator call per byte.
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 && byte != 0x09 || byte >= 0x7F { return false }
            index += 1
        }
        return true
    }
}
