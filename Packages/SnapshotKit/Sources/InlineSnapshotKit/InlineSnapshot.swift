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
        mode = try RecordMode.resolve(
            record ?? SnapshotScope.current?.record, environment: environment ?? RecordMode.processEnvironment())
        actual = try strategy.snapshot(value())
    } catch {
        return SnapshotOutcome(failure: "Inline snapshot could not be taken: \(error)")
    }
    // One literal holds one value: a call site that sees two in a run would flip-flop.
    if let earlier = edits.observe(site, actual) {
        let difference = strategy.diffing.diff(earlier, actual, DiffContext(path: site.fileID))?.message ?? ""
        return SnapshotOutcome(
            failure: """
                assertInlineSnapshot at \(site) produced different values in this run (a loop, a helper or a \
                parameterized test reaches it more than once): an inline snapshot holds one value, so nothing is \
                recorded for it. Use assertSnapshot with a named: per case instead.

                \(difference)
                """)
    }
    guard let expected else {
        guard mode != .never else {
            return SnapshotOutcome(
                failure:
                    "Inline snapshot has no reference, and record mode is \"never\" (the default on CI): record it locally and commit the test file."
            )
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
        return SnapshotOutcome(
            note: "Re-recorded the inline snapshot in \(site.fileID) at exit (record mode all): \(difference.summary).")
    case .failed:
        edits.add(site, actual)
        return SnapshotOutcome(
            failure:
                "Inline snapshot did not match: \(difference.summary)\nRecord mode \"failed\" rewrites it at exit; run the test again.\n\n\(difference.message)"
        )
    case .missing, .never:
        return SnapshotOutcome(
            failure:
                "Inline snapshot did not match: \(difference.summary)\nRe-record: SNAPSHOT_RECORD=failed swift test\n\n\(difference.message)"
        )
    }
}

/// Rewrites of test sources, applied when the process exits (rewriting at once would move the
/// lines of later assertions in the same file).
final class InlineEdits: Sendable {
    static let shared = InlineEdits(atExit: true)

    private let pending = Locked([String: [(line: Int, column: Int, text: String)]]())
    /// Per call site, the first value it produced, or nil once it produced two.
    private let seen = Locked([String: String?]())
    private let atExit: Bool
    private let hooked = Locked(false)

    init(atExit: Bool) { self.atExit = atExit }

    /// Notes a value at `site`; returns the earlier value when it differs (byte for byte), and
    /// from then on drops the site's rewrite.
    func observe(_ site: CallSite, _ value: String) -> String? {
        let key = "\(site.filePath):\(site.line):\(site.column)"
        let earlier: String? = seen.withLock { seen in
            guard let entry = seen[key] else {
                seen[key] = .some(value)
                return nil
            }
            guard let first = entry else { return "" }
            if first.utf8.elementsEqual(value.utf8) { return nil }
            seen[key] = .some(nil)
            return first
        }
        if earlier != nil {
            pending.withLock { $0[site.filePath]?.removeAll { $0.line == site.line && $0.column == site.column } }
        }
        return earlier
    }

    func add(_ site: CallSite, _ text: String) {
        pending.withLock { pending in
            // Once per site: observe() has made sure every value it saw is this one.
            guard !(pending[site.filePath] ?? []).contains(where: { $0.line == site.line && $0.column == site.column })
            else { return }
            pending[site.filePath, default: []].append((site.line, site.column, text))
        }
        guard atExit else { return }
        let first = hooked.withLock { done in
            defer { done = true }
            return !done
        }
        if first { atexit { InlineEdits.shared.apply() } }
    }

    /// How many rewrites are waiting for `path`.
    func pendingCount(for path: String) -> Int {
        pending.withLock { $0[path]?.count ?? 0 }
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
    static func rewrite(_ source: String, path: String, edits: [(line: Int, column: Int, text: String)]) throws
        -> String
    {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let calls = CallFinder(converter: converter, viewMode: .sourceAccurate)
        calls.walk(tree)
        var bytes = Array(source.utf8)
        var splices: [(range: Range<Int>, text: String)] = []
        for edit in edits {
            // `#column` is the column of the call's `(`; the call's start is accepted too. Never
            // another call on the same line: its literal would get this value.
            guard
                let call = calls.found.first(where: {
                    $0.line == edit.line && ($0.parenColumn == edit.column || $0.column == edit.column)
                })
            else { throw NotFound(line: edit.line) }
            let indent = indentation(ofLine: edit.line, in: source)
            let closure = " {\n" + literal(edit.text, indent: indent + "    ") + "\n" + indent + "}"
            splices.append((call.replace, closure))
        }
        // From the end, so earlier offsets stay valid; one edit per call.
        var seen = Set<Int>()
        for splice in splices.sorted(by: { $0.range.lowerBound > $1.range.lowerBound })
        where seen.insert(splice.range.lowerBound).inserted {
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

    /// A multi-line string literal whose value is `text`, byte for byte. It is raw (`#"""`)
    /// when the text holds a backslash or `"""`, with one `#` more than any run of them after a
    /// quote or a backslash in the text (so nothing in it closes the literal or starts an
    /// escape). Characters a literal can't hold as they are — CR (a multi-line literal reads
    /// CRLF as LF), other controls, DEL, U+0085, U+2028, U+2029 — are written as escapes.
    static func literal(_ text: String, indent: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var hashes = ""
        if text.contains("\\") || text.contains("\"\"\"") {
            var longest = 0
            for (index, scalar) in scalars.enumerated() where scalar == "\"" || scalar == "\\" {
                longest = max(longest, scalars[(index + 1)...].prefix { $0 == "#" }.count)
            }
            hashes = String(repeating: "#", count: longest + 1)
        }
        var escaped = ""
        for scalar in scalars {
            switch scalar.value {
            case 0x0A, 0x09: escaped.unicodeScalars.append(scalar)
            case 0x0D: escaped += "\\" + hashes + "r"
            case 0x00..<0x20, 0x7F, 0x85, 0x2028, 0x2029:
                escaped += "\\" + hashes + "u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        let body = escaped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        return indent + hashes + "\"\"\"\n" + body + "\n" + indent + "\"\"\"" + hashes
    }

    /// Every `assertInlineSnapshot(...)` call: where it starts and the bytes its trailing
    /// closure takes (empty, just after the call, when it has none).
    final class CallFinder: SyntaxVisitor {
        struct Call {
            let line: Int, column: Int
            /// Where `#column` points: the argument list's `(`.
            let parenColumn: Int
            let replace: Range<Int>
        }

        let converter: SourceLocationConverter
        var found: [Call] = []

        init(converter: SourceLocationConverter, viewMode: SyntaxTreeViewMode) {
            self.converter = converter
            super.init(viewMode: viewMode)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let name =
                node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            if name == "assertInlineSnapshot" {
                let start = node.startLocation(converter: converter)
                let replace: Range<Int>
                if let closure = node.trailingClosure {
                    // From the end of the call's arguments, so the space before `{` is ours.
                    let from =
                        node.rightParen?.endPositionBeforeTrailingTrivia.utf8Offset
                        ?? closure.positionAfterSkippingLeadingTrivia.utf8Offset
                    replace = from..<closure.endPositionBeforeTrailingTrivia.utf8Offset
                } else {
                    let end = node.endPositionBeforeTrailingTrivia.utf8Offset
                    replace = end..<end
                }
                let paren = node.leftParen.map { $0.startLocation(converter: converter) } ?? start
                found.append(
                    Call(
                        line: start.line, column: start.column,
                        parenColumn: paren.line == start.line ? paren.column : -1, replace: replace))
            }
            return .visitChildren
        }
    }
}
