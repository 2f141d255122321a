import GameDomain

/// The keys `gamenight import` writes besides the score keeper's: `duration:` and `import:`.
extension GameFileReader {
    /// A whole number of minutes, 0 or more.
    mutating func minutes(_ node: YAMLNode, _ what: String) -> Int? {
        guard let value = integer(node, "\(what) (minutes)", examples: "95") else { return nil }
        guard value >= 0 else {
            fail(node, "\(what) is \(value) minutes; write how long the game took, 0 or more")
            return nil
        }
        return value
    }

    /// `import: {source: bgg, id: "123", copy: 2, checksum: fnv1a64-…}`. The checksum belongs to
    /// the importer (it tells an edited file from an untouched one); here it only has to be text.
    mutating func importOrigin(_ node: YAMLNode) -> ImportOrigin? {
        guard let fields = fields(of: node, allowed: ["source", "id", "copy", "checksum"], in: "`import`") else {
            return nil
        }
        var ok = true
        let source = fields["source"].flatMap { choice($0, "import.source", as: ImportOrigin.Source.self) }
        let id = fields["id"].flatMap { text($0, "`import.id`") }
        var copy: Int?
        if let node = fields["copy"] {
            copy = integer(node, "`import.copy`")
            if let value = copy, value < 2 {
                fail(node, "`import.copy` is \(value); repeats of a play count from 2 (leave it out for the first)")
                copy = nil
            }
            if copy == nil { ok = false }
        }
        if let node = fields["checksum"], text(node, "`import.checksum`") == nil { ok = false }
        fields.requireMissing(
            "source",
            "`import` has no `source`; it names the play log: \(ImportOrigin.Source.allCases.map(\.rawValue).joined(separator: " or "))",
            reader: &self)
        fields.requireMissing("id", "`import` has no `id`; it is the play's id in its play log", reader: &self)
        guard ok, let source, let id else { return nil }
        return ImportOrigin(source: source, id: id, copy: copy)
    }
}
