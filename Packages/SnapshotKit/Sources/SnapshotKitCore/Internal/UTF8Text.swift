import Foundation

/// Strict UTF-8: text is decoded only when every byte survives the round trip, so a stored
/// file never turns into a String that equals something it is not (lossy decoding maps every
/// invalid sequence to U+FFFD, and Foundation's decoder may drop a byte order mark).
enum UTF8Text {
    static func decode(_ data: Data) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        let same: Bool = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            withBytes(text) { (utf8: UnsafeBufferPointer<UInt8>) -> Bool in
                guard utf8.count == raw.count else { return false }
                guard let p = raw.baseAddress, let q = utf8.baseAddress else { return true }  // both empty
                return memcmp(p, q, raw.count) == 0
            }
        }
        return same ? text : nil
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil when all are.
    static func firstInvalidByte(_ data: Data) -> Int? {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Whether two texts are the same bytes (`==` on String is canonical equivalence, which
    /// calls "é" and "e\u{301}" equal).
    static func sameBytes(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        withBytes(a) { x in
            withBytes(b) { y in
                guard x.count == y.count else { return false }
                guard let p = x.baseAddress, let q = y.baseAddress else { return true }  // both empty
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}
