/// Asserts that `value`, snapshotted with `strategy`, matches its reference in
/// `__Snapshots__/<test file>/<suite>/<test name>.<name or counter>.<ext>` at the package root.
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
    assertNow(
        of: value, as: strategy, named: name, record: record, suite: TestFramework.suite,
        fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
}

/// The same assertion for a value computed asynchronously:
/// `assertSnapshot(of: await page(), as: .html)`.
@_disfavoredOverload
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () async throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) async {
    let result: Result<Value, any Error>
    do { result = .success(try await value()) } catch { result = .failure(error) }
    assertNow(
        of: { try result.get() }, as: strategy, named: name, record: record, suite: TestFramework.suite,
        fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
}

/// What every public assertion does once its value can be taken synchronously.
func assertNow<Value, Format>(
    of value: () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String?,
    record: RecordMode?,
    suite: [String],
    fileID: StaticString,
    filePath: StaticString,
    testName: String,
    line: UInt,
    column: UInt
) {
    let site = CallSite(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    let outcome = verifySnapshot(
        of: try value(), as: strategy, named: name, record: record, site: site,
        testName: testName, suite: suite, isParameterized: TestFramework.isParameterizedCase)
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
    suite: [String] = [],
    environment: [String: String],
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let outcome = verifySnapshot(
        of: try value(), as: strategy, named: name, record: record, site: site,
        testName: testName, suite: suite, isParameterized: TestFramework.isParameterizedCase, environment: environment)
    TestFramework.report(outcome, at: site, file: file, line: line)
}

/// Reports an outcome to the running test framework, as `assertSnapshot` does (for the
/// package's other assertion libraries, such as InlineSnapshotKit).
package func reportSnapshotOutcome(_ outcome: SnapshotOutcome, at site: CallSite, file: StaticString, line: UInt) {
    TestFramework.report(outcome, at: site, file: file, line: line)
}
