import CSystemShims
import Foundation
import TestSupport
import Testing

@testable import PlayImporting

/// A full disk at every write of an import, SQLite-style (`write_faults.h`): the n-th write
/// fails, for n = 1, 2, … until an import no longer reaches it.
@Suite("Import: a full disk at every write")
struct ImportFaultTests {
    static func run(_ folder: URL, pages: [URL]) throws -> PlayImport.Summary {
        try PlayImport.run(.bgg, files: pages.map { ($0.lastPathComponent, $0) }, options: .init(into: folder))
    }

    /// Every file below `folder`, hidden ones too, with its text.
    static func files(_ folder: URL) -> [String: String] {
        var files: [String: String] = [:]
        let walk = FileManager.default.enumerator(atPath: folder.path)
        while let path = walk?.nextObject() as? String {
            if let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) {
                files[path] = text
            }
        }
        return files
    }

    @Test(
        "The n-th write fails, for every n: each game file is whole (old or new), no temporary file stays, the next import finishes",
        arguments: [true, false])
    func everyWrite(persistent: Bool) throws {
        let referenceFolder = try TemporaryFolder("import")
        let reference = referenceFolder.url
        _ = try Self.run(reference, pages: Fixtures.bggPages)
        let expected = Self.files(reference)

        var failures = 0
        for n in 1... {
            let scratch = try TemporaryFolder("import")
            let folder = scratch.url
            // Page 1 imported before; the faulted import adds page 2.
            _ = try Self.run(folder, pages: [Fixtures.bggPages[0]])
            let before = Self.files(folder)
            #expect(gamenight_faults_arm(folder.path, n, ENOSPC, persistent ? 1 : 0) == 0)
            let result = Result { try Self.run(folder, pages: Fixtures.bggPages) }
            let counted = gamenight_faults_disarm(folder.path)
            for (path, text) in Self.files(folder) {
                #expect(
                    text == before[path] || text == expected[path],
                    "write \(n): \(path) is neither the old file nor the new one")
            }
            #expect(before.keys.allSatisfy { Self.files(folder)[$0] != nil }, "write \(n) lost a file")
            if case .failure(let error) = result {
                failures += 1
                let described = (error as NSError).userInfo[NSFilePathErrorKey] as? String
                #expect(
                    described?.hasPrefix(folder.path + "/") == true && described?.hasSuffix(".md") == true,
                    "write \(n): \(error)")
                #expect((error as NSError).code == Int(ENOSPC), "write \(n): \(error)")
            }
            _ = try Self.run(folder, pages: Fixtures.bggPages)
            #expect(Self.files(folder) == expected, "write \(n): the import after the fault did not finish the job")
            if counted < n { break }
        }
        #expect(failures > 3)
    }
}
