/// Asserts that `value`, snapshotted with `strategy`, matches its reference in
/// `__Snapshots__/<test file>/<suite>/<test name>.<name or counter>.<ext>` at the package root.
///
/// A failure is an `Issue` at the call site under Swift Testing and an `XCTFail` under XCTest.
/// Pass `named:` whenever you can: names survive reordering, counters (`.1`, `.2`) do not,
/// and parameterized test cases must have one.
///
/// The value is an ordinary argument, so it is computed before the call: an asynchronous one
/// needs only its own `await`, a throwing one its `try` (in a throwing test).
///
/// ```swift
/// @Test func gamePage() async throws {
///     assertSnapshot(of: try await render(chess), as: .html, named: "chess")
/// }
/// ```
public func assertSnapshot<Value, Format>(
    of value: Value,
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
        fileID: fileID.description, filePath: filePath.description, line: Int(line), column: Int(column))
    let running = TestFramework.current
    assertSnapshot(
        of: value, as: strategy, named: name, record: record, site: site, testName: testName,
        suite: running.suite, runningTest: running.test, file: filePath, line: line)
}

/// The one assertion every public form ends in, with the call site given as a value (tests of
/// this package also use it to assert inside temporary packages, where a `StaticString` path
/// can't point) and `environment` nil for the process's variables.
package func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    site: CallSite,
    testName: String,
    suite: [String] = [],
    environment: [String: String]? = nil,
    runningTest: String? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let outcome = verifySnapshot(
        of: try value(), as: strategy, named: name, record: record, site: site,
        testName: testName, suite: suite, isParameterized: TestFramework.isParameterizedCase, environment: environment,
        runningTest: runningTest ?? TestFramework.runningTest)
    TestFramework.report(outcome, at: site, file: file, line: line)
}

/// Reports an outcome to the running test framework, as `assertSnapshot` does (for the
/// package's other assertion libraries, such as InlineSnapshotKit).
package func reportSnapshotOutcome(_ outcome: SnapshotOutcome, at site: CallSite, file: StaticString, line: UInt) {
    TestFramework.report(outcome, at: site, file: file, line: line)
}
