import Foundation
import GameDomain
import SiteRendering

/// Where a build stages the new site, and what becomes of the previous one. `gamenight build`
/// and `serve` stage into the site before the published one, kept beside the output
/// (`BuildOptions.keepsPreviousSiteBeside`): its unchanged files are links of the published
/// ones already. A build that fails leaves that folder where it was found.
struct Publication: Sendable {
    let publisher: SitePublisher
    /// The folder to stage into, if any: `serve`'s own, or the one claimed from beside the output.
    let recycling: URL?
    /// Claimed by this build from beside the output: given back if the build fails.
    private let claimed: URL?
    /// Whether the caller takes the previous site's folder (`BuildSummary.previousSite`).
    private let callerKeepsPrevious: Bool
    private let keepsBeside: Bool

    /// Before anything is made (the lock's folder): a missing source folder is a mistyped name.
    static func checkSource(_ options: BuildOptions) throws(BuildError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.source.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw .usage(
                "the source folder \(options.source.relativePath) does not exist; pass the folder that holds your game files"
            )
        }
    }

    /// Checks the source and output folders, and claims the previous site's folder to stage into.
    init(_ options: BuildOptions) throws(BuildError) {
        try Self.checkSource(options)
        publisher = SitePublisher(output: options.output, force: options.force, rebuildAction: options.rebuildAction)
        try publisher.check(source: options.source)
        keepsBeside = options.keepsPreviousSiteBeside
        callerKeepsPrevious = options.keepsPreviousSite
        claimed = keepsBeside && options.recycledStaging == nil ? publisher.claimKept() : nil
        recycling = options.recycledStaging ?? claimed
    }

    /// Whether the published site is kept after the swap, for the caller or beside the output.
    var keepsPrevious: Bool { callerKeepsPrevious || keepsBeside }

    /// The staging folder: the recycled one as listed (`listed`), or a new one.
    func stage(listed: SiteStaging?) throws(BuildError) -> SiteStaging {
        try publisher.stage(recycling: recycling, listed: listed)
    }

    /// Its listing, made while the games are read: it depends on nothing in them.
    func listRecycled() -> SiteStaging? { recycling.flatMap(publisher.listRecycled) }

    /// After a failed build: a recycled folder that is to be kept stays, since its files are
    /// checked one by one before any is used again, and deleting it takes a while.
    func discard(_ staging: SiteStaging) {
        if !(keepsBeside && staging.recycled) { publisher.discard(staging) }
    }

    /// After a failed build that never staged: the claimed folder goes back beside the output.
    func giveBack() {
        if let claimed, FileManager.default.fileExists(atPath: claimed.path) { publisher.keepBeside(claimed) }
    }

    /// The previous site's folder after a successful build: beside the output, or the caller's;
    /// with a note when the kept folder's `.gitignore` could not be written.
    func settle(_ previous: URL?) -> (previous: URL?, note: Diagnostic?) {
        guard !callerKeepsPrevious else { return (previous, nil) }
        guard keepsBeside, let previous else { return (nil, nil) }
        return (nil, publisher.keepBeside(previous))
    }
}

/// Publish: check every link of the new site, then swap it in for the published one in one
/// atomic step. Any problem leaves the published site as it was.
enum Publish {
    /// The folder holding the previous site, when it is kept (`Publication.keepsPrevious`).
    /// `notesFiles`: by game slug, the notes of the scorecards rendered (`Derived.notesFiles`).
    static func run(
        _ written: Written, _ staging: SiteStaging, notesFiles: NotesFiles,
        site: SiteInputs,
        to publication: Publication
    ) throws(BuildError) -> URL? {
        // A page that could not be written breaks the links to it: those errors would only repeat.
        let problems =
            written.problems.isEmpty
            ? written.links.takeFinished().problems(templates: site.templateFiles) { page in
                // A scorecard is games/<slug>.html.
                guard page.hasPrefix("games/"), let source = notesFiles[String(page.dropFirst(6).dropLast(5))],
                    case .success(let text) = source.file.read(path: source.path)
                else { return nil }
                return (source.path, text)
            }
            : written.problems.sorted { $0.path < $1.path }
        guard problems.isEmpty else {
            publication.discard(staging)
            throw .input(problems)
        }
        // Every file of the recycled folder is one of the new site's (the usual case) unless fewer
        // of them were found there.
        if staging.recycled,
            written.present.count != staging.existing.count - (staging.existing[SitePublisher.marker] == nil ? 0 : 1)
        {
            staging.removeFiles(except: written.present)
        }
        return try publication.publisher.publish(staging, keepingPrevious: publication.keepsPrevious)
    }
}
