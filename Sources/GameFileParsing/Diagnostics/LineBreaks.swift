// Where lines end, for every line and column we report. The YAML library (libyaml, YAML 1.1)
// ends a line at LF, CRLF, a lone CR, NEL (U+0085), LS (U+2028) and PS (U+2029); counting the
// same breaks everywhere keeps our locations and its marks in agreement (found by the fuzzer).

extension Character {
    /// A line break as YAML counts it. CRLF is one Character in Swift.
    var isLineBreak: Bool {
        switch self {
        case "\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }
}

/// The length in bytes of the line break starting at `index` in UTF-8 `bytes`, or 0.
func lineBreakLength(_ bytes: [UInt8], at index: Int) -> Int {
    func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    switch (byte(0), byte(1), byte(2)) {
    case (0x0A, _, _): return 1
    case (0x0D, 0x0A, _): return 2
    case (0x0D, _, _): return 1
    case (0xC2, 0x85, _): return 2
    case (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9): return 3
    default: return 0
    }
}

/// Each line's length in scalars (as the YAML library counts columns). One pass over the bytes:
/// a 1 MB front matter must stay cheap.
func widthsOfLines(_ text: String) -> [Int] {
    let bytes = Array(text.utf8)
    var widths: [Int] = []
    var width = 0
    var index = 0
    while index < bytes.count {
        let length = lineBreakLength(bytes, at: index)
        if length > 0 {
            widths.append(width)
            width = 0
            index += length
        } else {
            if bytes[index] & 0xC0 != 0x80 { width += 1 }  // the first byte of a scalar
            index += 1
        }
    }
    widths.append(width)
    return widths
}
