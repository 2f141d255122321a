import Foundation
import GameDomain
import TestSupport
import Testing

@testable import PlayImporting

/// Two imports into one folder: the second waits for the first (`ImportFolder.locked`), says so,
/// then goes on from what the first wrote.
@Suite("Two imports at once")
struct ImportLockTests {
    final class Notes: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    static func options(_ folder: URL, _ notes: Notes) -> PlayImport.Options {
        var options = PlayImport.Options(into: folder)
        options.notice = { notes.add($0.description) }
        return options
    }

    static let pages = Fixtures.bggPages.map { ($0.lastPathComponent, $0) }

    @Test("An import into a folder another import holds waits for it, says so, then imports")
    func secondImportWaits() async throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        let notes = Notes()
        // The first import, held open until the second has said it waits.
        let first = Thread {
            try? ImportFolder.locked(folder) {
                notes.add("first holds")
                while !notes.all.contains(where: { $0.contains("waiting") }) && !notes.all.contains("second done") {
                    usleep(2_000)
                }
                notes.add("first done")
            }
        }
        first.start()
        while !notes.all.contains("first holds") { try await Task.sleep(for: .milliseconds(2)) }
        let second = try await Task.detached {
            try PlayImport.run(.bgg, files: Self.pages, options: Self.options(folder, notes))
        }.value
        notes.add("second done")
        let lines = notes.all
        #expect(
            lines.filter { $0.contains("waiting") } == [
                "\(folder.path): note: waiting for another import into this folder (process \(ProcessInfo.processInfo.processIdentifier)) to finish"
            ])
        #expect(lines.firstIndex(of: "first done") ?? .max < lines.firstIndex(of: "second done") ?? -1, "\(lines)")
        #expect(second.counts == [.new: 9])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(ImportFolder.lockName).path))
    }

    @Test(
        "Two imports of one log at once: one writes every play, the other finds them unchanged; no file is half of each"
    )
    func twoImportsAtOnce() async throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        let notes = Notes()
        async let one = Task.detached {
            try PlayImport.run(.bgg, files: Self.pages, options: Self.options(folder, notes))
        }.value
        async let two = Task.detached {
            try PlayImport.run(.bgg, files: Self.pages, options: Self.options(folder, notes))
        }.value
        let counts = try await [one.counts, two.counts]
        #expect(counts.contains([.new: 9]) && counts.contains([.unchanged: 9]), "\(counts)")
        let aloneFolder = try TemporaryFolder("import")
        let alone = aloneFolder.url
        _ = try PlayImport.run(.bgg, files: Self.pages, options: .init(into: alone))
        #expect(ImportFolderTests.files(folder).keys.sorted() == ImportFolderTests.files(alone).keys.sorted())
        for path in ImportFolderTests.files(alone).keys {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(path))
                    == Data(contentsOf: alone.appendingPathComponent(path)))
        }
    }

    @Test("A lock file a killed import left holds nothing, and no reader takes it for a game file")
    func staleLockFile() throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("4194305\n".utf8).write(to: folder.appendingPathComponent(ImportFolder.lockName))
        let notes = Notes()
        let summary = try PlayImport.run(.bgg, files: Self.pages, options: Self.options(folder, notes))
        #expect(summary.counts == [.new: 9])
        #expect(notes.all.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(ImportFolder.lockName).path))
    }
}
