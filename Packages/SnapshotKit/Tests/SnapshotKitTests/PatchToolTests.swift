import Foundation
import Testing

@testable import SnapshotKitCore

/// The failure message is a patch: `patch` and `git apply` turn the reference into the actual
/// output with it, invisible-character notes and all.
@Suite struct PatchToolTests {
    static let cases: [(reference: String, actual: String)] = [
        ("a\nb\nc\nd\ne\nf\ng\n", "a\nb\nC\nd\ne\nf\ng\nh\n"),
        ("one\ntwo\n", "one\ntwo"),
        ("one\ntwo", "one\ntwo\nthree\n"),
        ("x\r\ny\r\n", "x\ny\r\n"),
        ("keep\nspaces\n", "keep\nspaces \t\n"),
        ("", "new file content\n"),
        (
            (1...50).map { "row \($0)\n" }.joined(),
            (1...50).map { $0 % 7 == 0 ? "ROW \($0)\n" : "row \($0)\n" }.joined()
        ),
    ]

    @Test(arguments: cases)
    func patchAppliesTheFailureMessage(reference: String, actual: String) throws {
        try expectApplies(tool: "patch", ["-p1", "--quiet", "--batch"], reference: reference, actual: actual)
    }

    @Test(arguments: cases)
    func gitApplyAppliesTheFailureMessage(reference: String, actual: String) throws {
        try expectApplies(tool: "git", ["apply", "--unsafe-paths", "-"], reference: reference, actual: actual)
    }

    private func expectApplies(tool: String, _ arguments: [String], reference: String, actual: String) throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let path = "__Snapshots__/AppTests/PageTests/page.home.txt"
        try package.write(reference, to: path)
        let outcome = verifySnapshot(
            of: actual, as: .lines, named: "home", site: package.site(), testName: "page()",
            environment: environment())
        let message = try #require(outcome.failure)
        #expect(message.unicodeScalars.allSatisfy { $0.isASCII })
        let result = try run(tool, arguments, in: package.root, input: message)
        #expect(result.status == 0, "\(tool) said: \(result.output)\n\(message)")
        #expect(package.read(path) == actual)
    }
}
