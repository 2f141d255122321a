import Foundation

/// Checks `value` against its reference and records or writes pending output as the record
/// mode says, but reports nothing: `assertSnapshot` (module SnapshotKit) reports the outcome
/// to the running test framework. Use this to build your own assertion.
///
/// - Parameters:
///   - testName: the test's function name; `renders(game:)` is stored as `renders`.
///   - suite: the Swift Testing suite (outermost first) or XCTestCase class the test is in.
///   - environment: the variables that pick the record mode; nil reads the process's.
///   - runningTest: the test running now (Swift Testing's `Test.ID`, XCTest's test name), when
///     known: an assertion in a helper has the helper's `testName`, and two tests calling it
///     must not share its references or counters.
///   - isParameterized: a parameterized test case must pass `named:` (Swift Testing does not
///     expose a case's arguments, and counters would depend on the order cases run in).
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: RecordMode? = nil,
    site: CallSite,
    testName: String,
    suite: [String] = [],
    isParameterized: Bool = false,
    environment: [String: String]? = nil,
    runningTest: String? = nil
) -> SnapshotOutcome {
    verify(
        of: try value(), as: strategy, named: name, record: record, site: site, testName: testName,
        suite: suite, isParameterized: isParameterized, environment: environment, registry: .shared,
        runningTest: runningTest)
}

/// `verifySnapshot` with the run's registry given, so tests can simulate separate runs.
/// Failures are counted: a run with one never counts as complete.
func verify<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String?,
    record: RecordMode?,
    site: CallSite,
    testName: String,
    suite: [String] = [],
    isParameterized: Bool,
    environment: [String: String]?,
    registry: RunRegistry,
    runningTest: String? = nil
) -> SnapshotOutcome {
    let outcome = uncountedVerify(
        of: try value(), as: strategy, named: name, record: record, site: site, testName: testName, suite: suite,
        isParameterized: isParameterized, environment: environment, registry: registry, runningTest: runningTest)
    if outcome.failure != nil { registry.noteFailure() }
    return outcome
}

private func uncountedVerify<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, Format>,
    named name: String?,
    record: RecordMode?,
    site: CallSite,
    testName: String,
    suite: [String] = [],
    isParameterized: Bool,
    environment: [String: String]?,
    registry: RunRegistry,
    runningTest: String?
) -> SnapshotOutcome {
    let scope = SnapshotScope.current
    let mode: RecordMode
    do {
        mode = try RecordMode.resolve(
            record ?? scope?.record, environment: environment ?? RecordMode.processEnvironment())
    } catch {
        return SnapshotOutcome(failure: "\(error)")
    }
    guard
        let references = TestReferences.find(
            filePath: site.filePath, suite: suite, testName: testName, pathExtension: strategy.pathExtension)
    else {
        return SnapshotOutcome(failure: "\(SnapshotError.packageRootNotFound(from: site.filePath))")
    }
    if isParameterized && name == nil {
        return SnapshotOutcome(
            failure: """
                Snapshot in parameterized test "\(testName)" needs a name: pass named: derived from the \
                test's arguments (for example named: "\\(game.id)") so each case has its own reference.
                """)
    }
    // Counters are per execution of a test: its suite, its name and the scope a trait gives
    // each test case and repetition.
    let execution = scope?.execution ?? ""
    if name == nil, execution.isEmpty, registry.isRepeating {
        return SnapshotOutcome(
            failure: """
                Unnamed snapshot in "\(testName)" while tests repeat (--repetitions, --repeat-until): \
                pass named:, or add the .snapshots() trait so each repetition counts from 1.
                """)
    }
    let identifier: String
    if let name {
        identifier = SnapshotLocation.encode(name)
    } else {
        // The running test is part of the key: a helper's counter is never shared by two tests.
        let test = ([site.filePath] + suite + [testName, execution, runningTest ?? ""]).joined(separator: "\u{0}")
        identifier = String(registry.nextCounter(for: test))
    }
    let (location, prefixKey) = references.location(identifier: identifier)

    if let earlier = registry.claim(location, site: site, execution: execution, test: runningTest, prefixKey: prefixKey)
    {
        let shown = name.map { "\"\($0)\" (stored as \(location.relativePath))" } ?? location.relativePath
        let by = earlier.test.map { " by test \($0)" } ?? ""
        let helper =
            earlier.site.isSameSite(as: site) && earlier.test != runningTest
            ? " The assertion is in a helper called from more than one test: give each call a named: of its own (from the calling test), so no two tests share a reference or a counter."
            : " Give each assertion a distinct named:."
        return SnapshotOutcome(
            failure: """
                Snapshot name collision: \(shown) was already asserted at \(earlier.site)\(by) in this run. \
                Nothing was written.\(helper)
                """, location: location)
    }
    return SnapshotEngine(location: location, mode: mode, registry: registry).check(value, strategy, named: name)
}

/// The compare-and-write steps of one assertion, after its reference path is settled.
struct SnapshotEngine {
    let location: SnapshotLocation
    let mode: RecordMode
    /// Knows what may be pending under the root, so a match deletes only what can exist.
    let registry: RunRegistry

    private func removePending() throws {
        if registry.mayHavePending(location) { try location.removePending() }
    }

    func check<Value, Format>(_ value: () throws -> Value, _ strategy: Snapshotting<Value, Format>, named name: String?)
        -> SnapshotOutcome
    {
        let path = location.relativePath
        // Only a failure or a note says it: a match builds no text.
        var label: String { name.map { "Snapshot \"\($0)\"" } ?? "Snapshot" }
        let actual: Format
        let comparison: SnapshotStorage<Format>.Comparison
        do {
            actual = try strategy.snapshot(value())
        } catch {
            return outcome(failure: "\(label) for \(path) could not be taken: \(FileSystem.describe(error))")
        }
        do {
            comparison = try strategy.storage.compare(actual, location.referencePath)
        } catch {
            // The reference is there but can't be compared: say why, and show what the test produced.
            return outcome(
                failure: """
                    \(label) could not be compared with \(path): \(FileSystem.describe(error))
                    Nothing was written. The actual output:

                    \(shown(actual, strategy))
                    """)
        }
        switch comparison {
        case .identical:
            return outcome(failure: attempt { try removePending() }.map { "\(label) matches \(path), but \($0)" })
        case .missing:
            guard mode != .never else {
                return outcome(
                    failure: """
                        \(label) has no reference at \(path), and record mode is "never" \
                        (the default on CI), so nothing was written.
                        Run the test locally (SNAPSHOT_RECORD=missing, the local default) and commit \(path).
                        """)
            }
            if let trouble = attempt({
                try strategy.storage.write(actual, location.referencePath)
                try removePending()
            }) {
                return outcome(
                    failure:
                        "\(label) has no reference at \(path), and \(trouble). The actual output:\n\n\(shown(actual, strategy))"
                )
            }
            return outcome(note: "Recorded new snapshot reference \(path). Review and commit it.")
        case .different(let reference, let referenceData):
            let context = DiffContext(path: path)
            guard var difference = strategy.diffing.diff(reference, actual, context) else {
                return outcome(failure: attempt { try removePending() }.map { "\(label) matches \(path), but \($0)" })
            }
            // The summary leads our first line; don't repeat it above the patch.
            if difference.message.hasPrefix(difference.summary + "\n") {
                difference.message.removeFirst(difference.summary.count + 1)
                difference.message = String(difference.message.drop { $0 == "\n" })
            }
            switch mode {
            case .all, .failed:
                if let trouble = attempt({
                    try strategy.storage.write(actual, location.referencePath)
                    try removePending()
                }) {
                    return outcome(
                        failure: """
                            \(label) did not match \(path): \(difference.summary)
                            Record mode "\(mode.rawValue)" tried to re-record the reference, but \(trouble).

                            \(difference.message)
                            """, attachments: difference.attachments)
                }
                if mode == .all {
                    return outcome(
                        note: "Re-recorded snapshot reference \(path) (record mode all): \(difference.summary).")
                }
                return outcome(
                    failure: """
                        \(label) did not match \(path): \(difference.summary)
                        Record mode "failed" re-recorded the reference; run the test again.

                        \(difference.message)
                        """, attachments: difference.attachments)
            case .missing, .never:
                // Each made once, for the pending files and the attachments alike.
                let isFile = !strategy.storage.isDirectory
                let actualData = isFile ? strategy.diffing.toData(actual) : Data()
                let diff = isFile ? Data((difference.summary + "\n" + difference.message).utf8) : Data()
                let trouble = attempt {
                    registry.notePending(location)
                    guard isFile else {
                        try strategy.storage.write(actual, location.pendingTreePath)
                        return
                    }
                    try FileSystem.replaceFileCreatingFolder(with: actualData, atPath: location.pendingPath)
                    // status and review show this diff, the strategy's own, not one of their making.
                    try PendingDiffLog.append(diff, for: location)
                }
                // Test runners keep attachments as artifacts (Swift Testing: --attachments-path):
                // the reference, the actual output and the diff.
                if isFile {
                    let name = Self.lastComponent(path)
                    let ext = (name as NSString).pathExtension
                    let base = (name as NSString).deletingPathExtension
                    difference.attachments += [
                        SnapshotAttachment(
                            name: ext.isEmpty ? "\(name).reference" : "\(base).reference.\(ext)",
                            data: referenceData ?? strategy.diffing.toData(reference)),
                        SnapshotAttachment(name: name, data: actualData),
                        SnapshotAttachment(name: "\(name).diff", data: diff),
                    ]
                }
                // Where this assertion wrote, known without looking at the disk.
                let pending =
                    strategy.storage.isDirectory
                    ? SnapshotLocation.pendingTreeRelativePath(location.relativePath)
                    : SnapshotLocation.pendingFolderName + "/" + path
                let written =
                    trouble.map { "The actual output was not saved: \($0)." } ?? """
                        Actual output written to \(pending)
                        Accept it: swift run snapshots accept \(path)   (review all: swift run snapshots status)
                        """
                return outcome(
                    failure: """
                        \(label) did not match \(path): \(difference.summary)
                        \(written)

                        \(difference.message)
                        """, attachments: difference.attachments)
            }
        }
    }

    /// `path`'s last component, as `NSString.lastPathComponent` gives it: found on the bytes
    /// unless the path ends in "/", as bridging the whole path to an NSString cost a
    /// twentieth of a failure in a debug build.
    static func lastComponent(_ path: String) -> String {
        UTF8Text.withBytes(path) { bytes -> String in
            guard let base = bytes.baseAddress, bytes.count > 0, base[bytes.count - 1] != UInt8(ascii: "/") else {
                return (path as NSString).lastPathComponent
            }
            var start = bytes.count
            while start > 0 && base[start - 1] != UInt8(ascii: "/") { start -= 1 }
            return String(decoding: UnsafeBufferPointer(start: base + start, count: bytes.count - start), as: UTF8.self)
        }
    }

    /// nil when `body` succeeds, else why it failed, readably ("could not write X: Permission denied").
    private func attempt(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            let code = (error as NSError).domain == NSPOSIXErrorDomain ? Int32((error as NSError).code) : nil
            let remedy =
                switch code {
                case ENOSPC?, EDQUOT?: "; free some space on that disk and run the test again"
                case EACCES?, EPERM?, EROFS?: "; make that folder writable and run the test again"
                default: ""
                }
            return "could not write: \(FileSystem.describe(error, relativeTo: location.packageRoot))" + remedy
        }
    }

    /// The actual output as a diff from nothing (text), or its size (bytes).
    private func shown<Value, Format>(_ actual: Format, _ strategy: Snapshotting<Value, Format>) -> String {
        let data = strategy.diffing.toData(actual)
        guard let text = UTF8Text.decode(data),
            let difference = TextDiff.unified("", text, path: location.relativePath)
        else { return "(\(data.count) bytes)" }
        return difference.message
    }

    private func outcome(failure: String? = nil, note: String? = nil, attachments: [SnapshotAttachment] = [])
        -> SnapshotOutcome
    {
        SnapshotOutcome(failure: failure, note: note, attachments: attachments, location: location)
    }
}
