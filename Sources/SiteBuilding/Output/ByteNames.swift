import Foundation

/// Byte strings numbered in the order first met, kept end to end in one buffer. The link check
/// keeps every page, link and target of a site: as a `String` and a dictionary entry each, they
/// were a sixth of a 10,000-game build's peak memory, and a link looked up by its bytes needs no
/// `String` made first. Names are compared by their bytes, never canonically: `é` and `e` + U+0301
/// are different files.
struct ByteNames {
    /// Every name's bytes, one after the other.
    private var bytes: [UInt8] = []
    /// Where each name ends in `bytes`; it starts where the one before it ends.
    private var ends: [Int] = []
    /// Open addressing: each slot holds a name's number plus one, or 0 when empty. Kept at most
    /// half full, so a probe ends soon.
    private var slots = [Int32](repeating: 0, count: 16)

    var count: Int { ends.count }

    /// The number of `name`, adding it if new. An `Int32` is enough: 2³¹ names would not fit in
    /// memory beside their table.
    mutating func number(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
        var slot = Self.hash(name) & (slots.count - 1)
        while slots[slot] != 0 {
            if self.name(Int(slots[slot] - 1), equals: name) { return slots[slot] - 1 }
            slot = (slot + 1) & (slots.count - 1)
        }
        let number = Int32(ends.count)
        bytes.append(contentsOf: name)
        ends.append(bytes.count)
        slots[slot] = number + 1
        if 2 * ends.count > slots.count { grow() }
        return number
    }

    mutating func number(_ name: String) -> Int32 {
        var name = name
        return name.withUTF8 { number($0) }
    }

    subscript(number: Int32) -> String {
        String(decoding: bytes[range(Int(number))], as: UTF8.self)
    }

    /// Whether name `a` comes before name `b` in the order of their bytes.
    func precedes(_ a: Int32, _ b: Int32) -> Bool {
        let (first, second) = (range(Int(a)), range(Int(b)))
        return bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return false }
            let order = memcmp(base + first.lowerBound, base + second.lowerBound, min(first.count, second.count))
            return order < 0 || order == 0 && first.count < second.count
        }
    }

    private func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    private func name(_ index: Int, equals other: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = range(index)
        guard range.count == other.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress, let start = other.baseAddress else { return range.isEmpty }
            return memcmp(base + range.lowerBound, start, other.count) == 0
        }
    }

    /// Seeded per process: names come from users' notes, and a fixed hash would let a page of
    /// crafted links make every probe walk the whole table.
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(name))
        return hasher.finalize()
    }

    private mutating func grow() {
        var slots = [Int32](repeating: 0, count: 2 * self.slots.count)
        bytes.withUnsafeBufferPointer { all in
            for index in ends.indices {
                var slot = Self.hash(UnsafeBufferPointer(rebasing: all[range(index)])) & (slots.count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = Int32(index + 1)
            }
        }
        self.slots = slots
    }
}
