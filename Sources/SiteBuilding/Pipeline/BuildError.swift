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
    fileErrorCode(error).map { String(cString: strerror($0)).lowercased() } ?? error.localizedDescription
}

/// Why a write failed and what to do about it: the system's words, the path when the error
/// names one (`fileError`), and the usual remedy, ending "and `again` again" (e.g. "build").
public func writeErrorText(_ error: any Error, again: String) -> String {
    let path = ((error as NSError).userInfo[NSFilePathErrorKey] as? String).map { " (\($0))" } ?? ""
    let remedy =
        switch fileErrorCode(error) {
        case ENOSPC?, EDQUOT?: "free some space on that disk and \(again) again"
        case EACCES?, EPERM?: "make the folder writable for this user (or choose another) and \(again) again"
        case EROFS?:
            "the file system is read-only: remount it read-write (or choose a folder on another) and \(again) again"
        case EBUSY?, EXDEV?: "a mount point cannot be renamed: choose a folder inside it and \(again) again"
        default: "\(again) again once that is fixed"
        }
    return fileErrorText(error) + path + "; " + remedy
}

/// What to do about a file that cannot be read, for its error's hint; nil when nothing helps.
func readRemedy(_ error: any Error) -> String? {
    switch fileErrorCode(error) {
    case EACCES?, EPERM?: "make it readable by the user building (e.g. chmod a+r) and build again"
    default: nil
    }
}

/// The error of the system call that just failed on `path`, for `fileErrorText` and
/// `writeErrorText`, which name the path.
func fileError(_ path: String) -> any Error {
    NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSFilePathErrorKey: path])
}

/// The errno value behind `error`, when it has one.
func fileErrorCode(_ error: any Error) -> Int32? {
    // First: on Linux an NSError of any domain also casts to CocoaError.
    if (error as NSError).domain == NSPOSIXErrorDomain { return Int32((error as NSError).code) }
    return switch error {
    case let error as CocoaError:
        switch error.code {
        case .fileNoSuchFile, .fileReadNoSuchFile: ENOENT
        case .fileReadNoPermission, .fileWriteNoPermission: EACCES
        case .fileWriteOutOfSpace: ENOSPC
        case .fileWriteVolumeReadOnly: EROFS
        // FileManager's errors on Linux hold a `POSIXError`, which is no `NSError` until bridged.
        default:
            ((error as NSError).userInfo[NSUnderlyingErrorKey] as? any Error).flatMap {
                let underlying = $0 as NSError
                return underlying.domain == NSPOSIXErrorDomain ? Int32(underlying.code) : nil
            }
        }
    case let error as POSIXError: error.code.rawValue
    default: nil
    }
}
