import ArgumentParser
import Foundation
import GameDomain
import SiteBuilding

extension GameNight {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a new game file, ready to fill in, under a folder for its date.",
            discussion: """
                The file is <date>/<title as a file name>.md in the source folder, with the kind's \
                keys explained in comments. An existing file is never replaced.

                Example:
                  gamenight new scores "Catan, second table" --players "Ana, Ben, Chloe"
                  gamenight new bowling "Bowling, game 2" --date 2026-11-21T20:00
                  gamenight new fifteen "Puzzle race" --source games
                """
        )

        @Argument(help: ArgumentHelp("The kind of game: \(GameKind.allCases.map(\.rawValue).joined(separator: ", "))."))
        var kind: String

        @Argument(help: "The game's title.")
        var title: String

        @Option(help: ArgumentHelp("The players, separated by commas.", valueName: "names"))
        var players: String?

        @Option(
            help: ArgumentHelp("When it is played: YYYY-MM-DD or YYYY-MM-DDTHH:MM (default today).", valueName: "date"))
        var date: String?

        @Option(help: "The folder holding the game files.")
        var source = "."

        func run() throws {
            let names = (players ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            do {
                let path = try SiteScaffold.newGame(
                    kind, title: title, players: names, date: date ?? today(), in: URL(fileURLWithPath: source))
                print(path)
            } catch {
                throw reportFailure(error)
            }
        }
    }
}
