import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import InlineSnapshotKit
@testable import SnapshotKitCore

/// Recording never corrupts a test file: every value recorded reads back as itself, two calls
/// on one line each get their own value, and recording is idempotent.
@Suite struct InlineRecordingTests {
    /// `#column` of a call is the column of its `(`, as the compiler reports it.
    private func column(of needle: String, inLine line: String, occurrence: Int = 0) -> Int {
        var search = line.startIndex..<line.endIndex
        var found = line.startIndex
        for _ in 0...occurrence {
            guard let range = line.range(of: needle, range: search) else { return -1 }
            found = range.upperBound
            search = range.upperBound..<line.endIndex
        }
        return line.utf8.distance(from: line.startIndex, to: found) + 1
    }

    /// The literal values of the trailing closures, in source order, and whether the file parses.
    private func literals(in source: String) -> (values: [String?], parses: Bool) {
        let tree = Parser.parse(source: source)
        final class Literals: SyntaxVisitor {
            var values: [String?] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let closure = node.trailingClosure,
                    let literal = closure.statements.first?.item.as(StringLiteralExprSyntax.self)
                {
                    values.append(literal.representedLiteralValue)
                }
                return .visitChildren
            }
        }
        let visitor = Literals(viewMode: .sourceAccurate)
        visitor.walk(tree)
        return (visitor.values, !tree.hasError)
    }

    @Test func twoCallsOnOneLineEachGetTheirOwnValue() throws {
        let line = "    assertInlineSnapshot(of: a, as: .lines); assertInlineSnapshot(of: b, as: .lines)"
        let source = "func t() {\n\(line)\n}\n"
        let first = column(of: "assertInlineSnapshot", inLine: line)
        let second = column(of: "assertInlineSnapshot", inLine: line, occurrence: 1)
        let rewritten = try InlineRewriter.rewrite(
            source, path: "T.swift", edits: [(2, first, "first\n"), (2, second, "second\n")])
        let result = literals(in: rewritten)
        #expect(result.parses, "\(rewritten)")
        #expect(result.values == ["first\n", "second\n"], "\(rewritten)")
    }

    static let awkward = [
        ##"a \#(x) b"##, ##"\#n"##, "ends in backslash \\", "quote \" and \"\"\" and \"\"\"#", "crlf\r\nline\r\n",
        "lone\rcr",
        "tab\there", "nul\u{0}byte", "esc\u{1B}[0m", "trailing spaces   \n  \n", "", "\n", "\n\n", "   ",
        "caf\u{E9} cafe\u{301}",
        "#\"\"\"#", "\\#\\##\\###", "\u{2028}sep", "emoji 👩‍👩‍👧", "del\u{7F}",
    ]

    @Test(arguments: awkward)
    func awkwardValuesReadBackAsThemselves(value: String) throws {
        let source = "func t() {\n    assertInlineSnapshot(of: v, as: .lines)\n}\n"
        let rewritten = try InlineRewriter.rewrite(source, path: "T.swift", edits: [(2, 25, value)])
        let result = literals(in: rewritten)
        #expect(result.parses, "\(rewritten)")
        #expect(result.values.count == 1)
        let read = result.values.first ?? nil
        #expect(read.map { Array($0.utf8) } == Array(value.utf8), "\(rewritten)")
        // Recording the same value again changes nothing.
        #expect(try InlineRewriter.rewrite(rewritten, path: "T.swift", edits: [(2, 25, value)]) == rewritten)
    }

    /// Random values from an alphabet of everything that needs care in a literal.
    @Test func generatedValuesRoundTrip() throws {
        var generator = SplitMix(seed: 41)
        let alphabet: [String] = [
            "a", " ", "\n", "\r", "\r\n", "\t", "\\", "#", "\"", "\"\"\"", "(", ")", "\u{0}", "\u{1B}", "é", "e\u{301}",
            "日", "\u{2028}", "👍",
        ]
        var failures: [String] = []
        for _ in 0..<300 {
            let value = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator) ?? ""
            }.joined()
            let source = "func t() {\n    assertInlineSnapshot(of: v, as: .lines)\n}\n"
            let rewritten = try InlineRewriter.rewrite(source, path: "T.swift", edits: [(2, 25, value)])
            let result = literals(in: rewritten)
            let read = result.values.first ?? nil
            if !result.parses || read.map({ Array($0.utf8) }) != Array(value.utf8) {
                failures.append(value.debugDescription)
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 300 did not round-trip, first: \(failures.prefix(3))")
    }

    /// The recorded file compiles, and each literal's value is the recorded one byte for byte:
    /// awkward and generated values are recorded into one file, which `swiftc` builds and runs.
    @Test func recordedFilesCompileAndReadBack() throws {
        var generator = SplitMix(seed: 99)
        let alphabet: [String] = [
            "a", " ", "\n", "\r", "\r\n", "\t", "\\", "#", "\"", "\"\"\"", "(", "\u{0}", "\u{1B}", "é", "e\u{301}",
            "\u{2028}",
        ]
        let values =
            Self.awkward
            + (0..<100).map { _ in
                (0..<Int.random(in: 0...16, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? ""
                }.joined()
            }
        // One call per line, and the last two on one line.
        let call = "assertInlineSnapshot(of: 0, as: 0)"
        var lines = [
            "func assertInlineSnapshot(of: Int, as: Int, matches: () -> String) {",
            "    print(Array(matches().utf8).map { String($0, radix: 16) }.joined(separator: \" \"))", "}",
        ]
        var edits: [(line: Int, column: Int, text: String)] = []
        for value in values.dropLast(2) {
            lines.append(call)
            edits.append((lines.count, call.utf8.count - 13, value))
        }
        lines.append(call + "; " + call)
        edits.append((lines.count, call.utf8.count - 13, values[values.count - 2]))
        edits.append((lines.count, 2 * call.utf8.count + 2 - 13, values[values.count - 1]))
        let source = try InlineRewriter.rewrite(lines.joined(separator: "\n") + "\n", path: "main.swift", edits: edits)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(source.utf8).write(to: folder.appendingPathComponent("main.swift"))
        let compiled = try run("swiftc", ["-swift-version", "6", "main.swift", "-o", "main"], in: folder)
        try #require(compiled.status == 0, "\(compiled.output)")
        let output = try run("./main", [], in: folder).output.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let expected = values.map { Array($0.utf8).map { String($0, radix: 16) }.joined(separator: " ") }
        #expect(Array(output.prefix(expected.count)) == expected)
    }

    private func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// One call site that sees two values in a run (a loop, a helper) can't hold both: it fails
    /// and says so, and nothing is written for it.
    @Test func oneCallSiteWithTwoValuesFailsAndWritesNothing() {
        let edits = InlineEdits(atExit: false)
        let site = CallSite(fileID: "AppTests/T.swift", filePath: "/nonexistent/T.swift", line: 3, column: 25)
        let first = verifyInlineSnapshot(
            of: "one", as: .lines, record: nil, expected: nil, site: site, environment: [:], edits: edits)
        let again = verifyInlineSnapshot(
            of: "one", as: .lines, record: nil, expected: nil, site: site, environment: [:], edits: edits)
        let second = verifyInlineSnapshot(
            of: "two", as: .lines, record: nil, expected: nil, site: site, environment: [:], edits: edits)
        #expect(first.failure == nil && again.failure == nil)
        let failure = second.failure ?? ""
        #expect(failure.contains("different values"), "\(failure)")
        #expect(edits.pendingCount(for: site.filePath) == 0)
    }
}

/// A small deterministic generator, so a failing case can be reproduced.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
