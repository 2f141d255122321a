/// A position in an input file: 1-based line and column (columns count characters).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `12:5`.
    public var description: String { "\(line):\(column)" }
}

/// One problem with the input, from any layer: a game file, a template, a folder, an argument.
/// `description` is the one form every diagnostic is printed in, compiler style:
/// `PATH:LINE:COLUMN: error: MESSAGE; HINT`, leaving out what is not known.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        /// The input is rejected; the run fails.
        case error
        /// Worth knowing; the run goes on.
        case note
    }

    /// The file as the user named it; empty for input that is not a file (a command-line layout).
    public var path: String
    /// Nil when the problem is the file or folder as a whole.
    public var location: SourceLocation?
    public var severity: Severity
    /// What is wrong.
    public var message: String
    /// What to do about it, when that is not already part of `message`.
    public var hint: String?

    public init(
        path: String, location: SourceLocation?, severity: Severity = .error, message: String, hint: String? = nil
    ) {
        self.path = path
        self.location = location
        self.severity = severity
        self.message = message
        self.hint = hint
    }

    public var description: String {
        var place = path
        if let location { place += ":\(location)" }
        return (place.isEmpty ? "" : place + ": ") + "\(severity.rawValue): \(message)" + (hint.map { "; \($0)" } ?? "")
    }

}
