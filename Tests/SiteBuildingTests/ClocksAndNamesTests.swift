import Foundation
import GameDomain
import TestSupport
import Testing

@testable import SiteBuilding

/// Modification times the cache cannot go by, and names a case-insensitive disk takes for one.
@Suite("Clocks and names")
struct ClocksAndNamesTests {
    /// The source: a few games, and a cache.
    final class Site {
        let temp: TemporaryFolder
        var source: URL { temp.url.appendingPathComponent("games") }
        var output: URL { temp.url.appendingPathComponent("site") }

        init(_ names: [String]) throws {
            temp = try TemporaryFolder()
            for (number, name) in names.enumerated() {
                try temp.write(
                    "games/\(name)",
                    game(
                        title: "Game \(number)", date: "2026-10-0\(number + 1)", players: "[Ann, Bo]",
                        rounds: "[{Ann: \(number)}, {Bo: 3}]"))
            }
        }

        var options: BuildOptions {
            var options = BuildOptions(source: source, output: output)
            options.cacheDirectory = temp.url.appendingPathComponent("cache").path
            options.stampSettling = 50_000_000
            return options
        }

        func clean() async throws -> [String: Data] {
            let out = temp.url.appendingPathComponent("clean")
            _ = try await SiteBuild.run(BuildOptions(source: source, output: out))
            defer { try? FileManager.default.removeItem(at: out) }
            return tree(out)
        }
    }

    /// Sets the access and modification times, in nanoseconds since 1970.
    static func setModified(_ path: String, to nanoseconds: Int64) -> Bool {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var times = [time, time]
        return utimensat(AT_FDCWD, path, &times, 0) == 0
    }

    /// Another machine's clock, a restored backup, `touch -d`: an edit that keeps the size and
    /// puts the modification time back is still seen, by the change time and the inode.
    @Test(
        "An edit that keeps the size and puts back a modification time in the past, the future or unchanged is built",
        arguments: [-25 * 365 * 86_400, 86_400, 0])
    func editWithTimePutBack(offset: Int) async throws {
        let site = try Site(["one.md", "two.md", "three.md"])
        let file = site.source.appendingPathComponent("two.md").path
        var info = stat()
        #expect(stat(file, &info) == 0)
        let listed = SourceStamp(info)
        let modified = offset == 0 ? listed.modified : SiteBuild.wallClockNanoseconds() + Int64(offset) * 1_000_000_000
        #expect(Self.setModified(file, to: modified))
        try await Task.sleep(for: .milliseconds(100))
        _ = try await SiteBuild.run(site.options)
        let again = try await SiteBuild.run(site.options)
        try #require(SourceStamp.isTrusted(under: site.source.path), "the temporary folder is on a local file system")
        // A time in the future is never old enough to vouch for the bytes: the file is read.
        #expect(again.gameFilesRead == (offset > 0 ? 1 : 0))

        let text = try String(contentsOfFile: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Game 1", with: "Edit 1").utf8).write(to: URL(fileURLWithPath: file))
        #expect(Self.setModified(file, to: modified))
        var after = stat()
        #expect(
            stat(file, &after) == 0 && SourceStamp(after).size == listed.size && SourceStamp(after).modified == modified
        )
        // Long enough that the change time alone must tell.
        try await Task.sleep(for: .milliseconds(100))
        let edited = try await SiteBuild.run(site.options)
        #expect(edited.gameFilesRead == 1)
        let built = tree(site.output)
        #expect(built == (try await site.clean()))
        #expect(String(decoding: built["games/two.html"] ?? Data(), as: UTF8.self).contains("Edit 1"))
    }

    /// Linux tells `Game.md` from `game.md`; macOS and Windows do not, so the site's pages must
    /// not differ only by case either. `ſ` and `s` are one letter to such a disk too.
    @Test("Games whose names differ only by case get pages whose names differ by more")
    func namesThatDifferByCase() async throws {
        let site = try Site(["Game.md", "game.md", "GAME.md", "spiel.md", "ſpiel.md", "λόγος.md", "λόγοσ.md"])
        let summary = try await SiteBuild.run(site.options)
        #expect(summary.games == 7)
        let paths = tree(site.output).keys
        let folded = Dictionary(grouping: paths) { $0.uppercased() }
        #expect(folded.values.allSatisfy { $0.count == 1 }, "\(folded.values.filter { $0.count > 1 })")
        #expect(paths.filter { $0.hasPrefix("games/") && $0.hasSuffix(".html") }.count >= 7, "a scorecard each")
    }
}
