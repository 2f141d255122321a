import Foundation
import Testing

@testable import SnapshotKitCore

/// Recording over a reference must never leave a moment without one: a kill then (Ctrl-C in
/// a test run) would lose it.
@Suite("A reference replaced is never missing")
struct ReplaceItemTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A watcher on another thread looks for the reference the whole time it is replaced again
    /// and again. Deleting the old file before renaming the new one in shows up here as a miss.
    @Test func aWatcherNeverFindsTheFileMissing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("page.html")
        try Data("0".utf8).write(to: reference)
        let misses = Misses()
        let watcher = Thread {
            var info = stat()
            while !misses.stopped {
                if stat(reference.path, &info) != 0 { misses.add() }
            }
        }
        watcher.start()
        for round in 1...3_000 {
            try FileSystem.replaceItem(at: reference) { try Data("\(round)".utf8).write(to: $0) }
        }
        misses.stop()
        #expect(misses.count == 0)
        #expect(try String(contentsOf: reference, encoding: .utf8) == "3000")
    }

    /// The path an assertion records a file reference by (record modes `all`, `failed`): a
    /// reader never finds the reference missing, empty or half written, and nothing is left
    /// beside it.
    @Test func recordingOverAFileReferenceNeverLeavesItPartial() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("page.x.txt")
        let values = ["short\n", String(repeating: "a longer reference\n", count: 400)]
        let sizes = Set(values.map { $0.utf8.count })
        let storage = Snapshotting<String, String>.lines.storage
        try storage.write(values[0], reference.path)
        let misses = Misses()
        let watcher = Thread {
            var info = stat()
            while !misses.stopped {
                if stat(reference.path, &info) != 0 || !sizes.contains(Int(info.st_size)) { misses.add() }
            }
        }
        watcher.start()
        for round in 1...3_000 {
            try storage.write(values[round % 2], reference.path)
        }
        misses.stop()
        #expect(misses.count == 0)
        #expect(try String(contentsOf: reference, encoding: .utf8) == values[0])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["page.x.txt"])
    }

    @Test(
        "Any kind over any kind, and nothing left beside",
        arguments: [(false, false), (false, true), (true, false), (true, true)])
    func kinds(oldIsFolder: Bool, newIsFolder: Bool) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("ref")
        func make(_ url: URL, folder: Bool, text: String) throws {
            if folder {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
                try Data(text.utf8).write(to: url.appendingPathComponent("a.txt"))
            } else {
                try Data(text.utf8).write(to: url)
            }
        }
        try make(reference, folder: oldIsFolder, text: "old")
        try FileSystem.replaceItem(at: reference) { try make($0, folder: newIsFolder, text: "new") }
        let read = newIsFolder ? reference.appendingPathComponent("a.txt") : reference
        #expect(try String(contentsOf: read, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ref"])
    }

    @Test func aFailedWriteKeepsTheOldReference() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("ref.txt")
        try Data("old".utf8).write(to: reference)
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try FileSystem.replaceItem(at: reference) {
                try Data("half".utf8).write(to: $0)
                throw Failure()
            }
        }
        #expect(try String(contentsOf: reference, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["ref.txt"])
    }
}

private final class Misses: @unchecked Sendable {
    private let lock = NSLock()
    private var misses = 0
    private var done = false
    var count: Int { lock.withLock { misses } }
    var stopped: Bool { lock.withLock { done } }
    func add() { lock.withLock { misses += 1 } }
    func stop() { lock.withLock { done = true } }
}
