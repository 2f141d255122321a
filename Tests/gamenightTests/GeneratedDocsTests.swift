import Foundation
import Testing

/// The man pages and the shell completions are committed, so that an installation needs no
/// toolchain to make them; these tests fail when they no longer match the command line, and
/// `make man` renews them.
extension CommandLineTests {
    @Test(
        "The committed shell completions are what this gamenight generates (make man renews them)",
        arguments: [
            ("bash", "completions/gamenight.bash"), ("zsh", "completions/_gamenight"),
            ("fish", "completions/gamenight.fish"),
        ])
    func completionsAreCurrent(shell: String, path: String) throws {
        let run = try gamenight("--generate-completion-script", shell)
        #expect(run.status == 0, "\(run.stderr)")
        let committed = try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
        #expect(run.stdout == committed, "\(path) is stale: run `make man`")
    }

    /// The page as swift-argument-parser's generate-manual tool (behind its generate-manual plugin)
    /// makes it of `program`, or nil when the tool is not built: SwiftPM builds it for the plugin
    /// only, so a fresh clone has it after its first `make man`.
    func generatedManual(of program: URL) throws -> String? {
        let folder = Self.binary.deletingLastPathComponent()
        guard
            let tool = ["generate-manual-tool", "generate-manual"].map(folder.appendingPathComponent)
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { return nil }
        let process = Process()
        process.executableURL = tool
        process.arguments = [program.path, "--output-directory", "-"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let page = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? page : nil
    }

    /// The page's lines but its date, which is the day `make man` ran.
    static func undated(_ page: String) -> [Substring] {
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(".Dd ") }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Every abstract and every option's long name the program describes of itself (the tool's
    /// input), for when the tool is not built.
    func describedParts(of program: URL) throws -> [String] {
        let process = Process()
        process.executableURL = program
        process.arguments = ["--experimental-dump-help"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var parts: [String] = []
        func collect(_ command: [String: Any]) {
            if let abstract = command["abstract"] as? String { parts.append(abstract) }
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                if let abstract = argument["abstract"] as? String { parts.append(abstract) }
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    if let long = name["name"] as? String { parts.append(" -\(long)") }
                }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { collect(subcommand) }
        }
        let tool = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        collect(tool?["command"] as? [String: Any] ?? [:])
        return parts
    }

    @Test(
        "The committed man pages are what generate-manual makes of these programs (make man renews them)",
        arguments: [
            ("gamenight", "docs/man/gamenight.1"), ("gamenight-serve", "docs/man/gamenight-serve.1"),
        ])
    func manPageIsCurrent(program name: String, path: String) throws {
        let program = Self.binary.deletingLastPathComponent().appendingPathComponent(name)
        let committed = try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
        if let generated = try generatedManual(of: program) {
            #expect(Self.undated(generated) == Self.undated(committed), "\(path) is stale: run `make man`")
        } else {
            let parts = try describedParts(of: program)
            #expect(parts.count > 5, "\(name) --experimental-dump-help: \(parts)")
            for part in parts {
                #expect(committed.contains(part), "\(path) lacks `\(part)`: run `make man`")
            }
        }
    }
}
