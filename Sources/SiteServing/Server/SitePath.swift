import SiteBuilding

/// A request target turned into the path of a file inside the site, or the reason it is refused.
/// Pure: it never touches the disk, so every rule is checked before a path meets the file system
/// (where `SiteFiles` checks symbolic links).
///
/// The target is decoded once; whatever would need a second decoding, or could mean another
/// folder on some system, is refused rather than normalized: `..` and `.` segments, empty
/// segments (`//`), an encoded `/` or `%` (`%2f`, `%252e`), backslashes, NUL and other control
/// characters, non-UTF-8 bytes, and targets that are not a plain `/path` (`http://…`, `*`).
public struct SitePath: Sendable, Hashable {
    /// Decoded segments, e.g. `["games", "x.html"]`; empty for the site's root.
    public var segments: [String]
    /// The target ended in `/` (or was `/`): it names a folder.
    public var namesFolder: Bool

    public enum Refusal: Error, Sendable, Hashable {
        /// Longer than `maxTargetBytes`: 414.
        case tooLong
        /// Not a path inside the site: 400.
        case malformed
    }

    public static let maxTargetBytes = 2048
    static let maxSegmentBytes = 255
    static let maxSegments = 32

    /// `target` is the request line's target as sent, e.g. `/games/x.html?v=2`.
    public static func parse(_ target: String) -> Result<SitePath, Refusal> {
        let bytes = Array(target.utf8)
        guard bytes.count <= maxTargetBytes else { return .failure(.tooLong) }
        // The query and fragment never name a file.
        let path = bytes.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard path.first == UInt8(ascii: "/") else { return .failure(.malformed) }
        var segments: [String] = []
        let raw = path.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (index, part) in raw.enumerated() {
            // A trailing slash leaves one empty part; any other empty part is `//`.
            if part.isEmpty && index == raw.count - 1 { break }
            guard let segment = decode(part) else { return .failure(.malformed) }
            segments.append(segment)
        }
        guard segments.count <= maxSegments else { return .failure(.malformed) }
        return .success(SitePath(segments: segments, namesFolder: path.last == UInt8(ascii: "/")))
    }

    /// One segment, percent-decoded once and checked; nil when refused.
    static func decode(_ raw: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            var byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.endIndex, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                else { return nil }
                byte = high << 4 | low
                index += 2
            }
            bytes.append(byte)
            index += 1
        }
        guard !bytes.isEmpty, bytes.count <= maxSegmentBytes, bytes != [0x2E], bytes != [0x2E, 0x2E] else { return nil }
        // After one decoding: no separator, no escape left to decode again, no control character.
        for byte in bytes
        where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
            || byte == UInt8(ascii: "%")
        {
            return nil
        }
        return String(validUTF8: bytes)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
