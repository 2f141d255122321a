import Foundation
import GameDomain
import GameFileParsing
import PlayImporting

/// What both importer fuzzers check for every play an input yields: it maps to game files (or
/// to an error about it) and each file's text carries a checksum that verifies and the `import:`
/// key of its play and reads back as a game, under a path made only of the date, a slug and the id.
public func checkImported(_ plays: [ImportedPlay], diagnostics: [Diagnostic], in data: Data) {
    var people = PeopleDirectory()
    for play in plays { people.record(play) }
    let mapper = PlayMapper(people: people.names())
    for play in plays {
        let mapped = mapper.map(play)
        require(
            !mapped.games.isEmpty || mapped.diagnostics.contains { $0.severity == .error },
            "a play vanished without an error")
        for game in mapped.games {
            let text = GameFileWriter.text(game)
            require(ImportChecksum.isUntouched(text), "a fresh file fails its own checksum")
            if case .failure(let errors) = GameFileParser.parse(text, path: game.relativePath) {
                require(false, "a written file does not read back: \(errors.diagnostics)\n\(text)")
            }
            require(
                ImportFolder.importKey(in: text) == ImportChecksum.key(game.origin),
                "the import line does not name the play")
            let parts = game.relativePath.split(separator: "/")
            require(
                parts.count == 2 && !parts.contains { $0.hasPrefix(".") || $0.isEmpty },
                "unsafe path \(game.relativePath)")
        }
    }
    for diagnostic in diagnostics { checkLocation(diagnostic, in: data) }
}

/// A location, when a diagnostic has one, is a line of the input and a column at most one past
/// its end (counted in characters).
func checkLocation(_ diagnostic: Diagnostic, in data: Data) {
    guard let location = diagnostic.location else { return }
    let lines = String(decoding: data, as: UTF8.self).split(
        omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    require(location.line >= 1 && location.line <= max(1, lines.count) + 1, "line out of range: \(diagnostic)")
}

/// `precondition`, but its message survives `-O`.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
