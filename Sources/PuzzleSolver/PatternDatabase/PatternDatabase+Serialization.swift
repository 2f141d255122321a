import GameDomain

/// The cache file format, pure (the reading and writing is in `PatternDatabaseCache+FileSystem`):
///
///     8 bytes   "GNPDB002"
///     4 bytes   header length H, little-endian
///     H bytes   header text: "size=4;groups=1,5,6|…;entries=5765760,…;bits=4"
///     …         the tables, in group order, as in memory (`PatternDatabase.storage`)
///     8 bytes   FNV-1a 64 of everything before it, little-endian
///
/// A file whose header, length or checksum does not match is damaged and is never used.
/// The magic names the table layout: "GNPDB001" files held one byte per cells^k index. The
/// file name is a hash of the header, magic included, so a new layout also gets a new name.
extension PatternDatabase {
    static let magic = Array("GNPDB002".utf8)

    /// Magic, header length and header text for `partition`.
    static func fileHeader(for partition: PatternPartition) -> [UInt8] {
        let groups = partition.groups.map { $0.map(String.init).joined(separator: ",") }.joined(separator: "|")
        let entries = partition.tableEntries.map(String.init).joined(separator: ",")
        let text = Array("size=\(partition.size);groups=\(groups);entries=\(entries);bits=4".utf8)
        return magic + littleEndianBytes(UInt64(text.count), count: 4) + text
    }

    /// The bytes after the tables: the checksum of header and tables.
    func fileTrailer(header: [UInt8]) -> [UInt8] {
        var checksum = FNV1a64()
        checksum.combine(header)
        checksum.combine(storage)
        return Self.littleEndianBytes(checksum.value, count: 8)
    }

    /// Reads a cache file's bytes for `partition`; throws a description of the damage.
    /// Takes the bytes over and trims them in place, so loading needs no second copy.
    static func decode(_ bytes: consuming [UInt8], partition: PatternPartition) throws(CacheDamage) -> PatternDatabase {
        let header = fileHeader(for: partition)
        let tableBytes = partition.tableBytes.reduce(0, +)
        guard bytes.count == header.count + tableBytes + 8 else {
            throw CacheDamage("expected \(header.count + tableBytes + 8) bytes, found \(bytes.count)")
        }
        guard bytes[0..<header.count].elementsEqual(header) else {
            throw CacheDamage("the header does not describe this partition")
        }
        var checksum = FNV1a64()
        checksum.combine(bytes[0..<header.count + tableBytes])
        let stored = bytes[(header.count + tableBytes)...].reversed().reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        guard stored == checksum.value else { throw CacheDamage("the checksum does not match") }
        bytes.removeLast(8)
        bytes.removeFirst(header.count)
        return PatternDatabase(partition: partition, storage: bytes)
    }

    static func littleEndianBytes(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
    }
}

/// Why a cache file was not used.
struct CacheDamage: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
