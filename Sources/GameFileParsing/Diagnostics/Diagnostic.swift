/// A position in a game file: 1-based line and column (columns count characters).
public struct SourceLocation: Sendable, Hashable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// One rejected piece of input. `description` is the one-line form every error is printed in:
/// `PATH:LINE:COLUMN: error: MESSAGE`.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var location: SourceLocation
    public var message: String

    public init(path: String, location: SourceLocation, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    public var description: String {
        "\(path):\(location.line):\(location.column): error: \(message)"
    }
}
