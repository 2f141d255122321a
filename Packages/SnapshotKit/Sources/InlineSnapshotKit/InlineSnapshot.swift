import Foundation
@_exported public import SnapshotKit
import SwiftParser
import SwiftSyntax

/// Asserts that `value`, snapshotted with `strategy`, equals the string the trailing closure
/// returns. Without a closure (or with a mismatch when recording), the test's source file is
/// rewritten when the test process exits, with the actual output as a multi-line string
/// literal in the closure:
///
/// ```swift
/// assertInlineSnapshot(of: greeting(), as: .lines) {
///     """
///     Hello
///     """
/// }
/// ```
///
/// Record modes are those of `assertSnapshot`: a missing snapshot is recorded unless the mode
/// is `never` (on CI); a mismatch is rewritten with `all` or `failed`. As with
/// `assertSnapshot`, an asynchronous value needs only its own `await`.
public func assertInlineSnapshot<Value>(
    of value: Value,
    as strategy: Snapshotting<Value, String>,
    record: RecordMode? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    matches expected: (() -> String)? = nil
) {
    let site = CallSite(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    let outcome = verifyInlineSnapshot(of: value, as: strategy, record: record, expected: expected?(), site: site)
    reportSnapshotOutcome(outcome, at: site, file: filePath, line: line)
}

/// The check behind `assertInlineSnapshot`, reporting nothing; `environment` picks the record
/// mode (nil: the process's).
func verifyInlineSnapshot<Value>(
    of value: @autoclosure () throws -> Value,
    as strategy: Snapshotting<Value, String>,
    record: RecordMode?,
    expected: String?,
    site: CallSite,
    environment: [String: String]? = nil,
    edits: InlineEdits = .shared
) -> SnapshotOutcome {
    let actual: String
    let mode: RecordMode
    do {
        mode = try RecordMode.resolve(record ?? SnapshotScope.current?.record, environment: environment ?? RecordMode.processEnvironment())
        actual = try strategy.snapshot(value())
    } catch {
        return SnapshotOutcome(failure: "Inline snapshot could not be taken: \(error)")
    }
    guard let expected else {
        guard mode != .never else {
            return SnapshotOutcome(failure: "Inline snapshot has no reference, and record mode is \"never\" (the default on CI): record it locally and commit the test file.")
        }
        edits.add(site, actual)
        return SnapshotOutcome(note: "Recorded the inline snapshot into \(site.fileID) at exit. Review and commit it.")
    }
    guard let difference = strategy.diffing.diff(expected, actual, DiffContext(path: site.fileID)) else {
        return SnapshotOutcome()
    }
    switch mode {
    case .all:
        edits.add(site, actual)
        return SnapshotOutcome(note: "Re-recorded the inline snapshot in \(site.fileID) at exit (record mode all): \(difference.summary).")
    case .failed:
        edits.add(site, actual)
        return SnapshotOutcome(failure: "Inline snapshot did not match: \(difference.summary)\nRecord mode \"failed\" rewrites it at exit; run the test again.\n\n\(difference.message)")
    case .missing, .never:
        return SnapshotOutcome(failure: "Inline snapshot did not match: \(difference.summary)\nRe-record: SNAPSHOT_RECORD=failed swift test\n\n\(difference.message)")
    }
}

/// Rewrites of test sources, applied when the process exits (rewriting at once would move the
/// lines of later assertions in the same file).
final class InlineEdits: Sendable {
    static let shared = InlineEdits(atExit: true)

    private let pending = Locked([String: [(line: Int, column: Int, text: String)]]())
    private let atExit: Bool
    private let hooked = Locked(false)

    init(atExit: Bool) { self.atExit = atExit }

    func add(_ site: CallSite, _ text: String) {
        pending.withLock { $0[site.filePath, default: []].append((site.line, site.column, text)) }
        guard atExit else { return }
        let first = hooked.withLock { done in
            defer { done = true }
            return !done
        }
        if first { atexit { InlineEdits.shared.apply() } }
    }

    /// Writes every pending rewrite; a file that changed shape is left alone, with a message.
    func apply() {
        let all = pending.withLock { pending in
            defer { pending = [:] }
            return pending
        }
        for (path, edits) in all {
            do {
                let source = try String(contentsOfFile: path, encoding: .utf8)
                let rewritten = try InlineRewriter.rewrite(source, path: path, edits: edits)
                try Data(rewritten.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                FileHandle.standardError.write(Data("\(path): error: inline snapshots not recorded: \(error)\n".utf8))
            }
        }
    }
}

enum InlineRewriter {
    struct NotFound: Error, CustomStringConvertible {
        let line: Int
        var description: String { "no assertInlineSnapshot call at line \(line)" }
    }

    /// `source` with the trailing closure of each call at `edits`' lines replaced (or added).
    static func rewrite(_ source: String, path: String, edits: [(line: Int, column: Int, text: String)]) throws -> String {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let calls = CallFinder(converter: converter, viewMode: .sourceAccurate)
        calls.walk(tree)
        var bytes = Array(source.utf8)
        var splices: [(range: Range<Int>, text: String)] = []
        for edit in edits {
            guard let call = calls.found.first(where: { $0.line == edit.line && $0.column == edit.column })
                    ?? calls.found.first(where: { $0.line == edit.line }) else { throw NotFound(line: edit.line) }
            let indent = indentation(ofLine: edit.line, in: source)
            let closure = " {\n" + literal(edit.text, indent: indent + "    ") + "\n" + indent + "}"
            splices.append((call.replace, closure))
        }
        // From the end, so earlier offsets stay valid; one edit per call.
        var seen = Set<Int>()
        for splice in splices.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) where seen.insert(splice.range.lowerBound).inserted {
            bytes.replaceSubrange(splice.range, with: Array(splice.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The spaces and tabs the 1-based `line` starts with.
    static func indentation(ofLine line: Int, in source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return "" }
        return String(lines[line - 1].prefix { $0 == " " || $0 == "\t" })
    }

    /// A multi-line string literal whose value is `text`, raw (`#"""`) when it holds a
    /// backslash or `"""`.
    static func literal(_ text: String, indent: String) -> String {
        var hashes = ""
        if text.contains("\\") || text.contains("\"\"\"") {
            hashes = "#"
            while text.contains("\"" + hashes) { hashes += "#" }
        }
        let body = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        return indent + hashes + "\"\"\"\n" + body + "\n" + indent + "\"\"\"" + hashes
    }

    /// Every `assertInlineSnapshot(...)` call: where it starts and the bytes its trailing
    /// closure takes (empty, just after the call, when it has none).
    final class CallFinder: SyntaxVisitor {
        struct Call {
            let line: Int, column: Int
            let replace: Range<Int>
        }

        let converter: SourceLocationConverter
        var found: [Call] = []

        init(converter: SourceLocationConverter, viewMode: SyntaxTreeViewMode) {
            self.converter = converter
            super.init(viewMode: viewMode)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if name == "assertInlineSnapshot" {
                let start = node.startLocation(converter: converter)
                let replace: Range<Int>
                if let closure = node.trailingClosure {
                    // From the end of the call's arguments, so the space before `{` is ours.
                    let from = node.rightParen?.endPositionBeforeTrailingTrivia.utf8Offset ?? closure.positionAfterSkippingLeadingTrivia.utf8Offset
                    replace = from..<closure.endPositionBeforeTrailingTrivia.utf8Offset
                } else {
                    let end = node.endPositionBeforeTrailingTrivia.utf8Offset
                    replace = end..<end
                }
                found.append(Call(line: start.line, column: start.column, replace: replace))
            }
            return .visitChildren
        }
    }
}
