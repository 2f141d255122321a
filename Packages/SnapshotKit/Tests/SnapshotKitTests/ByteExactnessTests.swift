import Foundation
import Testing

@testable import SnapshotKitCore

/// A snapshot compares bytes: text that Swift's `String ==` calls equal (canonical
/// equivalence) but that is stored differently must fail, and a stored reference that is not
/// valid UTF-8 must never be decoded into equality.
@Suite struct ByteExactnessTests {
    static let composed = "caf\u{E9}\n"  // é as U+00E9
    static let decomposed = "cafe\u{301}\n"  // e + U+0301

    private func check<Value>(
        _ value: Value, as strategy: Snapshotting<Value, String>, reference: Data, in package: TemporaryPackage
    ) throws -> SnapshotOutcome {
        let ext = strategy.pathExtension ?? "txt"
        try FileManager.default.createDirectory(
            at: package.url("__Snapshots__/AppTests/PageTests"), withIntermediateDirectories: true)
        try reference.write(to: package.url("__Snapshots__/AppTests/PageTests/page.x.\(ext)"))
        return verify(
            of: value, as: strategy, named: "x", record: nil, site: package.site(), testName: "page()",
            isParameterized: false, environment: environment(), registry: RunRegistry())
    }

    @Test func canonicallyEquivalentTextFailsEveryTextStrategy() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        #expect(Self.composed == Self.decomposed)  // what String == says
        let cases: [(String, SnapshotOutcome)] = [
            ("lines", try check(Self.decomposed, as: .lines, reference: Data(Self.composed.utf8), in: package)),
            (
                "html",
                try check(
                    "<p>\(Self.decomposed)</p>", as: .html,
                    reference: Data("<p>\(Self.composed.dropLast())</p>\n".utf8), in: package)
            ),
            (
                "svg",
                try check(
                    "<svg><text>\(Self.decomposed)</text></svg>", as: .svg,
                    reference: Data("<svg><text>\(Self.composed.dropLast())</text></svg>\n".utf8), in: package)
            ),
            (
                "dump",
                try check(
                    ["k": Self.decomposed], as: .dump,
                    reference: Data(Dump.render(["k": Self.composed]).utf8), in: package)
            ),
            (
                "json",
                try check(
                    ["k": Self.decomposed], as: .json,
                    reference: Data("{\n  \"k\" : \"caf\u{E9}\\n\"\n}\n".utf8), in: package)
            ),
        ]
        for (name, outcome) in cases {
            #expect(outcome.failure != nil, "\(name) passed on canonically equivalent but different bytes")
        }
    }

    /// `.lines` compares a text's own bytes with the reference; a format of one's own built
    /// from it (here every text stored quoted) is compared by what it stores, and a reference
    /// holding the text's raw bytes is not one of its files.
    @Test func aDiffingWithItsOwnToDataIsComparedByWhatItStores() throws {
        struct NotQuoted: Error {}
        let package = try TemporaryPackage()
        defer { package.remove() }
        var diffing = Diffing<String>.lines
        diffing.toData = { Data(("> " + $0).utf8) }
        diffing.fromData = { data in
            let text = String(decoding: data, as: UTF8.self)
            guard text.hasPrefix("> ") else { throw NotQuoted() }
            return String(text.dropFirst(2))
        }
        let quoted = Snapshotting<String, String>(pathExtension: "txt", diffing: diffing)
        try package.write("text\n", to: "__Snapshots__/AppTests/PageTests/page.x.txt")
        let outcome = verify(
            of: "text\n", as: quoted, named: "x", record: nil, site: package.site(), testName: "page()",
            isParameterized: false, environment: environment(ci: true), registry: RunRegistry())
        #expect(outcome.failure != nil)
        try package.write("> text\n", to: "__Snapshots__/AppTests/PageTests/page.x.txt")
        #expect(
            verify(
                of: "text\n", as: quoted, named: "x", record: nil, site: package.site(), testName: "page()",
                isParameterized: false, environment: environment(ci: true), registry: RunRegistry()
            ).failure == nil)
    }

    @Test func textDiffComparesBytes() {
        #expect(TextDiff.unified(Self.composed, Self.decomposed, path: "p") != nil)
        #expect(TextPatch(Self.composed, Self.decomposed) != nil)
    }

    @Test func fileTreesCompareNamesByBytes() {
        let a = FileTree(["caf\u{E9}.txt": Data("x".utf8)])
        let b = FileTree(["cafe\u{301}.txt": Data("x".utf8)])
        #expect(a != b)
        #expect(TreeDiff.diff(a, b, path: "p", maxLines: 100) != nil)
    }

    @Test func anInvalidUTF8ReferenceFailsWithAClearMessage() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        // "caf" + a lone continuation byte: decoded lossily it would be "caf\u{FFFD}".
        let outcome = try check(
            "caf\u{FFFD}\n", as: .lines, reference: Data([0x63, 0x61, 0x66, 0x80, 0x0A]), in: package)
        let failure = try #require(outcome.failure)
        #expect(failure.contains("not valid UTF-8"), "\(failure)")
        #expect(failure.contains("byte 3"), "\(failure)")
        #expect(!failure.contains("Error Domain"), "\(failure)")
    }

    @Test func decodingIsStrict() {
        #expect(UTF8Text.decode(Data([0x61, 0xFF])) == nil)
        #expect(UTF8Text.decode(Data([0xEF, 0xBB, 0xBF, 0x61])) == "\u{FEFF}a")  // a BOM is kept, not stripped
        #expect(UTF8Text.decode(Data("é".utf8)) == "é")
    }
}

/// `.directory` and `.fileTree` see every file, hidden ones included, on both sides, and a
/// tree reads back exactly what it writes.
@Suite struct HiddenFileTests {
    private func check(_ tree: FileTree, in package: TemporaryPackage) -> SnapshotOutcome {
        verify(
            of: tree, as: .fileTree, named: "site", record: nil, site: package.site(), testName: "build()",
            isParameterized: false, environment: environment(), registry: RunRegistry())
    }

    @Test func aChangedDotfileFailsADirectorySnapshot() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let first = FileTree([
            ".htaccess": Data("Deny from all\n".utf8), ".well-known/security.txt": Data("Contact: a\n".utf8),
            "index.html": Data("<p>x</p>\n".utf8),
        ])
        let out1 = package.url("out1")
        let out2 = package.url("out2")
        try first.write(to: out1)
        #expect(
            verify(
                of: out1, as: .directory, named: "site", record: nil, site: package.site(), testName: "build()",
                isParameterized: false, environment: environment(), registry: RunRegistry()
            ).failure == nil)
        #expect(package.read("__Snapshots__/AppTests/PageTests/build.site/.htaccess") == "Deny from all\n")
        var second = first
        second.files[".well-known/security.txt"] = Data("Contact: b\n".utf8)
        try second.write(to: out2)
        let failure = verify(
            of: out2, as: .directory, named: "site", record: nil, site: package.site(), testName: "build()",
            isParameterized: false, environment: environment(), registry: RunRegistry()
        ).failure
        #expect(failure?.contains(".well-known/security.txt") == true, "\(failure ?? "passed")")
    }

    @Test func aFileTreeWithDotfilesReadsBackWhatItWrites() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let tree = FileTree([".nojekyll": Data(), "a/.keep": Data("k".utf8), "index.html": Data("<p>x</p>\n".utf8)])
        #expect(check(tree, in: package).failure == nil)
        #expect(check(tree, in: package).failure == nil, "a recorded tree with dotfiles must match itself")
        try tree.write(to: package.url("copy"))
        #expect(try FileTree(contentsOf: package.url("copy")) == tree)
    }

    @Test func pathsThatCannotBeWrittenBackAreRefused() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        for path in ["../escape", "/abs", "a//b", "a/./b", ""] {
            #expect(throws: (any Error).self, "\(path)") {
                try FileTree([path: Data()]).write(to: package.url("t-\(UUID().uuidString)"))
            }
        }
    }
}
