import CSystemShims
import CardRasterizing
import Foundation
import SiteRendering
import TestSupport
import Testing

@testable import SiteBuilding

/// A full disk at every write of a build, SQLite-style: the n-th write fails, for n = 1, 2, …
/// until a build no longer reaches it (`write_faults.h`). The disk stays full after the fault
/// (`persistent`), or only that one write fails. `scripts/fault-test.sh` confirms it on a real
/// full tmpfs.
@Suite("A full disk at every write")
struct DiskFullTests {
    /// What the faulted build starts from: a published site, and for an incremental build the
    /// build cache, the cards and the site before it kept beside the output.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        /// The cache is empty: every page, card and the cache file are written.
        case full
        /// One game changed since the last build, which used the cache.
        case incremental
        var testDescription: String { rawValue }
    }

    final class Site {
        let temp: TemporaryFolder
        var source: URL { temp.url.appendingPathComponent("games") }
        var output: URL { temp.url.appendingPathComponent("out/site") }

        init(_ start: Start) async throws {
            temp = try TemporaryFolder()
            for (index, player) in ["Ann", "Bo"].enumerated() {
                try temp.write(
                    "games/g\(index).md",
                    game(
                        title: "G\(index)", date: "2026-10-0\(index + 1)", players: "[\(player), Dee]",
                        rounds: "[{\(player): 3, Dee: 5}]"))
            }
            try temp.write("games/gamenight.yaml", "title: Fault night\n")
            _ = try await SiteBuild.run(options(caching: start == .incremental))
            try temp.write(
                "games/g1.md", game(title: "G1", date: "2026-10-02", players: "[Bo, Dee]", rounds: "[{Bo: 9, Dee: 5}]"))
            if start == .incremental { _ = try await SiteBuild.run(options()) }
            try temp.write(
                "games/g0.md",
                game(title: "G0 again", date: "2026-10-01", players: "[Ann, Dee]", rounds: "[{Ann: 7, Dee: 5}]"))
        }

        static let pixel =
            (try? CardRasterizer.png(
                svg: Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#.utf8), width: 1, height: 1
            )) ?? []

        /// As `gamenight build` builds: the cache on, cards drawn, the previous site kept beside.
        func options(caching: Bool = true, output: URL? = nil) -> BuildOptions {
            var options = BuildOptions(source: source, output: output ?? self.output)
            options.baseURL = BaseURL("https://example.org/nights/")
            options.cacheDirectory = caching ? temp.url.appendingPathComponent("cache").path : nil
            options.keepsPreviousSiteBeside = true
            // One whole PNG of a pixel, drawn once: drawing real cards would only make each of
            // the many builds slower.
            options.drawCard = { _ in Self.pixel }
            return options
        }
    }

    @Test(
        "The n-th write fails, for every n: the site and sources stay, the message says what to do, the next build succeeds",
        arguments: [(Start.full, true), (.incremental, true), (.incremental, false)])
    func everyWrite(start: Start, persistent: Bool) async throws {
        // What a clean build of the final sources writes.
        let clean = try await Site(start)
        _ = try await SiteBuild.run(
            clean.options(caching: false, output: clean.temp.url.appendingPathComponent("clean")))
        let expected = tree(clean.temp.url.appendingPathComponent("clean"))

        var failures = 0
        for n in 1... {
            let site = try await Site(start)
            let published = tree(site.output)
            let sources = tree(site.source)
            #expect(gamenight_faults_arm(site.temp.url.path, n, ENOSPC, persistent ? 1 : 0) == 0)
            let result: Result<BuildSummary, BuildError>
            do { result = .success(try await SiteBuild.run(site.options())) } catch { result = .failure(error) }
            let counted = gamenight_faults_disarm(site.temp.url.path)
            #expect(tree(site.source) == sources, "write \(n) changed the sources")
            #expect(leftovers(in: site.temp.url).isEmpty, "write \(n) left \(leftovers(in: site.temp.url))")
            switch result {
            case .failure(let error):
                failures += 1
                #expect(tree(site.output) == published, "write \(n): the published site changed")
                let message = error.description
                #expect(
                    message.contains("no space left on device") && message.contains("free some space")
                        && message.contains(site.temp.url.path),
                    "write \(n): \(message)")
            case .success(let summary):
                // Only the cache or a card failed: the site is whole, and a note says why.
                #expect(tree(site.output) == expected, "write \(n): the site published is not the clean build's")
                if counted >= n, persistent {
                    #expect(
                        summary.notes.contains { $0.message.contains("no space left on device") },
                        "write \(n): \(summary.notes)")
                }
            }
            // Once there is room again, the next build succeeds and equals a clean build.
            _ = try await SiteBuild.run(site.options())
            #expect(tree(site.output) == expected, "write \(n): the build after the fault is not the clean build")
            if counted < n { break }
        }
        #expect(failures > 10, "\(failures) builds failed")
    }

    /// Files a failed build must not leave: staging folders, temporary files, half-written ones.
    func leftovers(in folder: URL) -> [String] {
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
        return names.filter { path in
            let name = (path as NSString).lastPathComponent
            return name.contains(".staging-") || name.contains(".old-") || name.contains(".tmp")
                || name.hasPrefix(".gamenight-mode-probe")
        }
    }
}
