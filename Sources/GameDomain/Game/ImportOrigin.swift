/// The play log a game file was imported from (`gamenight import`), as its `import:` key says:
/// `import: {source: bgg, id: "123456", checksum: fnv1a64-…}`.
public struct ImportOrigin: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// A BoardGameGeek play log (XML API 2 `plays`).
        case bgg
        /// A BG Stats export (`BGStatsExport.json`).
        case bgstats
    }

    public var source: Source
    /// The play's id in the source: BGG's play id, BG Stats' play UUID.
    public var id: String
    /// Which of a play's repeats this file is (BGG's `quantity`), from 2 on; nil for the first.
    public var copy: Int?

    public init(source: Source, id: String, copy: Int? = nil) {
        self.source = source
        self.id = id
        self.copy = copy
    }
}
