public import XCTest

// Inside an XCTestCase, this member is found before the global function, so the class becomes
// part of the snapshot's path (two classes with a `testRender` never share a file) and each run
// of a test method counts its unnamed snapshots from 1.
extension XCTestCase {
    /// `assertSnapshot(of:as:)` with this test case's class in the storage path.
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
        let site = CallSite(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        let scope = SnapshotScope(record: SnapshotScope.current?.record, execution: "\(ObjectIdentifier(self))")
        SnapshotScope.$current.withValue(scope) {
            SnapshotKit.assertSnapshot(
                of: value, as: strategy, named: name, record: record, site: site, testName: testName,
                suite: [String(describing: type(of: self))], runningTest: name, file: filePath, line: line)
        }
    }
}
