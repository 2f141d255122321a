import Foundation
import TestSupport
import Testing

/// README's examples, run as a newcomer runs them, so that none can rot.
///
/// The tour runs in a temporary folder that holds links to the repository's top-level entries,
/// as a fresh clone does (`../Tests/…` reaches the fixtures), with the built `gamenight` first on
/// the path; the tour writes only into folders it makes, never through those links. Each fenced block is handled by its language:
/// - `sh`: every line is a command that must exit with 0 (`cd` moves the tour; `gamenight serve`
///   runs until it serves, then gets Ctrl-C). A block of `make` lines only is set-up, checked by
///   the Makefile's own targets, not here: running `make test` from a test would recurse.
/// - `markdown`: a game file, written to the last `….md` path named in the paragraph before it.
/// - `text`: a misspelt name's error, checked by misspelling the last game file written that way.
/// Any other block fails the test, so a new kind of example cannot slip in unrun.
extension CommandLineTests {
    struct Block {
        var language: String
        var lines: [String]
        var before: String
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The fenced blocks of a Markdown text, each with the prose before it.
    static func blocks(of markdown: String) -> [Block] {
        var blocks: [Block] = []
        var prose: [String] = []
        var current: Block?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var block = current {
                if line.hasPrefix("```") {
                    blocks.append(block)
                    current = nil
                    prose = []
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if line.hasPrefix("```") {
                current = Block(
                    language: String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), lines: [],
                    before: prose.joined(separator: "\n"))
            } else {
                prose.append(line)
            }
        }
        return blocks
    }

    /// A block's commands: comments (` # …` and whole-line ones) and blank lines left out.
    static func commands(_ block: Block) -> [String] {
        block.lines.compactMap { line in
            let command = (line.range(of: " #").map { String(line[..<$0.lowerBound]) } ?? line).trimmingCharacters(
                in: .whitespaces)
            return command.isEmpty || command.hasPrefix("#") ? nil : command
        }
    }

    func shell(_ command: String, in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        let path =
            Self.binary.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = ProcessInfo.processInfo.environment.merging(["PATH": path, "XDG_CACHE_HOME": Self.cache])
        { _, ours in ours }
        return process
    }

    func run(_ command: String, in folder: URL) throws -> Run {
        let process = try shell(command, in: folder)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs `serve` on a free port until it says where it serves, then stops it as Ctrl-C does.
    func serve(_ command: String, in folder: URL) throws -> Run {
        let process = try shell("exec \(command) --port 0", in: folder)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Only a guard against a server that never answers, which would hang the suite otherwise.
        let pid = process.processIdentifier
        let guardian = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 600, execute: guardian)
        defer { guardian.cancel() }
        var stdout = Data()
        while !String(decoding: stdout, as: UTF8.self).contains("Serving") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            stdout.append(chunk)
        }
        kill(pid, SIGINT)
        stdout.append(out.fileHandleForReading.readDataToEndOfFile())
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The top-level entries a fresh clone has: git's tracked files when there is git, so that what
    /// a developer made in the repository (a `nights/` of their own tour) is not linked, and
    /// written through, by the test's tour.
    static func clonedEntries() throws -> [String] {
        let listing = try FileManager.default.contentsOfDirectory(atPath: repository.path).filter { !$0.hasPrefix(".") }
        guard FileManager.default.fileExists(atPath: repository.appendingPathComponent(".git").path) else {
            return listing
        }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", repository.path, "ls-tree", "--name-only", "HEAD"]
        let out = Pipe()
        git.standardOutput = out
        try git.run()
        let tracked = Set(
            String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(
                String.init))
        git.waitUntilExit()
        return git.terminationStatus == 0 ? listing.filter(tracked.contains) : listing
    }

    @Test("README: the set-up commands come first, and every example of the tour runs")
    func readmeExamples() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.blocks(of: readme)
        #expect(
            blocks.first.map(Self.commands) == ["make site", "make test"],
            "README must open with the two set-up commands")

        let cloneFolder = try TemporaryFolder("cli")
        let clone = cloneFolder.url
        for name in try Self.clonedEntries() {
            try FileManager.default.createSymbolicLink(
                at: clone.appendingPathComponent(name), withDestinationURL: Self.repository.appendingPathComponent(name)
            )
        }
        var folder = clone
        var ran: [String] = []
        var lastGame: URL?
        for block in blocks {
            switch block.language {
            case "sh":
                let commands = Self.commands(block)
                if commands.allSatisfy({ $0.hasPrefix("make ") }) { continue }
                for command in commands {
                    ran.append(command)
                    if command.hasPrefix("cd ") {
                        folder = folder.appendingPathComponent(String(command.dropFirst(3)))
                        continue
                    }
                    let result =
                        command.hasPrefix("gamenight serve")
                        ? try serve(command, in: folder) : try run(command, in: folder)
                    #expect(
                        result.status == 0,
                        "`\(command)` exited with \(result.status):\n\(result.stdout)\(result.stderr)")
                    if command.hasPrefix("gamenight serve") {
                        #expect(
                            result.stdout.contains("Serving") && result.stdout.contains("Stopped."),
                            "\(result.stdout)\(result.stderr)")
                    }
                }
            case "markdown":
                let named = block.before.matches(of: /`([^`\s]+\.md)`/).last.map { String($0.output.1) }
                let path = try #require(
                    named, "a markdown block must follow a sentence naming its file: \(block.lines.prefix(3))")
                let file = folder.appendingPathComponent(path)
                #expect(
                    FileManager.default.fileExists(atPath: file.path),
                    "\(path) should exist before the tour shows it filled in")
                try Data((block.lines.joined(separator: "\n") + "\n").utf8).write(to: file)
                lastGame = file
            case "text":
                let expected = try #require(block.lines.first)
                let typo = try #require(
                    expected.firstMatch(of: /round (\d+) names `([^`]+)`.*did you mean `([^`]+)`/),
                    "a text block the test cannot check: \(expected)")
                let file = try #require(lastGame, "an error example before any game file")
                let good = try String(contentsOf: file, encoding: .utf8)
                // The round's line, counted among the list entries under `rounds:`.
                var lines = good.components(separatedBy: "\n")
                let rounds = try #require(lines.firstIndex(of: "rounds:"))
                let round = rounds + (Int(typo.output.1) ?? 0)
                try #require(lines.indices.contains(round) && lines[round].contains("\(typo.output.3):"))
                lines[round] = lines[round].replacingOccurrences(of: "\(typo.output.3):", with: "\(typo.output.2):")
                try Data(lines.joined(separator: "\n").utf8).write(to: file)
                let result = try run("gamenight build", in: folder)
                try Data(good.utf8).write(to: file)
                #expect(result.status == 1)
                #expect(result.stderr.components(separatedBy: "\n").first == expected)
                ran.append("gamenight build (misspelt)")
            default:
                Issue.record("README has a ```\(block.language) block that no test runs: \(block.lines.prefix(2))")
            }
        }
        #expect(
            [
                "gamenight init", "gamenight new", "gamenight build", "gamenight serve", "gamenight stats",
                "gamenight import",
            ].allSatisfy { step in ran.contains { $0.hasPrefix(step) } },
            "the tour: \(ran)")
    }
}
