import GameFileParsing

/// Why a run failed. Each case has its exit status, as documented in README.
public enum BuildError: Error, Sendable, CustomStringConvertible {
    /// Problems in game files or templates: every one of them, each with its location.
    case input([String])
    /// The command was called wrongly (a missing folder, an output folder we must not touch).
    case usage(String)
    /// Reading or writing failed.
    case io(String)

    public var exitStatus: Int32 {
        switch self {
        case .input: 1
        case .usage: 2
        case .io: 3
        }
    }

    public var description: String {
        switch self {
        case .input(let lines): lines.joined(separator: "\n")
        case .usage(let message): "error: \(message)"
        case .io(let message): "error: \(message)"
        }
    }

    static func input(_ diagnostics: [Diagnostic]) -> BuildError {
        .input(diagnostics.map(\.description))
    }
}
