import Foundation
import Testing

@testable import SnapshotKit
@testable import SnapshotKitCore

/// The assertion on a real full disk: `scripts/fault-test.sh` (`make fault-test`) mounts a small
/// tmpfs, lays out a package there (the references `page.x.txt` and `page.y.txt` hold "old"),
/// fills the disk, and runs this with SNAPSHOTKIT_FULL_DISK naming the package. Elsewhere it
/// does not run.
@Suite("A real full disk", .enabled(if: ProcessInfo.processInfo.environment["SNAPSHOTKIT_FULL_DISK"] != nil))
struct FullTmpfsTests {
    @Test(
        "A pending file, a re-recorded and a new reference on a full disk: each refused with what to do, nothing half written"
    )
    func fullDisk() throws {
        let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOTKIT_FULL_DISK"] ?? "/nonexistent")
        let site = CallSite(
            fileID: "AppTests/PageTests.swift",
            filePath: root.appendingPathComponent("Tests/AppTests/PageTests.swift").path, line: 1, column: 1)
        let new = (1...2_000).map { "new line \($0)\n" }.joined()
        for (name, record) in [("x", "missing"), ("y", "all"), ("z", "missing")] {
            let outcome = verifySnapshot(
                of: new, as: .lines, named: name, site: site, testName: "page()",
                environment: environment(record: record))
            let message = outcome.failure ?? outcome.note ?? ""
            #expect(
                message.contains("No space left on device")
                    && message.contains("free some space on that disk and run the test again"), "\(name): \(message)")
        }
        let reference = root.appendingPathComponent("__Snapshots__/AppTests/PageTests")
        #expect(try String(contentsOf: reference.appendingPathComponent("page.x.txt"), encoding: .utf8) == "old\n")
        #expect(try String(contentsOf: reference.appendingPathComponent("page.y.txt"), encoding: .utf8) == "old\n")
        #expect(!FileManager.default.fileExists(atPath: reference.appendingPathComponent("page.z.txt").path))
        let written = try FileSystem.files(under: root)
        #expect(
            written.allSatisfy {
                !$0.hasSuffix(".tmp") && !$0.hasSuffix(".new") && !$0.contains(".snapshots-pending/__Snapshots__")
            }, "\(written)")
    }
}
