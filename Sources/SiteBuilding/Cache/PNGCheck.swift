/// Whether bytes are a whole PNG file: the signature, then chunks whose lengths fit and whose
/// CRCs match, `IHDR` first and `IEND` last, ending the file. A kept card damaged anywhere (a
/// flipped bit, a file cut short) fails it and is drawn again; the pixels themselves are not
/// decoded.
enum PNGCheck {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func isWhole(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= signature.count, bytes.prefix(signature.count).elementsEqual(signature) else {
            return false
        }
        var offset = signature.count
        var first = true
        while bytes.count - offset >= 12 {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            // The type and data, then the CRC of both.
            let start = offset + 4
            guard length <= bytes.count - start - 8 else { return false }
            let end = start + 4 + length
            let stored = bytes[end..<end + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard crc32(bytes[start..<end]) == stored else { return false }
            let type = bytes[start..<start + 4]
            guard !first || type.elementsEqual("IHDR".utf8) else { return false }
            first = false
            offset = end + 4
            if type.elementsEqual("IEND".utf8) { return length == 0 && offset == bytes.count }
        }
        return false
    }

    /// CRC-32 as PNG (and zlib) computes it: polynomial 0xEDB88320, reflected.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
}
