import ArgumentParser
import Foundation
import SiteBuilding

extension GameNight {
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
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

        @Flag(help: "Let raw HTML and javascript: links in notes through. Only for notes you trust.")
        var unsafeHTML = false

        @Flag(help: "Replace --out even if it is a non-empty folder that gamenight did not write.")
        var force = false

        @OptionGroup(title: "Limits")
        var limits: LimitOptions

        @Option(help: "Time limit for finding each puzzle board's optimal length, in seconds.")
        var solveSeconds = PuzzleSolving.defaultSeconds

        func validate() throws {
            guard solveSeconds > 0, solveSeconds <= 3600 else { throw ValidationError("--solve-seconds must be more than 0 and at most 3600") }
        }

        func run() async throws {
            var options = BuildOptions(
                source: URL(fileURLWithPath: source),
                output: URL(fileURLWithPath: out),
                templates: templates.map { URL(fileURLWithPath: $0) }
            )
            options.allowsUnsafeHTML = unsafeHTML
            options.force = force
            options.maxFileSize = limits.maxFileSize
            options.limits = limits.limits
            options.solving = .standard(seconds: solveSeconds)
            do {
                let summary = try await SiteBuild.run(options)
                for note in summary.notes { FileHandle.standardError.write(Data((note + "\n").utf8)) }
                print("Built \(summary.games) game\(summary.games == 1 ? "" : "s"), \(summary.pages) pages in \(String(format: "%.2f", summary.seconds)) s: \(options.output.appendingPathComponent("index.html").path)")
            } catch {
                throw reportFailure(error)
            }
        }
    }
}
