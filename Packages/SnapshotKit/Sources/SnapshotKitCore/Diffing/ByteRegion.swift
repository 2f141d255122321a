import Foundation

/// The part of two texts that differs, in whole lines, with `context` equal lines on each side:
/// found with memcmp and memchr, so a 44 MB snapshot with one changed line costs a pass of
/// memory comparison, not a line split, hash and diff of every line (in a debug build too).
struct ByteRegion {
    /// UTF-8 offsets of the region in each text.
    var old: Range<Int>, new: Range<Int>
    /// Lines before the region (the same in both texts).
    var linesBefore: Int

    /// nil when the texts are the same bytes.
    init?(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, context: Int) {
        let prefix = Self.commonPrefix(a, b)
        if prefix == a.count && prefix == b.count { return nil }
        let suffix = Self.commonSuffix(a, b, limit: min(a.count, b.count) - prefix)
        // Back to the start of the line holding the first difference, then `context` lines more.
        var start = Self.lineStart(before: prefix, in: a)
        for _ in 0..<context where start > 0 { start = Self.lineStart(before: start - 1, in: a) }
        // Forward past the end of the line holding the last difference, then `context` lines more.
        var tail = suffix  // equal bytes at the end of both
        func dropLine() {
            let from = a.count - tail
            guard let newline = Self.firstNewline(in: a, from: from) else {
                tail = 0
                return
            }
            tail = a.count - (newline + 1)
        }
        // Unless the equal end starts a line in both texts, its first (partial) line belongs to
        // the changed line.
        func startsLine(_ x: UnsafeBufferPointer<UInt8>) -> Bool { x.count == tail || x[x.count - tail - 1] == 0x0A }
        if tail > 0, !(startsLine(a) && startsLine(b)) { dropLine() }
        for _ in 0..<context where tail > 0 { dropLine() }
        old = start..<(a.count - tail)
        new = start..<(b.count - tail)
        linesBefore = Self.newlines(in: a, upTo: start)
    }

    static func commonPrefix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        guard let x = a.baseAddress, let y = b.baseAddress else { return 0 }
        let count = min(a.count, b.count)
        var offset = 0
        let block = 4096
        while offset + block <= count, memcmp(x + offset, y + offset, block) == 0 { offset += block }
        while offset < count, x[offset] == y[offset] { offset += 1 }
        return offset
    }

    static func commonSuffix(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        guard let x = a.baseAddress, let y = b.baseAddress else { return 0 }
        var length = 0
        let block = 4096
        while length + block <= limit, memcmp(x + a.count - length - block, y + b.count - length - block, block) == 0 {
            length += block
        }
        while length < limit, x[a.count - length - 1] == y[b.count - length - 1] { length += 1 }
        return length
    }

    /// The offset just after the last newline before `offset` (0 when there is none).
    static func lineStart(before offset: Int, in a: UnsafeBufferPointer<UInt8>) -> Int {
        var index = min(offset, a.count)
        while index > 0, a[index - 1] != 0x0A { index -= 1 }
        return index
    }

    static func firstNewline(in a: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        guard let base = a.baseAddress, offset < a.count,
            let found = memchr(base + offset, 0x0A, a.count - offset)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    static func newlines(in a: UnsafeBufferPointer<UInt8>, upTo end: Int) -> Int {
        var count = 0
        var offset = 0
        while offset < end, let newline = firstNewline(in: a, from: offset), newline < end {
            count += 1
            offset = newline + 1
        }
        return count
    }
}

extension UTF8Text {
    /// Runs `body` on the UTF-8 bytes of `text`, contiguous (native strings already are).
    static func withBytes<R>(_ text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = String(text)
        return copy.withUTF8(body)
    }
}
