import Foundation

/// The strategies' diffs of a root's pending outputs, for `snapshots status` and `review`,
/// which can't run a strategy: one file, `.snapshots-pending/diffs.log`, that each failure
/// appends a record to. A file created per failure would cost a second inode allocation, and on
/// ext4 one is slow after recent deletions. A record names its reference and stamps the pending
/// output it describes (device, inode, size, modification and change times); it is shown only
/// while that output is still the one pending, so a record never describes an output that
/// something else wrote or replaced since.
///
/// A record: `snapshot-diff <path bytes> <diff bytes> <stamp>\n<path><diff>\n`.
enum PendingDiffLog {
    static let name = "diffs.log"

    /// Past this size, an append rewrites the log with only the records still valid.
    static let compactionSize = 8 << 20

    static func path(rootPath: String) -> String {
        rootPath + "/" + SnapshotLocation.pendingFolderName + "/" + name
    }

    /// What identifies one version of a pending file.
    struct Stamp: Equatable {
        var fields: [Int64]

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            #if canImport(Darwin)
                let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
            #else
                let (modified, changed) = (info.st_mtim, info.st_ctim)
            #endif
            fields = [
                Int64(truncatingIfNeeded: info.st_dev), Int64(truncatingIfNeeded: info.st_ino),
                Int64(info.st_size), Int64(modified.tv_sec), Int64(modified.tv_nsec), Int64(changed.tv_sec),
                Int64(changed.tv_nsec),
            ]
        }

        init(fields: [Int64]) { self.fields = fields }
    }

    struct Record {
        var stamp: Stamp
        var diff: Data
    }

    /// Appends the diff of the output just written at `location.pendingPath`.
    static func append(_ diff: Data, for location: SnapshotLocation) throws {
        let log = path(rootPath: location.rootPath)
        guard let stamp = Stamp(path: location.pendingPath) else {
            // The output just written is gone or not a file: there is nothing to describe.
            throw NSError(
                domain: NSPOSIXErrorDomain, code: Int(ENOENT), userInfo: [NSFilePathErrorKey: location.pendingPath])
        }
        let size = try FileSystem.append(encoded(location.relativePath, Record(stamp: stamp, diff: diff)), toPath: log)
        // Once per process and root: the records a log sheds are those of earlier runs, and
        // compacting at every append past the size would make a run's failures cost n².
        if size > compactionSize, compacted.withLock({ $0.insert(location.rootPath).inserted }) {
            try? compact(rootPath: location.rootPath)
        }
    }

    /// The roots whose log this process has compacted.
    private static let compacted = Locked<Set<String>>([])

    /// The diff recorded for what is pending at `location` now, if any.
    static func diff(for location: SnapshotLocation) -> Data? {
        guard let record = records(rootPath: location.rootPath)[location.relativePath],
            record.stamp == Stamp(path: location.pendingPath)
        else { return nil }
        return record.diff
    }

    /// Rewrites the log with only the records of outputs still pending as they were recorded;
    /// deletes it when none is left.
    /// Under the log's lock, so an append made meanwhile, by any thread or process, waits and
    /// then goes to the new log (`FileSystem.withLockedFile`).
    static func compact(rootPath: String) throws {
        let log = path(rootPath: rootPath)
        _ = try FileSystem.withLockedFile(atPath: log, create: false) { descriptor in
            let data = try FileSystem.readAll(descriptor, path: log)
            var kept = Data()
            for (relativePath, record) in parse(data).sorted(by: { $0.key < $1.key }) {
                let location = SnapshotLocation(
                    packageRoot: URL(fileURLWithPath: rootPath), rootPath: rootPath, relativePath: relativePath)
                guard record.stamp == Stamp(path: location.pendingPath) else { continue }
                kept.append(encoded(relativePath, record))
            }
            if kept.isEmpty {
                try FileSystem.remove(path: log)
            } else if kept.count != data.count {
                try FileSystem.replaceFile(with: kept, atPath: log)
            }
        }
    }

    /// The last record of each reference path in the log at `rootPath` (empty without one),
    /// parsed again only when the log changed: `status` asks once per pending output.
    static func records(rootPath: String) -> [String: Record] {
        let log = path(rootPath: rootPath)
        guard let stamp = Stamp(path: log) else { return [:] }
        if let cached = cache.withLock({ $0 }), cached.path == log, cached.stamp == stamp { return cached.records }
        guard let data = FileManager.default.contents(atPath: log) else { return [:] }
        let records = parse(data)
        cache.withLock { $0 = (log, stamp, records) }
        return records
    }

    private static let cache = Locked<(path: String, stamp: Stamp, records: [String: Record])?>(nil)

    static func encoded(_ relativePath: String, _ record: Record) -> Data {
        // Appended number by number: `map` and `joined` are generic calls per field in a debug build.
        var header = "snapshot-diff \(relativePath.utf8.count) \(record.diff.count)"
        var index = 0
        while index < record.stamp.fields.count {
            header += " "
            header += String(record.stamp.fields[index])
            index += 1
        }
        header += "\n"
        var data = Data(header.utf8)
        data.append(contentsOf: relativePath.utf8)
        data.append(record.diff)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The last record of each path. A record that is not whole (a write cut short by a kill)
    /// is skipped to the next header, so the records appended after it are still read; a
    /// skipped one's output shows a diff made from the files.
    static func parse(_ data: Data) -> [String: Record] {
        let bytes = [UInt8](data)
        var records: [String: Record] = [:]
        var offset = 0
        while offset < bytes.count {
            if let (relativePath, record, end) = record(in: bytes, at: offset) {
                records[relativePath] = record
                offset = end + 1
            } else if let next = nextHeader(in: bytes, after: offset) {
                offset = next
            } else {
                break
            }
        }
        return records
    }

    /// The record whose header starts at `offset`, and where it ends (its closing newline).
    private static func record(in bytes: [UInt8], at offset: Int) -> (String, Record, end: Int)? {
        guard let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = String(decoding: bytes[offset..<newline], as: UTF8.self).split(separator: " ")
        guard header.count == 10, header[0] == "snapshot-diff" else { return nil }
        let numbers = header.dropFirst().compactMap { Int64($0) }
        let pathStart = newline + 1
        // Lengths are checked against the bytes left before they are added: the log is the
        // user's file, and a length near Int64.max would overflow.
        let left = Int64(bytes.count - pathStart)
        guard numbers.count == 9, (0...left).contains(numbers[0]), (0...left - numbers[0]).contains(numbers[1])
        else { return nil }
        let diffStart = pathStart + Int(numbers[0])
        let end = diffStart + Int(numbers[1])
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\n") else { return nil }
        let relativePath = String(decoding: bytes[pathStart..<diffStart], as: UTF8.self)
        return (
            relativePath,
            Record(stamp: Stamp(fields: Array(numbers.dropFirst(2))), diff: Data(bytes[diffStart..<end])), end
        )
    }

    /// Where the next record's header may start after `offset`: an append after a record cut
    /// short starts right after its last byte, not on a line of its own. A match inside a diff
    /// is read only if it is a whole record, and shown only if its stamp is the output's.
    private static func nextHeader(in bytes: [UInt8], after offset: Int) -> Int? {
        let marker = Array("snapshot-diff ".utf8)
        var index = offset + 1
        while index < bytes.count, let start = bytes[index...].firstIndex(of: marker[0]) {
            if bytes[start...].starts(with: marker) { return start }
            index = start + 1
        }
        return nil
    }
}
