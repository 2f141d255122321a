public import Foundation
import GameDomain
import GameFileParsing
import SiteRendering

/// `gamenight init` and `gamenight new`: a new site folder, and a new game file ready to fill in.
public enum SiteScaffold {
    /// Creates a site in `folder` (made if missing): `gamenight.yaml`, one example game of each
    /// kind played on `day` (`YYYY-MM-DD`), and a `.gitignore` for the output. Returns the
    /// files written, relative to `folder`. A folder with anything in it but hidden entries
    /// (`.git`) is refused.
    public static func initialize(_ folder: URL, day: String) throws(BuildError) -> [String] {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw .usage("\(folder.relativePath) is a file; name a new or empty folder")
            }
            // Hidden entries such as `.git` are no site's: `git init && gamenight init` works.
            let entries = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard entries.allSatisfy({ $0.hasPrefix(".") && $0 != ".gitignore" }) else {
                let own =
                    entries.filter { !$0.hasPrefix(".") }.isEmpty ? " (it holds a .gitignore, which init writes)" : ""
                throw .usage(
                    "\(folder.relativePath) is not empty\(own); run gamenight init in a new or empty folder, e.g. gamenight init game-nights"
                )
            }
        }
        let files =
            [
                (SiteConfiguration.fileName, configuration),
                (
                    ".gitignore",
                    "# The built site: gamenight build writes it, and keeps the one before it beside it\n# for the next build to reuse.\n/site/\n/.site.previous/\n"
                ),
            ]
            + GameKind.allCases.map { ("\(day)/\(ExampleGames.fileName($0))", ExampleGames.text($0, day: day)) }
        for (path, text) in files { try write(text, to: path, in: folder, replacing: true) }
        return files.map(\.0)
    }

    /// Writes a game file of `kind` at `<day>/<slug of title>.md` in `source`, never replacing
    /// one. `date` is `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`. Returns the path written.
    public static func newGame(_ kindName: String, title: String, players: [String], date: String, in source: URL)
        throws(BuildError) -> String
    {
        let names = GameKind.allCases.map(\.rawValue)
        guard let kind = GameKind(rawValue: kindName) else {
            throw .usage(
                "unknown game kind `\(kindName)`\(suggestion(for: kindName, among: names)); use one of \(names.joined(separator: ", "))"
            )
        }
        guard let gameDate = GameDate(date) else {
            throw .usage(
                "--date must be a date such as 2026-11-20 or a date and time such as 2026-11-20T19:30, found `\(date)`")
        }
        guard !title.allSatisfy(\.isWhitespace) else {
            throw .usage("give the game a title, e.g. gamenight new \(GameKind.scores.rawValue) \"Catan\"")
        }
        let path = "\(gameDate.day)/\(Slug.make(from: title)).md"
        let text = BlankGame.text(kind, title: title, players: players, date: date)
        // Never a file that fails the build at once: e.g. the same player twice in --players.
        // Limits are the build's to set (`build --max-players`), so none apply here.
        let unlimited = GameFileLimits(maxPlayers: .max, maxMoves: .max, maxRounds: .max, maxFileSize: .max)
        if case .failure(let errors) = GameFileParser.parse(text, path: path, limits: unlimited),
            let error = errors.diagnostics.first
        {
            throw .usage("--players: \(error.message)")
        }
        try write(text, to: path, in: source, replacing: false)
        return GameFileSelection.displayPath(path, in: source)
    }

    static func write(_ text: String, to path: String, in folder: URL, replacing: Bool) throws(BuildError) {
        let url = folder.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: replacing ? [] : [.withoutOverwriting])
        } catch CocoaError.fileWriteFileExists {
            throw .usage(
                "\(GameFileSelection.displayPath(path, in: folder)) already exists; choose another title, or edit that file"
            )
        } catch {
            throw .io("cannot write \(GameFileSelection.displayPath(path, in: folder)): \(fileErrorText(error))")
        }
    }

    /// The commented `gamenight.yaml` of a new site.
    static let configuration = """
        # The settings of this site (README: Site configuration). Delete a line to get its default.

        # The site's name, on every page and in the feed.
        title: Our game nights
        # The home page's description, shown by search engines and link previews.
        description: Scores, winners and notes from our game nights.
        # Where the site will be published: adds a feed, a sitemap and canonical links.
        # baseURL: https://example.org/games/
        # The language of the site's texts: en or ja.
        language: en
        # Your own wording for any text, by key (docs/TEXTS.md lists them).
        # texts:
        #   winner: "Champion:"
        # The time zone of game times written without one, e.g. Europe/Berlin or +09:00 (default UTC).
        # timeZone: Europe/Berlin
        markdown:
          # Curly quotes and dashes in notes: "a" becomes “a”, -- becomes –.
          smartPunctuation: true

        """
}
