/// Asserts that `value`, snapshotted with `strategy`, matches its reference in
/// `__Snapshots__/<test file>/<test name>.<name or counter>.<ext>` at the package root.
///
/// A failure is an `Issue` at the call site under Swift Testing and an `XCTFail` under XCTest.
/// Pass `named:` whenever you can: names survive reordering, counters (`.1`, `.2`) do not,
/// and parameterized test cases must have one.
///
/// ```swift
/// @Test func gamePage() {
///     assertSnapshot(of: render(chess), as: .html, named: "chess")
/// }
/// ```
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let site = CallSite(
        fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    let outcome = verifySnapshot(
        of: try value(), as: strategy, named: name, record: record, site: site,
        testName: testName, isParameterized: TestFramework.isParameterizedCase)
    TestFramework.report(outcome, at: site, file: filePath, line: line)
}

/// The same assertion with the call site and environment given as values, for tests of this
/// package that assert inside temporary packages (a `StaticString` path can't point there).
package func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    site: CallSite,
    testName: String,
    environment: [String: String],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let outcome = verifySnapshot(
        of: try value(), as: strategy, named: name, record: record, site: site,
        testName: testName, isParameterized: TestFramework.isParameterizedCase, environment: environment)
    TestFramework.report(outcome, at: site, file: file, line: line)
}
