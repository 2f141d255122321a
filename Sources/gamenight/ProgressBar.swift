import Foundation

/// A progress bar on stderr for builds that take more than about a second; silent when stderr
/// is not a terminal, so logs and CI output stay clean.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let started = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?
    private var shown = false

    /// Nil when stderr is not a terminal.
    static func forTerminal() -> ProgressBar? {
        isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    func update(_ done: Int, of total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = ContinuousClock.now
        guard now - started > .seconds(1) else { return }
        if let lastDrawn, now - lastDrawn < .milliseconds(100), done < total { return }
        lastDrawn = now
        shown = true
        let width = 30
        let filled = total == 0 ? width : min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) files".utf8))
    }

    /// Clears the bar's line so the summary starts on a clean one.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
