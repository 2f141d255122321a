import Foundation
import GameDomain
import SiteRendering

/// What the find stage found: the game files, `gamenight.yaml` and the templates. Problems in
/// them are carried on, not thrown, so that the load stage reports them with every game
/// file's own: a run names all of its errors.
struct Found: Sendable {
    var files: [GameFileSelection.File]
    /// The listing the files came from and when it was made, for `serve`'s `BuildMemory`.
    var listing: GameFileSelection.Listed
    var configuration: SiteConfigurationFile
    /// Nil when a template has an error (it is among `problems`).
    var templates: Templates?
    /// The user's templates (file name → path, text), to point at a broken link in them.
    var templateFiles: [String: (path: String, text: String)]
    var notes: [Diagnostic]
    var problems: [Diagnostic]
}

/// Find: list the source folder, read `gamenight.yaml` and the templates folder.
enum Find {
    /// `known`: `serve`'s last listing brought up to date with its watcher's paths, if it could be.
    static func run(_ options: BuildOptions, known: (listing: GameFileFinder.Listing?, moment: Int)?) throws(BuildError)
        -> Found
    {
        let selection = try GameFileSelection(folder: options.source, known: known)
        var notes = selection.notes
        var problems = selection.problems
        // Built anyway (a new site has none yet), but never in silence: the folder may be mistyped.
        if selection.files.isEmpty, problems.isEmpty {
            notes.append(
                Diagnostic(
                    path: options.source.relativePath, location: nil, severity: .note,
                    message: "no game files (*.md) in this folder, so the site has no games",
                    hint: "check the folder's name, or write a game with gamenight new"))
        }
        var configuration = SiteConfigurationFile()
        switch SiteConfigurationFile.load(in: options.source) {
        case .success(let loaded): configuration = loaded
        case .failure(let errors): problems += errors.diagnostics
        }
        var templates: Templates?
        var templateFiles: [String: (path: String, text: String)] = [:]
        do {
            templateFiles = try TemplateFolder.read(options.templates)
            templates = try Templates(overrides: templateFiles)
        } catch let error as TemplateErrors {
            problems += error.errors
        } catch let error as BuildError {
            throw error
        } catch {
            throw .io("cannot read the templates folder: \(fileErrorText(error))")
        }
        return Found(
            files: selection.files, listing: selection.listed, configuration: configuration, templates: templates,
            templateFiles: templateFiles, notes: notes, problems: problems)
    }
}
