import Foundation
import GameDomain

/// Remember: what this build made, for the next one (`BuildCache`, `BuildRecord`); and, before
/// the build, what the last one made. `serve` keeps the record in its `BuildMemory` instead of
/// reading and writing the file each time.
enum Remember {
    /// The last build's record, and a note when the cache file was there but could not be used.
    static func recall(_ cache: BuildCache, _ options: BuildOptions) -> (record: BuildRecord?, note: Diagnostic?) {
        guard options.readsCache else { return (nil, nil) }
        if let remembered = options.memory?.record(for: cache) { return (remembered, nil) }
        let loaded = cache.load()
        return (loaded.record, loaded.note)
    }

    /// Keeps the record of this build: in `serve`'s memory (saved once the reload is sent), or in
    /// the cache file. A note when the file cannot be written.
    /// `listed`: the last record's keys, which spare a sort while they are this one's.
    static func run(
        _ cache: BuildCache, _ loaded: Loaded, _ derived: Derived, _ written: Written, memory: BuildMemory?,
        listed: (sources: [String], units: [String])
    ) -> Diagnostic? {
        keep(
            BuildRecord(
                site: cache.site, parsing: loaded.parsing, games: derived.parses, units: written.units,
                sources: loaded.sources,
                cutoff: derived.cutoff, drafts: derived.drafts, listed: listed), cache, memory: memory)
    }

    /// `base`: the record the build started from, when it is to be kept as the changes since.
    static func keep(_ record: BuildRecord, _ cache: BuildCache, memory: BuildMemory?, since base: BuildRecord? = nil)
        -> Diagnostic?
    {
        guard let memory else { return cache.save(record, since: base) }
        memory.remember(record, of: cache)
        return nil
    }
}
