import Foundation
public import GameDomain

/// Why a run failed. Each case has its exit status, as documented in README.
public enum BuildError: Error, Sendable, CustomStringConvertible {
    /// Problems in game files, templates or other input: every one of them.
    case input([Diagnostic])
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
        case .input(let diagnostics): diagnostics.map(\.description).joined(separator: "\n")
        case .usage(let message): "error: \(message)"
        case .io(let message): "error: \(message)"
        }
    }
}

/// Why a file operation failed, in words: Foundation's text on Linux is "The operation could
/// not be completed" with nothing of the cause.
public func fileErrorText(_ error: any Error) -> String {
    let code: Int32? = switch error {
    case let error as CocoaError:
        switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: EACCES
        case .fileWriteOutOfSpace: ENOSPC
        case .fileWriteVolumeReadOnly: EROFS
        default: ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? Int32($0.code) : nil }
        }
    case let error as POSIXError: error.code.rawValue
    default: nil
    }
    return code.map { String(cString: strerror($0)).lowercased() } ?? error.localizedDescription
}
