import Foundation
import Testing

@testable import SnapshotKit
@testable import SnapshotKitCore

/// A full disk at every write of an assertion, SQLite-style (`WriteFaults`): the n-th write
/// fails, for n = 1, 2, … until an assertion no longer reaches it. A reference is never
/// truncated or lost; a pending file is the old one, the new one or absent, never half.
@Suite("A full disk at every write")
struct DiskFullTests {
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        /// A mismatch writes its pending output over an earlier failure's, and its diff.
        case pending
        /// Record mode "all" replaces the reference.
        case rerecord
        /// A missing reference is recorded.
        case record
        var testDescription: String { rawValue }
    }

    static let reference = "__Snapshots__/AppTests/PageTests/page.x.txt"

    @Test(
        "The n-th write fails, for every n: the reference and pending files are whole, the message says what to do",
        arguments: Case.allCases, [true, false])
    func everyWrite(_ kind: Case, persistent: Bool) throws {
        let new = (1...200).map { "new line \($0)\n" }.joined()
        /// A package laid out for `kind`, and the assertion's outcome there.
        func run(faulting n: Int?) throws -> (
            package: TemporaryPackage, before: [String: String], outcome: SnapshotOutcome, counted: Int
        ) {
            let package = try TemporaryPackage()
            if kind != .record { try package.write("old\n", to: Self.reference) }
            if kind == .pending {
                try package.write("older\n", to: package.pending(Self.reference))
                try package.write("older diff\n", to: SnapshotLocation.pendingFolderName + "/diffs/" + Self.reference)
            }
            let before = try files(package.root)
            if let n { WriteFaults.arm(under: package.root.path, nth: n, persistent: persistent) }
            let outcome = verifySnapshot(
                of: new, as: .lines, named: "x", site: package.site(), testName: "page()",
                environment: environment(record: kind == .rerecord ? "all" : "missing"))
            return (package, before, outcome, WriteFaults.disarm(under: package.root.path))
        }
        // Every file as the assertion leaves it without a fault.
        let clean = try run(faulting: nil)
        let after = try files(clean.package.root)
        clean.package.remove()
        #expect(after.values.contains(new))

        var failures = 0
        for n in 1... {
            let (package, before, outcome, counted) = try run(faulting: n)
            defer { package.remove() }
            for (path, text) in try files(package.root) {
                #expect(
                    text == before[path] || text == after[path],
                    "write \(n): \(path) is half written: \(text.prefix(80))")
                #expect(!path.hasSuffix(".tmp"), "write \(n) left \(path)")
            }
            if kind != .record {
                #expect(package.read(Self.reference) == "old\n" || package.read(Self.reference) == new, "write \(n)")
            }
            let message = (outcome.failure ?? "") + (outcome.note ?? "")
            if message.contains("could not write") {
                failures += 1
                #expect(
                    message.contains("No space left on device")
                        && message.contains("free some space on that disk and run the test again"),
                    "write \(n): \(message)")
            }
            if counted < n { break }
        }
        // A write that fails once is tried again after making its folder: only a disk that
        // stays full fails the assertion.
        #expect(failures > 0 || !persistent)
    }

    /// Every file below `root` with its text, hidden ones too.
    func files(_ root: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        // The run's manifest (`RunManifest`) is the registry's, written apart from the assertion.
        for path in try FileSystem.files(under: root) where !path.hasPrefix(RunManifest.folderName + "/") {
            if path == SnapshotLocation.pendingFolderName + "/" + PendingDiffLog.name {
                // Its records stamp the pending output's inode and times, which differ from
                // package to package: it stands for the diff it holds for the pending output.
                let diff = PendingDiffLog.diff(for: SnapshotLocation(packageRoot: root, relativePath: Self.reference))
                files[path] = diff.map { String(decoding: $0, as: UTF8.self) } ?? "(no whole record)"
                continue
            }
            files[path] = String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
        }
        return files
    }
}
