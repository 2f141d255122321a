import Foundation
import Testing

@testable import SnapshotKit
@testable import SnapshotKitCore

/// What a mismatch puts out stays byte for byte what it was when its cost was cut (issue 41): the
/// failure messages of random references with random edits are a transcript, itself a snapshot
/// recorded by the code before the change, and every file and attachment is checked against
/// the message, the reference and the value.
@Suite struct MismatchOutputTests {
    /// Lines of every kind a diff treats apart: blanks, CRLF, trailing blanks, control and
    /// invisible characters (DEL among them), non-ASCII, a last line with no newline; and
    /// many distinct lines of one length, which the line ids must tell apart by their bytes.
    static let pool =
        [
            "line\n", "line\n", "other line\n", "\n", "blank \n", "tab\t\n", "crlf\r\n", "crlf \r\n",
            "caf\u{E9}\n", "cafe\u{301}\n", "esc\u{1B}[0m\n", "nul\u{0}\n", "del\u{7F}\n", "zero\u{200B}width\n",
            "last", "a somewhat longer line of text that is here to make the lines differ in length\n",
        ] + (10..<40).map { "row \($0)\n" }

    /// A reference of up to 40 lines and the value after 1 to 5 random edits of whole lines or
    /// single bytes, the two always different.
    static func randomCase(_ generator: inout SplitMix) -> (reference: String, actual: String) {
        while true {
            var lines = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                pool.randomElement(using: &generator) ?? ""
            }
            let reference = lines.joined()
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                let index = Int.random(in: 0...lines.count, using: &generator)
                let line = pool.randomElement(using: &generator) ?? ""
                switch Int.random(in: 0...3, using: &generator) {
                case 0 where index < lines.count: lines.remove(at: index)
                case 1 where index < lines.count: lines[index] = line
                case 2 where index < lines.count: lines[index] = "x" + lines[index]
                default: lines.insert(line, at: index)
                }
            }
            let actual = lines.joined()
            if !UTF8Text.sameBytes(reference, actual) { return (reference, actual) }
        }
    }

    @Test func messagesAndFilesOfRandomMismatchesStayTheSame() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        var generator = SplitMix(seed: 4141)
        var transcript = ""
        for index in 0..<150 {
            let (reference, actual) = Self.randomCase(&generator)
            let path = "__Snapshots__/AppTests/PageTests/page.case-\(index).txt"
            try package.write(reference, to: path)
            let outcome = verify(
                of: actual, as: .lines, named: "case-\(index)", record: nil, site: package.site(),
                testName: "page()", isParameterized: false, environment: environment(), registry: RunRegistry())
            let failure = try #require(outcome.failure)
            transcript += "== case \(index)\n" + failure + "\n"

            // The files: the value, and the diff as the message shows it.
            let pending = FileManager.default.contents(atPath: package.url(package.pending(path)).path)
            let diff = PendingDiffLog.diff(for: SnapshotLocation(packageRoot: package.root, relativePath: path))
            #expect(pending == Data(actual.utf8), "case \(index)")
            let expectedDiff = try #require(TextDiff.unified(reference, actual, path: path))
            #expect(diff == Data((expectedDiff.summary + "\n" + Self.body(of: expectedDiff)).utf8), "case \(index)")
            #expect(failure.hasSuffix("\n\n" + Self.body(of: expectedDiff)), "case \(index)")
            // The attachments: the reference as stored, the value, the diff.
            #expect(
                outcome.attachments.map(\.name) == [
                    "page.case-\(index).reference.txt", "page.case-\(index).txt", "page.case-\(index).txt.diff",
                ])
            #expect(
                outcome.attachments.map(\.data) == [Data(reference.utf8), Data(actual.utf8), diff ?? Data()],
                "case \(index)")
        }
        assertSnapshot(of: transcript, as: .lines, named: "transcript")
    }

    /// The diff's message without its summary line, as a failure shows it below its own.
    static func body(of difference: SnapshotDifference) -> String {
        guard difference.message.hasPrefix(difference.summary + "\n") else { return difference.message }
        return String(difference.message.dropFirst(difference.summary.count + 1).drop { $0 == "\n" })
    }
}
