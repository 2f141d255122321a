import Foundation
public import GameDomain
import GameFileParsing

/// An `ImportedGame` as the text of a game file: YAML front matter in the score keeper's keys,
/// the notes as the body, and last in the front matter the `import:` line with the play's id
/// and a checksum of the whole text (`ImportChecksum`).
public enum GameFileWriter {
    public static func text(_ game: ImportedGame) -> String {
        var lines = [
            "---", "game: scores", "title: \(yamlText(game.title))", "date: \(game.date.text)",
            "boardgame: \(yamlText(game.boardgame))",
        ]
        if let bgg = game.bggID { lines.append("bgg: \(bgg)") }
        if let location = game.location { lines.append("location: \(yamlText(location))") }
        if let minutes = game.durationMinutes { lines.append("duration: \(minutes)") }
        if game.isPlaying { lines.append("status: playing") }
        if game.isDraft { lines.append("draft: true") }
        lines.append("players: \(list(game.players))")
        if !game.teams.isEmpty {
            lines.append(
                "teams: {" + game.teams.map { "\(yamlText($0.name)): \(list($0.players))" }.joined(separator: ", ")
                    + "}")
        }
        if let seating = game.seating {
            if let first = seating.first { lines.append("first: \(yamlText(first))") }
            if !seating.seats.isEmpty { lines.append("seats: \(list(seating.seats))") }
        }
        switch game.result {
        case .scores(let names, let points, let lowestWins):
            lines.append("scores: \(mapping(names, points))")
            if lowestWins { lines.append("win: lowest") }
        case .ranks(let names, let ranks): lines.append("ranks: \(mapping(names, ranks))")
        case .winners(let winners): lines.append("winners: \(list(winners))")
        case .cooperative(let won): lines += ["cooperative: true", "result: \(won ? "won" : "lost")"]
        case .none: break
        }
        lines.append("import: {\(ImportChecksum.key(game.origin)), checksum: \(ImportChecksum.placeholder)}")
        lines.append("---")
        let text = lines.joined(separator: "\n") + "\n" + (game.notes.isEmpty ? "" : game.notes + "\n")
        return ImportChecksum.sealed(text)
    }

    static func list(_ names: [String]) -> String {
        "[" + names.map(yamlText).joined(separator: ", ") + "]"
    }

    static func mapping(_ names: [String], _ values: [Int]) -> String {
        "{" + zip(names, values).map { "\(yamlText($0)): \($1)" }.joined(separator: ", ") + "}"
    }
}

/// The checksum that tells a game file left as `gamenight import` wrote it from one edited since:
/// FNV-1a 64 of the file's UTF-8 with the checksum's own 16 digits read as zeros, written as
/// `checksum: fnv1a64-<16 hex digits>` in the `import:` line. It detects edits, not tampering
/// (nobody gains by forging it: the worst is that a re-import replaces their own edit).
public enum ImportChecksum {
    static let prefix = "checksum: fnv1a64-"
    static let placeholder = "fnv1a64-" + String(repeating: "0", count: 16)

    /// `source: bgg, id: "123", copy: 2`: the part of the `import:` line that names the play,
    /// the same for every version of its file.
    public static func key(_ origin: ImportOrigin) -> String {
        "source: \(origin.source.rawValue), id: \(yamlText(origin.id))" + (origin.copy.map { ", copy: \($0)" } ?? "")
    }

    /// `text` (holding the placeholder) with the placeholder replaced by its checksum.
    static func sealed(_ text: String) -> String {
        guard let range = text.range(of: "checksum: " + placeholder) else { return text }
        return text.replacingCharacters(in: range, with: prefix + sum(text))
    }

    /// True when `text` holds a checksum line and the checksum matches the rest.
    public static func isUntouched(_ text: String) -> Bool {
        guard let range = text.range(of: prefix) else { return false }
        let digits = text[range.upperBound...].prefix(16)
        guard digits.count == 16 else { return false }
        let zeroed = text.replacingCharacters(
            in: range.upperBound..<digits.endIndex, with: String(repeating: "0", count: 16))
        return sum(zeroed) == digits
    }

    private static func sum(_ text: String) -> String {
        var hash = FNV1a64()
        hash.combine(text.utf8)
        return hash.hex
    }
}
