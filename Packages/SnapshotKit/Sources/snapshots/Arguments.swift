import Foundation

/// The few argument shapes the tool needs (positionals, `--flag`, `--option VALUE` or
/// `--option=VALUE`), parsed by hand so SnapshotKit depends on no other package.
struct Arguments: Sendable {
    var positionals: [String] = []
    var flags: Set<String> = []
    var options: [String: String] = [:]

    /// Parses `arguments` for a command that knows `flags` and `options` (names without `--`).
    init(_ arguments: [String], flags known: Set<String>, options takesValue: Set<String>) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                positionals += rest
                break
            }
            guard argument.hasPrefix("--") else {
                positionals.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            if known.contains(name), !body.contains("=") {
                flags.insert(name)
            } else if takesValue.contains(name) {
                if body.contains("=") {
                    options[name] = String(body.drop { $0 != "=" }.dropFirst())
                } else if let value = rest.popFirst() {
                    options[name] = value
                } else {
                    throw UsageError("Missing value for '--\(name)'")
                }
            } else {
                throw UsageError("Unknown option '\(argument)'")
            }
        }
    }
}

/// Wrong arguments: the message, then the command's usage; exit status 64 (EX_USAGE).
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// A failure to report in one line (`Error: ...`), with an exit status.
struct CommandError: Error {
    let message: String
    var status: Int32 = 1
}
