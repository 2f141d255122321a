import CSystemShims
import Foundation
import GameDomain

/// One build of an output folder at a time: `.<name>.lock` beside it, held (`flock`) from before
/// the leftovers of killed builds are cleaned and the kept folder is claimed until the cache is
/// written. A second build, of this process or another, waits for it, and says so once.
enum SiteLock {
    /// How often a waiting build tries the lock again.
    static let retry: Duration = .milliseconds(50)

    /// `body`, with the lock of `options.output` held.
    static func holding<T>(_ options: BuildOptions, _ body: () async throws(BuildError) -> T) async throws(BuildError)
        -> T
    {
        let output = options.output.standardizedFileURL
        let parent = output.deletingLastPathComponent()
        let path = parent.appendingPathComponent(".\(output.lastPathComponent).lock").path
        var descriptor: Int32 = -1
        var told = false
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            while true {
                descriptor = gamenight_try_lock(path)
                if descriptor >= 0 { break }
                guard errno == EWOULDBLOCK else { throw fileError(path) }
                if !told {
                    told = true
                    let holder = gamenight_lock_holder(path)
                    options.notice?(
                        Diagnostic(
                            path: options.output.relativePath, location: nil, severity: .note,
                            message: "waiting for another build of this site"
                                + (holder > 0 ? " (process \(holder))" : "") + " to finish"))
                }
                try await Task.sleep(for: retry)
            }
        } catch is CancellationError {
            throw .io("stopped while waiting for another build of \(output.path) to finish")
        } catch {
            throw .io(
                "cannot write the site to \(output.path) (the published site is unchanged): cannot lock it for the build: \(writeErrorText(error, again: options.rebuildAction))"
            )
        }
        defer { gamenight_unlock(descriptor, path) }
        return try await body()
    }
}
