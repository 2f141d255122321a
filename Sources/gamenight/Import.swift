import ArgumentParser
import Foundation
import GameDomain
import PlayImporting
import SiteBuilding

extension GameNight {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import play logs (BoardGameGeek, BG Stats) as game files.",
            discussion: """
                One game file per play, as DIR/<date>/<game>-<play id>.md. Run it again with a newer \
                log: new plays are added, changed ones updated, files you edited are left alone.

                Example:
                  gamenight import bgg plays-1.xml plays-2.xml --into nights/imported
                  gamenight import bgstats BGStatsExport.json --into nights/imported --dry-run
                """,
            subcommands: [BGG.self, BGStats.self]
        )
    }
}

/// What both sources take.
struct ImportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The folder to write the game files to (made if missing).", valueName: "dir"))
    var into: String

    @Flag(help: "List what would be written, write nothing.")
    var dryRun = false

    @Flag(help: "Replace files edited since they were imported (by default they are left alone).")
    var force = false

    func run(_ source: ImportOrigin.Source, files: [String]) throws {
        // Every named log checked before any is read, each problem on its line: a folder handed
        // to a reader fails with the reader's words (or, for XML, CoreFoundation's).
        let example = source == .bgg ? "plays-1.xml" : "BGStatsExport.json"
        let problems = files.compactMap { file -> String? in
            var info = stat()
            guard stat(file, &info) == 0 else {
                return "cannot read \(file): \(String(cString: strerror(errno)).lowercased())"
            }
            if info.st_mode & S_IFMT == S_IFDIR { return "\(file) is a folder, not a play log" }
            guard FileManager.default.isReadableFile(atPath: file) else {
                return "cannot read \(file): permission denied"
            }
            return nil
        }
        for problem in problems {
            _ = reportImportUsage(
                "\(problem); name the play log's file, e.g. gamenight import \(source.rawValue) \(example) --into games"
            )
        }
        if !problems.isEmpty { throw ExitCode(2) }
        var options = PlayImport.Options(into: URL(fileURLWithPath: into), dryRun: dryRun, force: force)
        options.notice = { note in FileHandle.standardError.write(Data("\(note)\n".utf8)) }
        let summary: PlayImport.Summary
        do {
            summary = try PlayImport.run(source, files: files.map { ($0, URL(fileURLWithPath: $0)) }, options: options)
        } catch {
            // Each file is written whole or not at all: the plays written so far stay, and the
            // next run adds the rest.
            FileHandle.standardError.write(
                Data(
                    "error: cannot write into \(into) (every game file there is whole): \(writeErrorText(error, again: "import"))\n"
                        .utf8))
            throw ExitCode(3)
        }
        for line in summary.plan { print(line) }
        for diagnostic in summary.diagnostics.prefix(1000) {
            FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
        }
        if summary.diagnostics.count > 1000 {
            FileHandle.standardError.write(
                Data("\(counted(summary.diagnostics.count - 1000, "more message")) not shown.\n".utf8))
        }
        print((dryRun ? "Would import " : "Imported ") + summary.line + " into \(into)")
        if summary.hasErrors { throw ExitCode(1) }
    }
}

func reportImportUsage(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return ExitCode(2)
}

extension GameNight.Import {
    struct BGG: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bgg",
            abstract: "Import BoardGameGeek play logs: the XML of xmlapi2/plays, one file per page.",
            discussion: """
                Save each page of https://boardgamegeek.com/xmlapi2/plays?username=NAME&page=N \
                (100 plays a page) and name them all.

                Example:
                  gamenight import bgg plays-1.xml plays-2.xml --into nights/imported
                """
        )

        @Argument(help: "The saved pages of the play log (XML).")
        var files: [String]

        @OptionGroup var options: ImportOptions

        func validate() throws {
            guard !files.isEmpty else {
                throw ValidationError(
                    "name the saved play log pages, e.g. gamenight import bgg plays-1.xml --into games")
            }
        }

        func run() throws { try options.run(.bgg, files: files) }
    }

    struct BGStats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bgstats",
            abstract: "Import a BG Stats export (BGStatsExport.json).",
            discussion: """
                Example:
                  gamenight import bgstats BGStatsExport.json --into nights/imported
                """
        )

        @Argument(help: "The export file (JSON).")
        var files: [String]

        @OptionGroup var options: ImportOptions

        func validate() throws {
            guard !files.isEmpty else {
                throw ValidationError("name the export, e.g. gamenight import bgstats BGStatsExport.json --into games")
            }
        }

        func run() throws { try options.run(.bgstats, files: files) }
    }
}
