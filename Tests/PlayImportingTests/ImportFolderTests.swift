import Foundation
import GameDomain
import TestSupport
import Testing

@testable import PlayImporting

@Suite("Import folder")
struct ImportFolderTests {
    static func run(_ folder: URL, pages: [URL] = Fixtures.bggPages, dryRun: Bool = false, force: Bool = false) throws
        -> PlayImport.Summary
    {
        try PlayImport.run(
            .bgg, files: pages.map { ($0.lastPathComponent, $0) },
            options: .init(into: folder, dryRun: dryRun, force: force))
    }

    static func files(_ folder: URL) -> [String: Date] {
        var files: [String: Date] = [:]
        let walk = FileManager.default.enumerator(atPath: folder.path)
        while let path = walk?.nextObject() as? String {
            guard path.hasSuffix(".md") else { continue }
            files[path] =
                (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path))?[
                    .modificationDate] as? Date
        }
        return files
    }

    /// Zoë's earliest play is on page 1; page 2 alone spells her `Zoe`.
    @Test("Importing only a later page renames a person in files imported before, with a note")
    func renameIsNoted() throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        #expect(try Self.run(folder).diagnostics.allSatisfy { !$0.message.contains(" is now ") })
        for dryRun in [true, false] {
            let later = try Self.run(folder, pages: [Fixtures.bggPages[1]], dryRun: dryRun)
            let notes = later.diagnostics.filter { $0.message.contains(" is now ") }
            #expect(notes.count == 3, "\(later.diagnostics)")
            #expect(
                notes.allSatisfy {
                    $0.severity == .note && $0.message.hasPrefix("`Zoë` is now `Zoe`: ")
                        && $0.hint?.contains("every page") == true
                })
        }
        #expect(try Self.run(folder).diagnostics.filter { $0.message.contains(" is now ") }.count == 3)
    }

    @Test("Importing again changes nothing; an edited file survives; --force replaces it")
    func idempotentAndSafe() throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        let first = try Self.run(folder)
        #expect(first.counts == [.new: 9])
        #expect(first.line == "9 plays: 9 new, 0 updated, 0 unchanged, 0 conflicts")
        let written = Self.files(folder)
        #expect(written.count == 9)

        // Back-date every file: a rewrite, even of the same bytes, would show.
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for path in written.keys {
            try FileManager.default.setAttributes(
                [.modificationDate: past], ofItemAtPath: folder.appendingPathComponent(path).path)
        }
        let again = try Self.run(folder)
        #expect(again.counts == [.unchanged: 9])
        #expect(Self.files(folder).values.allSatisfy { $0 == past })

        let edited = folder.appendingPathComponent("2026-11-06/catan-81234501.md")
        let text = try String(contentsOf: edited, encoding: .utf8) + "Our own notes.\n"
        try text.write(to: edited, atomically: true, encoding: .utf8)
        let afterEdit = try Self.run(folder)
        #expect(afterEdit.counts == [.unchanged: 8, .conflict: 1])
        #expect(
            afterEdit.diagnostics.contains {
                $0.severity == .note && $0.message.contains("was edited since it was imported")
            })
        #expect(try String(contentsOf: edited, encoding: .utf8) == text)

        let forced = try Self.run(folder, force: true)
        #expect(forced.counts == [.unchanged: 8, .updated: 1])
        #expect(try String(contentsOf: edited, encoding: .utf8) != text)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: edited.deletingLastPathComponent().path).allSatisfy {
                !$0.hasPrefix(".")
            })
    }

    @Test("A changed play is updated, one whose date changed is moved; --dry-run writes nothing")
    func updatesAndMoves() throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        _ = try Self.run(folder)
        let page = try String(contentsOf: Fixtures.bggPages[0], encoding: .utf8)
            .replacingOccurrences(of: "score=\"7\"", with: "score=\"9\"")
            .replacingOccurrences(
                of: "id=\"81234503\" date=\"2026-11-13\"", with: "id=\"81234503\" date=\"2026-11-12\"")
        let changed = folder.appendingPathComponent(".page-1.xml")
        try page.write(to: changed, atomically: true, encoding: .utf8)
        let before = Self.files(folder)

        let dry = try Self.run(folder, pages: [changed, Fixtures.bggPages[1]], dryRun: true)
        #expect(dry.counts == [.updated: 2, .unchanged: 7])
        #expect(
            dry.plan.contains("updated   2026-11-12/agricola-81234503.md (moved from 2026-11-13/agricola-81234503.md)"),
            "\(dry.plan)")
        #expect(Self.files(folder) == before)

        let real = try Self.run(folder, pages: [changed, Fixtures.bggPages[1]])
        #expect(real.counts == [.updated: 2, .unchanged: 7])
        let after = Self.files(folder)
        #expect(after["2026-11-13/agricola-81234503.md"] == nil && after["2026-11-12/agricola-81234503.md"] != nil)
        #expect(
            try String(contentsOf: folder.appendingPathComponent("2026-11-06/catan-81234501.md"), encoding: .utf8)
                .contains("José: 9"))
    }

    @Test(
        "A play deleted from the log leaves its file in place, with a note; plays of dates the log does not cover are not reported"
    )
    func deletedPlays() throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        _ = try Self.run(folder)
        let before = Self.files(folder)
        // Page 1 alone (6–13 November), without play 81234503.
        var page = try String(contentsOf: Fixtures.bggPages[0], encoding: .utf8)
        let start = try #require(page.range(of: "<play id=\"81234503\""))
        let end = try #require(page.range(of: "</play>", range: start.upperBound..<page.endIndex))
        page.removeSubrange(start.lowerBound..<end.upperBound)
        let edited = folder.deletingLastPathComponent().appendingPathComponent("page-1-\(UUID().uuidString).xml")
        try page.write(to: edited, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: edited) }

        for dryRun in [true, false] {
            let summary = try Self.run(folder, pages: [edited], dryRun: dryRun)
            let gone = try #require(before.keys.first { $0.hasSuffix("-81234503.md") })
            #expect(summary.missing == [gone])
            #expect(summary.line.hasSuffix("; 1 file of plays no longer in the log"))
            #expect(
                summary.diagnostics.contains {
                    $0.severity == .note && $0.path.hasSuffix(gone) && $0.message.contains("no longer in the log")
                })
            #expect(summary.plan.contains("missing   \(gone)") == dryRun)
            #expect(!summary.hasErrors)
            #expect(Self.files(folder).keys.sorted() == before.keys.sorted())
        }
    }

    @Test("A file that is not this play's import is never replaced")
    func foreignFile() throws {
        let scratch = try TemporaryFolder("import")
        let folder = scratch.url
        let path = folder.appendingPathComponent("2026-11-06/catan-81234501.md")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "mine".write(to: path, atomically: true, encoding: .utf8)
        let summary = try Self.run(folder)
        #expect(summary.counts[.conflict] == 1 && summary.counts[.new] == 8)
        #expect(try String(contentsOf: path, encoding: .utf8) == "mine")
    }
}
