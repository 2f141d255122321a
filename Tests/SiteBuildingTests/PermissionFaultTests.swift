import CSystemShims
import Foundation
import TestSupport
import Testing

@testable import SiteBuilding

/// Folders the build may not write: the output, the folder holding it, the cache. Root writes
/// through permission bits, so as root a folder is made immutable (`chattr +i`) instead; a file
/// system without that skips the test. Unreadable files and mount points need another user or a
/// mount: `scripts/fault-test.sh`.
@Suite("Read-only folders")
struct PermissionFaultTests {
    /// Makes `folder` unwritable (`writable: false`) or writable again; false where it cannot.
    @discardableResult
    static func set(_ folder: URL, writable: Bool) -> Bool {
        guard geteuid() == 0 else { return chmod(folder.path, writable ? 0o755 : 0o555) == 0 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [writable ? "-i" : "+i", folder.path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    final class Site {
        let temp: TemporaryFolder
        var source: URL { temp.url.appendingPathComponent("games") }
        var parent: URL { temp.url.appendingPathComponent("out") }
        var output: URL { parent.appendingPathComponent("site") }
        var cache: URL { temp.url.appendingPathComponent("cache") }

        init() async throws {
            temp = try TemporaryFolder()
            try temp.write("games/g1.md", game(title: "G1"))
            try temp.write("games/g2.md", game(title: "G2", date: "2026-11-21"))
            _ = try await SiteBuild.run(options)
            try temp.write("games/g2.md", game(title: "G2 changed", date: "2026-11-21"))
        }

        var options: BuildOptions {
            var options = BuildOptions(source: source, output: output)
            options.cacheDirectory = cache.path
            options.keepsPreviousSiteBeside = true
            return options
        }

        /// The site a clean build of the sources makes now.
        func clean() async throws -> [String: Data] {
            let folder = temp.url.appendingPathComponent("clean-\(UUID().uuidString)")
            _ = try await SiteBuild.run(BuildOptions(source: source, output: folder))
            return tree(folder)
        }
    }

    @Test(
        "A read-only output folder or folder holding it: refused naming it and saying what to do; the site stays; the next build succeeds",
        arguments: ["output", "parent"])
    func readOnlyOutput(which: String) async throws {
        let site = try await Site()
        let folder = which == "output" ? site.output : site.parent
        let published = tree(site.output)
        guard Self.set(folder, writable: false) else { return }
        let result: Result<BuildSummary, BuildError>
        do { result = .success(try await SiteBuild.run(site.options)) } catch { result = .failure(error) }
        Self.set(folder, writable: true)
        guard case .failure(let error) = result else {
            Issue.record("the build into a read-only \(which) folder succeeded")
            return
        }
        #expect(tree(site.output) == published)
        let message = error.description
        #expect(message.contains(site.output.path) && message.contains("make the folder writable"), "\(message)")
        #expect(message.contains("operation not permitted") || message.contains("permission denied"), "\(message)")
        _ = try await SiteBuild.run(site.options)
        #expect(tree(site.output) == (try await site.clean()))
    }

    @Test(
        "A read-only cache folder: the build succeeds with a note naming the cache; once writable, the cache is written again"
    )
    func readOnlyCache() async throws {
        let site = try await Site()
        let sites = site.cache.appendingPathComponent("sites")
        guard Self.set(sites, writable: false) else { return }
        let result = await Result { try await SiteBuild.run(site.options) }
        Self.set(sites, writable: true)
        let summary = try result.get()
        #expect(tree(site.output) == (try await site.clean()))
        let note = summary.notes.first { $0.message.contains("the build cache cannot be written") }
        #expect(
            note?.path.hasPrefix(sites.path) == true && note?.hint?.contains("a folder you may write to") == true,
            "\(summary.notes)")
        // Writable again: the next build writes the cache, and the one after reuses every page.
        _ = try await SiteBuild.run(site.options)
        #expect(try await SiteBuild.run(site.options).rendered == 0)
    }

    /// Every third n: `DiskFullTests` takes every n, and what differs here is only the errno.
    @Test(
        "Permission denied at the n-th write (a user's read-only folder): the site stays, the message says what to do")
    func everyWriteDenied() async throws {
        let clean = try await Site().clean()
        var failures = 0
        for n in stride(from: 1, to: Int.max, by: 3) {
            let site = try await Site()
            let published = tree(site.output)
            #expect(gamenight_faults_arm(site.temp.url.path, n, EACCES, 1) == 0)
            let result = await Result { try await SiteBuild.run(site.options) }
            let counted = gamenight_faults_disarm(site.temp.url.path)
            if case .failure(let error) = result {
                failures += 1
                #expect(tree(site.output) == published, "write \(n)")
                #expect(
                    "\(error)".contains("permission denied") && "\(error)".contains("make the folder writable"),
                    "write \(n): \(error)")
            }
            _ = try await SiteBuild.run(site.options)
            #expect(tree(site.output) == clean, "write \(n)")
            if counted < n { break }
        }
        #expect(failures > 3)
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
