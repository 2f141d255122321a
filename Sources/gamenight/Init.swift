import ArgumentParser
import Foundation
import SiteBuilding

extension GameNight {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create a new site folder: gamenight.yaml, an example game of each kind and a .gitignore.",
            discussion: """
                DIR must be new or empty. The example games are dated today; edit or delete them.

                Example:
                  gamenight init game-nights
                """
        )

        @Argument(help: "The folder to create the site in.")
        var dir = "."

        func run() throws {
            let folder = URL(fileURLWithPath: dir)
            let files: [String]
            do {
                files = try SiteScaffold.initialize(folder, day: today())
            } catch {
                throw reportFailure(error)
            }
            let here = dir == "." ? "this folder" : dir
            print("Created a GameNight site in \(here):")
            for file in files { print("  \(file)") }
            print("\nNext:")
            if dir != "." { print("  cd \(dir)") }
            print(
                """
                  gamenight new scores "Catan" --players "Ana, Ben, Chloé"   # a game file to fill in
                  gamenight build                                             # the site, in site/index.html
                """)
        }
    }
}

/// Today's date on this computer, `YYYY-MM-DD`.
func today() -> String {
    let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: Date())
    return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
}
