import CSystemShims
import Foundation
import TestSupport
import Testing

@testable import SiteBuilding

/// Faults at the last steps of publishing, through the test-only layer (`write_faults.h`) armed
/// on one path: the exchange of the staging folder with the output and the renames that stand in
/// for it, and the permissions and `.gitignore` of the folder kept beside it.
@Suite("Faults while publishing")
struct PublishFaultTests {
    /// The kept folder's first counted operation is its `fchmod`; the `.gitignore` comes next.
    @Test(
        "The kept folder's .gitignore fails at its creation or half-way: the build succeeds, no half file stays, a note says why",
        arguments: [2, 3])
    func keptFolderIgnoreFails(n: Int) async throws {
        let site = try await DiskFullTests.Site(.full)
        let kept = SitePublisher(output: site.output).keptFolder
        #expect(gamenight_faults_arm(kept.path, n, ENOSPC, 0) == 0)
        let result = await Result { try await SiteBuild.run(site.options()) }
        #expect(gamenight_faults_disarm(kept.path) == n)
        let summary = try result.get()
        #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent(SitePublisher.marker).path))
        #expect(!FileManager.default.fileExists(atPath: kept.appendingPathComponent(".gitignore").path))
        let note = summary.notes.first {
            $0.message.contains(".gitignore could not be written: no space left on device")
        }
        #expect(note?.path == kept.appendingPathComponent(".gitignore").path, "\(summary.notes)")
    }

    /// FileManager's errors on Linux carry their errno as an underlying `POSIXError`: a message
    /// must give the system's reason and the remedy, not "the operation could not be completed".
    @Test("A FileManager error's errno is found under it, for the message and the remedy")
    func fileManagerErrorsGiveTheirReason() throws {
        let temp = try TemporaryFolder()
        try temp.write("file", "not a folder")
        let file = temp.url.appendingPathComponent("file").path
        let error = #expect(throws: (any Error).self) {
            try FileManager.default.createDirectory(atPath: file + "/sub", withIntermediateDirectories: false)
        }
        #expect(error.map(fileErrorCode) == ENOTDIR, "\(String(describing: error))")
        let denied = CocoaError(
            .fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EPERM), NSFilePathErrorKey: "/site"])
        #expect(fileErrorCode(denied) == EPERM)
        let text = writeErrorText(denied, again: "build")
        #expect(text.hasPrefix("operation not permitted (/site); make the folder writable"), "\(text)")
    }

    @Test(
        "The kept folder cannot be made private (a file system without permissions): it is removed, the build succeeds, a note says why"
    )
    func keptFolderNotPrivate() async throws {
        let site = try await DiskFullTests.Site(.full)
        let kept = SitePublisher(output: site.output).keptFolder
        // Readable by others whatever the umask (under 077 it would be private already, and kept).
        #expect(chmod(site.output.path, 0o755) == 0)
        #expect(gamenight_faults_arm(kept.path, 1, EPERM, 0) == 0)
        let result = await Result { try await SiteBuild.run(site.options()) }
        #expect(gamenight_faults_disarm(kept.path) == 1)
        let summary = try result.get()
        // Pages the new site dropped must not stay beside it, readable by others.
        #expect(!FileManager.default.fileExists(atPath: kept.path))
        let note = summary.notes.first { $0.message.contains("could not be made readable by you only") }
        #expect(note?.path == kept.path, "\(summary.notes)")
        #expect(note?.message.contains("operation not permitted") == true, "\(summary.notes)")
        #expect(note?.hint?.contains("choose an output folder on one that does") == true, "\(summary.notes)")
        // The next build writes every file again, and keeps the folder once more.
        let clean = try await DiskFullTests.Site(.full)
        _ = try await SiteBuild.run(clean.options())
        _ = try await SiteBuild.run(site.options())
        #expect(tree(site.output) == tree(clean.output))
        #expect(SitePublisher.isOurSite(kept.path))
    }

    /// The errno of each exchange that must stop the build, and the remedy its message gives.
    static let refusals: [(Int32, String)] = [
        (EACCES, "make the folder writable"), (EROFS, "remount it read-write"),
        (ENOSPC, "free some space"), (EXDEV, "choose a folder inside it"), (EBUSY, "choose a folder inside it"),
    ]

    @Test(
        "An exchange that fails for any reason but a missing exchange stops the build: the site stays, the message names it and says what to do",
        arguments: refusals)
    func exchangeRefused(error: Int32, remedy: String) async throws {
        let site = try await DiskFullTests.Site(.incremental)
        let published = tree(site.output)
        #expect(gamenight_faults_arm(site.output.path, 1, error, 0) == 0)
        let result = await Result { try await SiteBuild.run(site.options()) }
        #expect(gamenight_faults_disarm(site.output.path) == 1)
        guard case .failure(let failure) = result else {
            Issue.record("the build published although the exchange failed with \(String(cString: strerror(error)))")
            return
        }
        let message = "\(failure)"
        #expect(
            message.contains(site.output.path) && message.contains(String(cString: strerror(error)).lowercased())
                && message.contains(remedy),
            "\(message)")
        #expect(tree(site.output) == published)
        #expect(DiskFullTests().leftovers(in: site.temp.url).isEmpty, "\(DiskFullTests().leftovers(in: site.temp.url))")
        // The site before the published one, which the build staged into, is back for the next.
        #expect(SitePublisher.isOurSite(SitePublisher(output: site.output).keptFolder.path))
        _ = try await SiteBuild.run(site.options())
        #expect(tree(site.output) != published)
    }

    /// EPERM too: a container's seccomp profile answers so for a call it does not know.
    @Test(
        "A file system or sandbox without an atomic exchange (ENOSYS, EINVAL, ENOTSUP, EPERM) gets two renames, and the build publishes",
        arguments: [ENOSYS, EINVAL, ENOTSUP, EPERM])
    func exchangeMissing(error: Int32) async throws {
        let site = try await DiskFullTests.Site(.incremental)
        let clean = try await DiskFullTests.Site(.incremental)
        _ = try await SiteBuild.run(clean.options())
        #expect(gamenight_faults_arm(site.output.path, 1, error, 0) == 0)
        let result = await Result { try await SiteBuild.run(site.options()) }
        // The exchange, then the rename of the staging folder into the output's place.
        #expect(gamenight_faults_disarm(site.output.path) == 2)
        _ = try result.get()
        #expect(tree(site.output) == tree(clean.output))
        #expect(DiskFullTests().leftovers(in: site.temp.url).isEmpty)
    }

    @Test(
        "Without an exchange, the new site cannot take the output's place and the previous site cannot go back: the message says where it is and what to do"
    )
    func previousSiteStranded() async throws {
        let site = try await DiskFullTests.Site(.incremental)
        let published = tree(site.output)
        // Persistent EPERM: the exchange (refused as by a seccomp profile), then both renames
        // into the output's place fail; the rename of the output aside is counted elsewhere.
        #expect(gamenight_faults_arm(site.output.path, 1, EPERM, 1) == 0)
        let result = await Result { try await SiteBuild.run(site.options()) }
        #expect(gamenight_faults_disarm(site.output.path) == 3)
        guard case .failure(let failure) = result else {
            Issue.record("the build published although the rename into the output failed")
            return
        }
        let parent = site.output.deletingLastPathComponent()
        let old = try #require(
            FileManager.default.contentsOfDirectory(atPath: parent.path).first { $0.hasPrefix(".site.old-") })
        let message = "\(failure)"
        #expect(!message.contains("unchanged"), "\(message)")
        #expect(
            message.contains("make the folder writable for this user (or choose another) and build again")
                && message.hasSuffix(
                    "the previous site could not be put back there either (operation not permitted) and is now at \(parent.appendingPathComponent(old).path): move it back to \(site.output.path) meanwhile"
                ),
            "\(message)")
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
        #expect(tree(parent.appendingPathComponent(old)) == published)
        // Once this process has ended (a process id that cannot be running), the next build
        // puts the previous site back before anything else, then publishes.
        try FileManager.default.moveItem(
            at: parent.appendingPathComponent(old), to: parent.appendingPathComponent(".site.old-999999999-1"))
        try SitePublisher(output: site.output).check(source: site.source)
        #expect(tree(site.output) == published)
        let clean = try await DiskFullTests.Site(.incremental)
        _ = try await SiteBuild.run(clean.options())
        _ = try await SiteBuild.run(site.options())
        #expect(tree(site.output) == tree(clean.output))
        #expect(DiskFullTests().leftovers(in: site.temp.url).isEmpty)
    }
}
