import Foundation
import Testing

@testable import SnapshotKitCore

/// `accept` and `reject` when the disk fails them half-way (`WriteFaults`, armed on the
/// reference): a pending output is never lost, and the message says where it is and what to do.
@Suite("Review commands under faults")
struct ReviewFaultTests {
    static let reference = "__Snapshots__/AppTests/PageTests/page.x.txt"
    static let tree = "__Snapshots__/AppTests/PageTests/site.folder"

    @Test(
        "The reference cannot be replaced (a full disk, a read-only folder): the pending file stays, the reference too, the message says what to do",
        arguments: [ENOSPC, EACCES])
    func acceptFailsAtTheLastStep(error: Int32) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("old\n", to: Self.reference)
        try package.write("new\n", to: package.pending(Self.reference))
        let folder = SnapshotFolder(root: package.root)
        WriteFaults.arm(under: package.url(Self.reference).path, nth: 1, error: error)
        let thrown = #expect(throws: ReviewError.self) { try folder.accept(folder.pending()) }
        #expect(WriteFaults.disarm(under: package.url(Self.reference).path) == 1)
        #expect(package.read(Self.reference) == "old\n")
        #expect(package.read(package.pending(Self.reference)) == "new\n")
        #expect(leftovers(package).isEmpty, "\(leftovers(package))")
        let message = thrown?.description ?? ""
        #expect(
            message.contains("Could not accept \(Self.reference): \(String(cString: strerror(error)))"), "\(message)")
        #expect(
            message.contains("still pending at \(package.pending(Self.reference))")
                && message.contains("run `snapshots accept` again"), "\(message)")
        // Once the fault is gone, the same command accepts it.
        try folder.accept(folder.pending())
        #expect(package.read(Self.reference) == "new\n")
        #expect(!package.exists(package.pending(Self.reference)))
    }

    @Test("A folder snapshot whose reference cannot be replaced: the pending tree stays whole")
    func acceptOfATreeFailsAtTheLastStep() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("<h1>Old</h1>\n", to: Self.tree + "/index.html")
        try package.write("<h1>New</h1>\n", to: package.pendingTree(Self.tree) + "/index.html")
        try package.write("<h1>Go</h1>\n", to: package.pendingTree(Self.tree) + "/games/go.html")
        let folder = SnapshotFolder(root: package.root)
        WriteFaults.arm(under: package.url(Self.tree).path, nth: 1)
        #expect(throws: ReviewError.self) { try folder.accept(folder.pending()) }
        WriteFaults.disarm(under: package.url(Self.tree).path)
        #expect(package.read(Self.tree + "/index.html") == "<h1>Old</h1>\n")
        #expect(package.read(package.pendingTree(Self.tree) + "/index.html") == "<h1>New</h1>\n")
        #expect(package.read(package.pendingTree(Self.tree) + "/games/go.html") == "<h1>Go</h1>\n")
        #expect(leftovers(package).isEmpty, "\(leftovers(package))")
    }

    @Test(
        "A pending tree whose removal stops half-way (a file that cannot be deleted) is no longer pending, never pending in part"
    )
    func rejectOfATreeStopsHalfWay() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let pending = package.pendingTree(Self.tree)
        for name in ["a.html", "games/go.html", "z.html"] {
            try package.write("<h1>\(name)</h1>\n", to: pending + "/" + name)
        }
        let folder = SnapshotFolder(root: package.root)
        let locations = folder.pending()
        #expect(locations.count == 1)
        let locked = package.root.path + "/" + pending + "/games"
        guard Self.set(locked, deletable: false) else { return }
        defer {
            // Wherever the folder went, so that the package can be removed.
            for case let path as String in FileManager.default.enumerator(atPath: package.root.path)?.allObjects ?? []
            where path.hasSuffix("/games") {
                Self.set(package.root.path + "/" + path, deletable: true)
            }
        }
        let result = Result { try folder.reject(locations) }
        #expect(
            folder.pending().isEmpty
                || (try? FileSystem.files(under: package.url(pending))) == ["a.html", "games/go.html", "z.html"],
            "\(result): \((try? FileSystem.files(under: package.url(pending))) ?? [])")
    }

    /// Makes the files of `folder` undeletable, or deletable again; false where it cannot. Root
    /// deletes through permission bits, so as root its file is made immutable (`chattr +i`).
    @discardableResult
    static func set(_ folder: String, deletable: Bool) -> Bool {
        guard geteuid() == 0 else { return chmod(folder, deletable ? 0o755 : 0o555) == 0 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [deletable ? "-i" : "+i", folder + "/go.html"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Temporary files and folders beside the references.
    func leftovers(_ package: TemporaryPackage) -> [String] {
        let names = (FileManager.default.enumerator(atPath: package.root.path)?.allObjects as? [String]) ?? []
        return names.filter { $0.hasSuffix(".tmp") || $0.hasSuffix(".old") }
    }
}
