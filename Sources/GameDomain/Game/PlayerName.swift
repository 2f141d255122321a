/// Player identity across games: names match case- and whitespace-insensitively, so
/// "Andre", "andre " and "ANDRE" are one player.
public enum PlayerName {
    public static func identity(of name: String) -> String {
        plainIdentity(name) ?? name.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// The identity of a printable ASCII name with single spaces between words, nearly every
    /// name, made byte by byte; nil for any other. Leaderboards and player pages ask for every
    /// name of every game, and splitting and joining was a hundredth of a site build.
    static func plainIdentity(_ name: String) -> String? {
        let utf8 = name.utf8
        var afterSpace = true
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: " "):
                if afterSpace { return nil }
                afterSpace = true
            case 0x21...0x7E: afterSpace = false
            default: return nil
            }
        }
        // Empty, or a space at the end.
        if afterSpace { return nil }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var count = 0
            for byte in utf8 {
                buffer[count] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                count += 1
            }
            return count
        }
    }
}
