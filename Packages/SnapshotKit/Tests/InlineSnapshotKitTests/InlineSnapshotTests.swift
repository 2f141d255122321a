import Foundation
import Testing
import XCTest

@testable import InlineSnapshotKit
@testable import SnapshotKitCore

@Suite struct InlineSnapshotTests {
    private let site = CallSite(fileID: "AppTests/T.swift", filePath: "/nonexistent/T.swift", line: 3, column: 5)

    @Test func matchingPasses() {
        let edits = InlineEdits(atExit: false)
        let outcome = verifyInlineSnapshot(
            of: "a\nb", as: .lines, record: nil, expected: "a\nb", site: site, environment: [:], edits: edits)
        #expect(outcome.failure == nil && outcome.note == nil)
    }

    /// "é" as U+00E9 in the literal, e + U+0301 in the value: equal as Strings, not as bytes.
    @Test func canonicallyEquivalentTextFails() {
        let outcome = verifyInlineSnapshot(
            of: "cafe\u{301}", as: .lines, record: nil, expected: "caf\u{E9}", site: site, environment: [:],
            edits: InlineEdits(atExit: false))
        #expect(outcome.failure != nil)
    }

    @Test func mismatchFailsWithADiff() {
        let outcome = verifyInlineSnapshot(
            of: "new", as: .lines, record: nil, expected: "old", site: site, environment: [:],
            edits: InlineEdits(atExit: false))
        #expect(outcome.failure?.contains("-old") == true)
        #expect(outcome.failure?.contains("+new") == true)
    }

    @Test func missingOnCIFails() {
        let outcome = verifyInlineSnapshot(
            of: "x", as: .lines, record: nil, expected: nil, site: site, environment: ["CI": "true"],
            edits: InlineEdits(atExit: false))
        #expect(outcome.failure?.contains("never") == true)
    }

    @Test func recordingAddsAClosure() throws {
        let source = """
            @Test func greeting() {
                assertInlineSnapshot(of: "Hello\\nWorld", as: .lines)
            }

            """
        let rewritten = try InlineRewriter.rewrite(source, path: "T.swift", edits: [(2, 5, "Hello\nWorld")])
        #expect(
            rewritten == """
                @Test func greeting() {
                    assertInlineSnapshot(of: "Hello\\nWorld", as: .lines) {
                        \"""
                        Hello
                        World
                        \"""
                    }
                }

                """)
    }

    @Test func reRecordingReplacesTheClosureAndKeepsBackslashes() throws {
        let source = """
            func t() {
                assertInlineSnapshot(of: path, as: .lines) {
                    \"""
                    old
                    \"""
                }
                assertInlineSnapshot(of: other, as: .lines)
            }
            """
        let rewritten = try InlineRewriter.rewrite(
            source, path: "T.swift", edits: [(2, 5, #"C:\dir"#), (7, 5, "two\n")])
        #expect(
            rewritten == """
                func t() {
                    assertInlineSnapshot(of: path, as: .lines) {
                        #\"""
                        C:\\dir
                        \"""#
                    }
                    assertInlineSnapshot(of: other, as: .lines) {
                        \"""
                        two

                        \"""
                    }
                }
                """)
    }

    @Test func aCallThatMovedIsReported() {
        #expect(throws: InlineRewriter.NotFound.self) {
            try InlineRewriter.rewrite("let x = 1\n", path: "T.swift", edits: [(1, 1, "x")])
        }
    }
}

/// The assertion itself, end to end in this file: it compiles, and a literal that matches passes.
@Test func inlineSnapshotMatches() {
    assertInlineSnapshot(of: ["b": 2, "a": 1], as: .json) {
        """
        {
          "a" : 1,
          "b" : 2
        }

        """
    }
}

/// An async value needs only its own `await`, in Swift Testing and in XCTest.
@Test func inlineSnapshotOfAnAsyncValue() async {
    func greeting() async -> String { "Hello\nWorld" }
    assertInlineSnapshot(of: await greeting(), as: .lines) {
        """
        Hello
        World
        """
    }
}

final class InlineXCTestSnapshotTests: XCTestCase {
    func testAsyncValue() async throws {
        func greeting() async throws -> String { "Hello" }
        assertInlineSnapshot(of: try await greeting(), as: .lines) {
            """
            Hello
            """
        }
    }
}
