import Foundation
public import GameDomain

/// What `serve` keeps between its builds: the last build's record, so that the next build need
/// not read the cache file back, and that record's saving, done once the site is announced.
public final class BuildMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (cache: BuildCache, record: BuildRecord)?
    private var unsaved = false
    /// The record last saved, where it stands on file: the next save appends the changes since
    /// to the cache's journal (`BuildCache.write`) rather than writing the whole file again.
    private var saved: (cache: BuildCache, record: BuildRecord)?
    /// Saves that appended to the journal, for tests.
    private(set) var journaled = 0
    private var slugs: (paths: [String], slugs: [String: String])?
    private var catalog = CatalogMemory()
    /// The parts of catalog pages made by the last builds.
    let fragments = FragmentStore()
    /// The last listing of the source folder, whether it was made from the one before, the
    /// paths changed since (nil: unknown), and a count of the calls that changed `changed`
    /// (`keep` clears it only when none came since its listing began).
    private var listed: (folder: String, listing: GameFileFinder.Listing, updated: Bool)?
    private var changed: [String]? = nil
    private var notes = 0
    /// Listings made from the last one, for tests.
    private(set) var updatedListings = 0

    public init() {}

    /// Paths a file watcher saw change (nil: it cannot tell, e.g. its queue overflowed, or it
    /// polls). They add up until a listing takes them into account. An array, not a set: a
    /// set of strings takes two spellings of a name that differ only in Unicode normalisation
    /// for one, and they are two files.
    public func noteChanges(at paths: [String]?) {
        lock.withLock {
            changed = paths.flatMap { paths in changed.map { $0 + paths } }
            notes += 1
        }
    }

    /// The source's listing made from the last one and the changed paths (nil when the folder
    /// must be listed again), and the moment to pass to `keep`.
    func listing(of folder: String) -> (listing: GameFileFinder.Listing?, moment: Int) {
        let known:
            (listed: (folder: String, listing: GameFileFinder.Listing, updated: Bool)?, changed: [String]?, moment: Int) =
                lock.withLock { (listed, changed, notes) }
        guard let listed = known.listed, listed.folder == folder, let changed = known.changed,
            let updated = GameFileFinder.updated(listed.listing, changedAt: changed)
        else { return (nil, known.moment) }
        lock.withLock { updatedListings += 1 }
        return (updated, known.moment)
    }

    /// The find stage's listing, when it made one to keep.
    func keep(_ listed: GameFileSelection.Listed, of folder: String) {
        guard let listing = listed.listing else { return }
        keep(listing, of: folder, moment: listed.moment, updated: listed.updated)
    }

    /// The listing of `folder` as the file system was at `moment`: later changes add up from
    /// there, and changes noted since make the next listing a whole one. `updated`: made by
    /// `listing(of:)`, so `confirmListing` checks it.
    func keep(_ listing: GameFileFinder.Listing, of folder: String, moment: Int, updated: Bool) {
        lock.withLock {
            listed = (folder, listing, updated)
            changed = notes == moment ? [] : nil
        }
    }

    /// Whether a new listing of the source equals the last one made from the watcher's paths
    /// (true when there is none, or changes were noted since it: the next build lists them).
    /// A change the watcher never reports (a hard link made from outside the source, a write
    /// through `mmap`, another machine's edit on a network drive, a folder it could not watch)
    /// would otherwise stay unseen; `serve` asks after each build with no other change waiting,
    /// and when this says no, the next listing is a whole one and it builds again.
    public func confirmListing() -> Bool {
        guard let last = lock.withLock({ changed == [] ? listed : nil }), last.updated else { return true }
        let listing = try? GameFileFinder.list(URL(fileURLWithPath: last.folder))
        guard listing != last.listing else { return true }
        lock.withLock {
            changed = nil
            notes += 1
        }
        return false
    }

    /// What the last build's catalog kept, to resume from.
    var catalogMemory: CatalogMemory {
        get { lock.withLock { catalog } }
        set { lock.withLock { catalog = newValue } }
    }

    /// `Slug.assign(paths)`, remembered: the game files' paths rarely change between two builds.
    func slugs(for paths: [String]) -> [String: String] {
        if let known = lock.withLock({ slugs }), known.paths == paths { return known.slugs }
        let assigned = Slug.assign(paths)
        lock.withLock { slugs = (paths, assigned) }
        return assigned
    }

    /// The record of the last build of the same site into the same cache folder.
    func record(for cache: BuildCache) -> BuildRecord? {
        lock.withLock { kept.flatMap { $0.cache.path == cache.path ? $0.record : nil } }
    }

    func remember(_ record: BuildRecord, of cache: BuildCache) {
        lock.withLock {
            kept = (cache, record)
            unsaved = true
        }
    }

    /// Writes the last record to the cache file if it is not there yet; a note when it cannot be.
    public func save() -> Diagnostic? {
        let pending: (cache: BuildCache, record: BuildRecord, base: BuildRecord?)? = lock.withLock {
            defer { unsaved = false }
            guard unsaved, let kept else { return nil }
            return (kept.cache, kept.record, saved.flatMap { $0.cache.path == kept.cache.path ? $0.record : nil })
        }
        guard let pending else { return nil }
        let (note, onFile) = pending.cache.write(pending.record, since: pending.base)
        var record = pending.record
        record.onFile = onFile
        lock.withLock {
            saved = onFile.map { _ in (pending.cache, record) }
            if (onFile?.journalLength ?? 0) > 0 { journaled += 1 }
        }
        return note
    }
}
