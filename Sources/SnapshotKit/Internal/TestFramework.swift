import Foundation
import SnapshotKitCore
import Testing
import XCTest

/// The only place that talks to a test framework: Swift Testing when a test is running under
/// it, XCTest otherwise.
enum TestFramework {
    /// The running Swift Testing test's suites, outermost first (none for a free function).
    static var suite: [String] {
        Array(Test.current?.id.nameComponents.dropLast() ?? [])
    }

    static var isParameterizedCase: Bool {
        Test.Case.current?.isParameterized ?? false
    }

    static func report(_ outcome: SnapshotOutcome, at site: CallSite, file: StaticString, line: UInt) {
        if Test.current != nil {
            let location = SourceLocation(
                fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
            for attachment in outcome.attachments {
                Attachment.record(Array(attachment.data), named: attachment.name, sourceLocation: location)
            }
            if let failure = outcome.failure {
                Issue.record(Comment(rawValue: failure), sourceLocation: location)
            } else if let note = outcome.note {
                Issue.record(Comment(rawValue: note), severity: .warning, sourceLocation: location)
            }
        } else if let failure = outcome.failure {
            XCTFail(failure, file: file, line: line)
        } else if let note = outcome.note {
            FileHandle.standardError.write(Data("\(site.description): note: \(note)\n".utf8))
        }
    }
}
