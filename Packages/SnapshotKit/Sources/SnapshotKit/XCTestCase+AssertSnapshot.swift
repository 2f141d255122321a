public import XCTest

// Inside an XCTestCase, these members are found before the global functions, so the class
// becomes part of the snapshot's path (two classes with a `testRender` never share a file)
// and each run of a test method counts its unnamed snapshots from 1.
extension XCTestCase {
    /// `assertSnapshot(of:as:)` with this test case's class in the storage path.
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
        let scope = SnapshotScope(record: SnapshotScope.current?.record, execution: "\(ObjectIdentifier(self))")
        SnapshotScope.$current.withValue(scope) {
            assertNow(
                of: value, as: strategy, named: name, record: record, suite: [String(describing: type(of: self))],
                fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
        }
    }

    /// The same for a value computed asynchronously.
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
        let scope = SnapshotScope(record: SnapshotScope.current?.record, execution: "\(ObjectIdentifier(self))")
        SnapshotScope.$current.withValue(scope) {
            assertNow(
                of: { try result.get() }, as: strategy, named: name, record: record, suite: [String(describing: type(of: self))],
                fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
        }
    }
}
