import ArgumentParser
import CommandOptions
import Foundation
import GameDomain
import SiteBuilding
import SiteRendering

extension GameNight {
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Build the static site from a folder of game files.",
            discussion: """
                Every *.md file under SOURCE (recursively) is a game file. The site is written
                to a new folder and swapped in only when complete, so a failed build leaves the
                previous site untouched.

                Example:
                  gamenight build examples --out site
                  gamenight build games --out public --templates my-templates
                """
        )

        @Argument(help: "The folder holding the game files.")
        var source = "."

        @Option(name: .shortAndLong, help: "The folder to write the site to.")
        var out = "site"

        @Option(help: "A folder of Mustache templates (and style.css) replacing the built-in ones.")
        var templates: String?

        @OptionGroup
        var flags: SiteBuildFlags

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        @Option(parsing: .unconditional, help: "Time limit for finding each puzzle board's optimal length, in seconds.")
        var solveSeconds = SolverSettings.defaultSeconds

        @Option(
            help: ArgumentHelp(
                "Where the site will be published, e.g. https://example.org/games/. Enables feed.xml, sitemap.xml and canonical links; overrides baseURL in gamenight.yaml.",
                valueName: "url"))
        var baseURL: String?

        @Flag(help: "Build every page, ignoring the build cache (a new one is still written).")
        var noCache = false

        @Flag(name: .shortAndLong, help: "No progress bar and no summary line; errors are still reported.")
        var quiet = false

        @Flag(
            help: "After the build, print where its time went: each phase, and the link check's share of the CPU time.")
        var timings = false

        func validate() throws {
            guard solveSeconds > 0, solveSeconds <= 3600 else {
                throw ValidationError("--solve-seconds must be more than 0 and at most 3600")
            }
            if let baseURL, BaseURL(baseURL) == nil {
                throw ValidationError(
                    "--base-url must be an absolute http:// or https:// URL such as https://example.org/games/, found `\(baseURL)`"
                )
            }
        }

        func run() async throws {
            var options = BuildOptions(
                source: URL(fileURLWithPath: source),
                output: URL(fileURLWithPath: out),
                templates: templates.map { URL(fileURLWithPath: $0) }
            )
            flags.apply(to: &options)
            options.limits = limits.limits
            options.solving = .standard(seconds: solveSeconds)
            options.baseURL = baseURL.flatMap(BaseURL.init)
            options.measuresTimings = timings
            options.cacheDirectory = options.solving.cacheDirectory
            options.readsCache = !noCache
            options.keepsPreviousSiteBeside = true
            // Printed even with --quiet: a build that waits for another must say why.
            options.notice = { note in FileHandle.standardError.write(Data("\(note)\n".utf8)) }
            let bar = quiet ? nil : ProgressBar.forTerminal()
            if let bar { options.progress = { done, total in bar.update(done, of: total) } }
            let started = ContinuousClock.now
            do {
                let summary = try await SiteBuild.run(options)
                bar?.finish()
                for note in summary.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
                defer { if timings { print(Self.describe(summary.timings)) } }
                guard !quiet else { return }
                let asides = [
                    summary.drafts == 0 ? nil : "\(counted(summary.drafts, "draft")) left out; --drafts includes them",
                    summary.reused == 0
                        ? nil
                        : "\(summary.rendered) of \(summary.rendered + summary.reused) parts rendered, the rest unchanged",
                ].compactMap { $0 }
                let aside = asides.isEmpty ? "" : " (" + asides.joined(separator: "; ") + ")"
                print(
                    "Built \(counted(summary.games, "game")), \(counted(summary.pages, "page")), 0 errors in \(String(format: "%.2f", summary.seconds)) s\(aside): \(options.output.appendingPathComponent("index.html").path)"
                )
            } catch {
                bar?.finish()
                FileHandle.standardError.write(Data((error.description + "\n").utf8))
                let errors = if case .input(let lines) = error { lines.count } else { 1 }
                let seconds = (ContinuousClock.now - started) / .seconds(1)
                FileHandle.standardError.write(
                    Data(
                        "Build failed: 0 pages, \(counted(errors, "error")) in \(String(format: "%.2f", seconds)) s; nothing was written, the previous site is untouched.\n"
                            .utf8))
                throw ExitCode(error.exitStatus)
            }
        }

        /// The phases' wall-clock times, then the process's CPU time, the link check's share and
        /// that of the years in review and the board games' figures.
        static func describe(_ timings: BuildTimings) -> String {
            var lines = timings.table
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            let cpu = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
            var line = String(format: "CPU time %.3f s", cpu)
            if let links = timings.linkCheckCPU, cpu > 0 {
                line += String(format: ", of which the link check %.3f s (%.1f %%)", links, 100 * links / cpu)
            }
            if let review = timings.reviewCPU, cpu > 0 {
                line += String(
                    format: "; the years in review and the board games' seat and score figures %.3f s (%.1f %%)",
                    review, 100 * review / cpu)
            }
            lines.append(line)
            return lines.joined(separator: "\n")
        }
    }
}
