import Testing
import Foundation
import XCTest

@Test func probe() throws {
    let ppid = getppid()
    let cmd = (try? String(contentsOfFile: "/proc/\(ppid)/cmdline", encoding: .utf8))?.replacingOccurrences(of: "\0", with: " ") ?? "?"
    print("PROBE args=\(CommandLine.arguments) pid=\(getpid()) ppid=\(ppid) parent=\(cmd)")
}
final class ProbeX: XCTestCase {
    func testProbe() {
        let ppid = getppid()
        print("PROBEX args=\(CommandLine.arguments) pid=\(getpid()) ppid=\(ppid)")
    }
}
