import ArgumentParser
import Foundation
import GameDomain
import PlayImporting
import SiteBuilding

extension GameNight {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Export the plays of a folder of game files as a BoardGameGeek or BG Stats play log.",
            discussion: """
                Writes what `gamenight import` reads, so that importing the export gives the same \
                game files (docs/EXPORT.md lists the fields kept). Only score-keeper games are \
                exported; bowling and puzzle games are left out with a note.

                Example:
                  gamenight export bgg nights --out plays.xml
                  gamenight export bgstats nights --out BGStatsExport.json
                """,
            subcommands: [BGG.self, BGStats.self]
        )
    }
}

/// What both formats take.
struct ExportOptions: ParsableArguments {
    @Argument(help: "The folder of game files.")
    var folder = "."

    @Option(
        help: ArgumentHelp(
            "The file to write (replaced at once, never left half written); standard output without it.",
            valueName: "file"))
    var out: String?

    @OptionGroup(title: "Limits")
    var limits: LimitOptions

    func run(_ source: ImportOrigin.Source) async throws {
        let root = URL(fileURLWithPath: folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw reportFailure(.usage("\(folder) is not a folder; pass the folder that holds your game files"))
        }
        // Read as `stats` reads a folder; every problem of every file is reported before stopping.
        let selection: GameFileSelection
        do {
            selection = try GameFileSelection(folder: root)
        } catch {
            throw reportFailure(error)
        }
        for note in selection.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
        let outcome = await GameLoader.load(selection.files.map { ($0.path, $0.url) }, limits: limits.limits)
        let problems = selection.problems + outcome.diagnostics
        guard problems.isEmpty else { throw reportFailure(.input(problems)) }
        // Ids are made from the paths within the folder, so where it lies changes nothing.
        let relative = Dictionary(
            selection.files.map { ($0.path, $0.relativePath) }, uniquingKeysWith: { first, _ in first })
        let games = outcome.games.map { FiledGame(file: relative[$0.path] ?? $0.path, game: $0.game) }
        let output: PlayExport.Output
        do {
            output = source == .bgg ? PlayExport.bgg(games) : try PlayExport.bgstats(games)
        } catch {
            throw reportFailure(.io("cannot encode the export: \(error)"))
        }
        let shown = Dictionary(
            selection.files.map { ($0.relativePath, $0.path) }, uniquingKeysWith: { first, _ in first })
        for note in output.skipped {
            var note = note
            note.path = shown[note.path] ?? note.path
            FileHandle.standardError.write(Data("\(note)\n".utf8))
        }
        if let out {
            do {
                // Foundation's atomic write: a temporary file beside it, renamed over it.
                try output.data.write(to: URL(fileURLWithPath: out), options: .atomic)
            } catch {
                throw reportFailure(.io("cannot write \(out): \(fileErrorText(error))"))
            }
            FileHandle.standardError.write(Data("Exported \(counted(output.plays, "play")) to \(out)\n".utf8))
        } else {
            do {
                // `write(_:)` traps on a failed write (a full disk, /dev/full); this one throws.
                try FileHandle.standardOutput.write(contentsOf: output.data)
            } catch {
                throw reportFailure(.io("cannot write the export to standard output: \(fileErrorText(error))"))
            }
        }
    }
}

extension GameNight.Export {
    struct BGG: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bgg",
            abstract: "Export as one page of BoardGameGeek's XML API 2 plays (what import bgg reads).",
            discussion: """
                Example:
                  gamenight export bgg nights --out plays.xml
                """
        )

        @OptionGroup var options: ExportOptions

        func run() async throws { try await options.run(.bgg) }
    }

    struct BGStats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bgstats",
            abstract: "Export as a BG Stats export, BGStatsExport.json (what import bgstats reads).",
            discussion: """
                Example:
                  gamenight export bgstats nights --out BGStatsExport.json
                """
        )

        @OptionGroup var options: ExportOptions

        func run() async throws { try await options.run(.bgstats) }
    }
}
