import ArgumentParser
import CommandOptions
import Foundation
import GameDomain
import SiteBuilding
import SiteRendering
import SiteServing

/// `gamenight serve`, a program of its own so that `gamenight build` is built without the HTTP
/// server; `gamenight serve …` runs it with the same arguments.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gamenight serve",
        abstract: "Serve the site while you edit: rebuild on every change and reload open pages.",
        discussion: """
            Builds the site from SOURCE, serves it on http://127.0.0.1:1313/ and rebuilds
            it when a game file, a template or gamenight.yaml changes. Open pages reload
            after each build; a failed build shows its errors over the page. Ctrl-C stops.

            Example:
              gamenight serve examples
              gamenight serve games --port 8080 --templates my-templates
            """,
        version: "\(SiteBuild.version) (commit \(buildCommit))"
    )

    /// A usage error exits with 2, as for every gamenight command (README), not EX_USAGE (64).
    static func main() async {
        do {
            let command = try parse()
            try await command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            printError(fullMessage(for: error))
            Foundation.exit(2)
        }
    }

    @Argument(help: "The folder holding the game files.")
    var source = "."

    @Option(
        name: .shortAndLong, help: "The folder to write the site to (default: a temporary folder, removed on exit).")
    var out: String?

    @Option(help: "A folder of Mustache templates (and style.css) replacing the built-in ones; watched too.")
    var templates: String?

    @Option(help: ArgumentHelp("As for build: enables feed.xml, sitemap.xml and canonical links.", valueName: "url"))
    var baseURL: String?

    @OptionGroup
    var flags: SiteBuildFlags

    @Option(
        parsing: .unconditional,
        help:
            "Time limit for finding each puzzle board's optimal length, in seconds (optimal lengths found are cached, as for build)."
    )
    var solveSeconds = SolverSettings.defaultSeconds

    @Option(parsing: .unconditional, help: "The port to listen on.")
    var port = 1313

    @Option(help: "The address to listen on. Anything but loopback lets other machines read the site.")
    var bind = "127.0.0.1"

    @Flag(
        help:
            "Look for changes by listing the files every 0.3 s instead of the system's notifications (for network or container file systems)."
    )
    var poll = false

    @Flag(help: "After each build, print where its time went, phase by phase.")
    var timings = false

    func validate() throws {
        guard solveSeconds > 0, solveSeconds <= 3600 else {
            throw ValidationError("--solve-seconds must be more than 0 and at most 3600")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, found \(port)") }
        if let baseURL, BaseURL(baseURL) == nil {
            throw ValidationError(
                "--base-url must be an absolute http:// or https:// URL such as https://example.org/games/, found `\(baseURL)`"
            )
        }
    }

    func run() async throws {
        if !ServerSettings.isLoopback(bind) {
            Self.printError(
                "warning: serving on \(bind), not loopback: other machines that can reach this one can read the site and its drafts"
            )
        }
        let temporary =
            out == nil
            ? FileManager.default.temporaryDirectory.appendingPathComponent(
                "gamenight-serve-\(ProcessInfo.processInfo.processIdentifier)")
            : nil
        var options = BuildOptions(
            source: URL(fileURLWithPath: source),
            output: temporary?.appendingPathComponent("site") ?? URL(fileURLWithPath: out ?? "site"),
            templates: templates.map { URL(fileURLWithPath: $0) }
        )
        flags.apply(to: &options)
        options.baseURL = baseURL.flatMap(BaseURL.init)
        options.solving = .standard(seconds: solveSeconds)
        options.measuresTimings = timings
        // Each save rebuilds only what changed (see `gamenight build`).
        options.cacheDirectory = options.solving.cacheDirectory
        // E.g. that a rebuild waits for a `gamenight build` of the same site.
        options.notice = { note in Self.printError(note.description) }
        var server = LiveServer(build: options, server: ServerSettings(host: bind, port: port))
        if poll { server.watching = .polling(interval: .milliseconds(300)) }
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        let host = bind.contains(":") ? "[\(bind)]" : bind
        let site = options.output.path
        do {
            let log: @Sendable (Result<BuildSummary, BuildError>) -> Void = { [timings] in
                Self.report($0, timings: timings)
            }
            try await server.run(stopsOnSignals: true, log: log) { port in
                Self.say("Serving \(site) at http://\(host):\(port)/ (Ctrl-C stops)")
            }
        } catch let error as LiveServer.Failure {
            switch error {
            case .output(let message):
                Self.printError("error: \(message)")
                throw ExitCode(3)
            case .usage:
                throw ExitCode(2)  // `report` printed why
            }
        } catch {
            let failure = SiteServer.listenFailure(error)
            Self.printError("error: cannot serve on \(host):\(port): \(failure.reason); \(failure.advice)")
            throw ExitCode(3)
        }
        Self.say("Stopped.")
    }

    @Sendable static func report(_ result: Result<BuildSummary, BuildError>, timings: Bool) {
        switch result {
        case .success(let summary):
            // As `gamenight build` prints them: e.g. why the build cache was not used.
            for note in summary.notes { printError(note.description) }
            let unchanged =
                summary.reused == 0
                ? "" : " (\(summary.rendered) of \(summary.rendered + summary.reused) parts rendered)"
            say(
                "Built \(counted(summary.games, "game")), \(counted(summary.pages, "page")) in \(String(format: "%.2f", summary.seconds)) s\(unchanged)"
            )
            if timings { for line in summary.timings.table { say("  " + line) } }
        case .failure(let error):
            printError(error.description)
            if case .usage = error { return }  // nothing is served: see `run`
            printError("Build failed: the browser shows the errors over the last good site.")
        }
    }

    /// A line on stdout, written at once (also into a pipe: scripts wait for the address).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
