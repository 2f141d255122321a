import Foundation
import SnapshotKitCore
import Testing
import XCTest

/// The only place that talks to a test framework: Swift Testing when a test is running under
/// it, XCTest when one of its tests is, and a loud process failure when neither is (an
/// assertion in `Task.detached` has no `Test.current`, and XCTest drops `XCTFail` outside a
/// running test: a mismatch there must still fail the run).
enum TestFramework {
    /// The running Swift Testing test's suites, outermost first (none for a free function).
    static var suite: [String] { suite(of: Test.current) }

    private static func suite(of test: Test?) -> [String] {
        guard let components = test?.id.nameComponents, !components.isEmpty else { return [] }
        return Array(components[..<(components.count - 1)])
    }

    /// The running Swift Testing test, so a helper's assertions are told apart by caller.
    static var runningTest: String? { runningTest(of: Test.current) }

    private static func runningTest(of test: Test?) -> String? {
        test.map { "\($0.id)" }
    }

    /// `suite` and `runningTest` from one look-up of the running test, each test's made once:
    /// slicing its name and describing its ID were a tenth of a matching assertion in a debug build.
    static var current: (suite: [String], test: String?) {
        guard let test = Test.current else { return ([], nil) }
        let id = test.id
        if let known = identities.withLock({ $0[id] }) { return known }
        let identity = (suite(of: test), runningTest(of: test))
        identities.withLock { $0[id] = identity }
        return identity
    }

    private static let identities = Locked([Test.ID: (suite: [String], test: String?)]())

    static var isParameterizedCase: Bool {
        Test.Case.current?.isParameterized ?? false
    }

    enum Route: Equatable {
        case swiftTesting, xctest, unattributed
    }

    /// Where an outcome goes from the current context.
    static func route() -> Route {
        if Test.current != nil { return .swiftTesting }
        if library == "xctest", XCTestWatcher.shared.isRunningTest { return .xctest }
        return .unattributed
    }

    /// The test library this process runs (`swift test` starts one process per library).
    static let library = RunManifest.library(arguments: CommandLine.arguments)

    static func report(
        _ outcome: SnapshotOutcome, at site: CallSite, file: StaticString, line: UInt,
        unattributed: (String, CallSite) -> Void = LoudFailure.record
    ) {
        // A match has nothing to report: don't look up the running test for it.
        guard outcome.failure != nil || outcome.note != nil || !outcome.attachments.isEmpty else { return }
        switch route() {
        case .swiftTesting:
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
        case .xctest:
            if let failure = outcome.failure {
                XCTFail(failure, file: file, line: line)
            } else if let note = outcome.note {
                FileHandle.standardError.write(Data("\(site.description): note: \(note)\n".utf8))
            }
        case .unattributed:
            if let failure = outcome.failure {
                unattributed(failure, site)
            } else if let note = outcome.note {
                FileHandle.standardError.write(Data("\(site.description): note: \(note)\n".utf8))
            }
        }
    }
}

/// A failure no running test can take: printed to standard error, recorded as an issue that
/// belongs to no test (Swift Testing counts it as a failure of the run), and the process made
/// to exit with status 1 whatever the test library decides.
enum LoudFailure {
    private static let installed = Locked(false)

    static func record(_ message: String, at site: CallSite) {
        FileHandle.standardError.write(
            Data("\(site.description): error: snapshot assertion outside a running test: \(message)\n".utf8))
        if TestFramework.library == "swift-testing" {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column))
        }
        let first = installed.withLock { done in
            defer { done = true }
            return !done
        }
        if first {
            // Runs before handlers installed earlier (the run manifest): a failed run writes
            // none, so it never counts as complete.
            atexit {
                FileHandle.standardError.write(
                    Data("error: a snapshot assertion failed outside a running test; exiting with status 1\n".utf8))
                fflush(nil)
                _exit(1)
            }
        }
    }
}

/// Whether an XCTest test case is running, from XCTest's own observation (registered on the
/// first assertion, so until a test case ends its state is unknown and taken as running).
final class XCTestWatcher: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: XCTestWatcher = {
        let watcher = XCTestWatcher()
        if Thread.isMainThread {
            MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(watcher) }
        } else {
            DispatchQueue.main.async { XCTestObservationCenter.shared.addTestObserver(watcher) }
        }
        return watcher
    }()

    private let running = Locked(true)

    var isRunningTest: Bool { running.withLock { $0 } }

    func testCaseWillStart(_ testCase: XCTestCase) { running.withLock { $0 = true } }
    func testCaseDidFinish(_ testCase: XCTestCase) {
        running.withLock { $0 = false }
        // A failed test may have failed before its snapshot assertions: the run isn't complete.
        if testCase.testRun?.hasSucceeded == false { RunRegistry.shared.noteFailure() }
        // Ran to the end (not skipped part way): its unasserted references are provably unused.
        if let run = testCase.testRun, run.hasSucceeded, !run.hasBeenSkipped {
            RunRegistry.shared.complete(execution: "\(ObjectIdentifier(testCase))")
        }
    }
}
