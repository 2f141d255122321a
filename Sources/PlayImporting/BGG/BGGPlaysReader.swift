public import Foundation
public import GameDomain

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a page of BoardGameGeek's play log, the XML that XML API 2 returns for
/// `/xmlapi2/plays?username=…` (`<plays>` of `<play>` elements, each with an `<item>`, optional
/// `<comments>` and `<players>`), with Foundation's streaming `XMLParser`: a file of any size
/// is read in chunks, and each play is handed on as soon as its end tag is read.
///
/// Attributes read (unknown ones are ignored): `play` id, date, quantity, length (minutes),
/// incomplete, nowinstats, location; `item` name, objectid; `player` username, name, score,
/// win. README cites the format's documentation.
public enum BGGPlaysReader {
    /// Calls `onPlay` for each play in file order; returns the problems: a file that is not
    /// well-formed XML (at its line and column; the plays before the fault were handed on),
    /// not a BGG play log, or a play without an id.
    public static func read(_ url: URL, path: String, onPlay: (ImportedPlay) -> Void) -> [Diagnostic] {
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            return [Diagnostic(path: path, location: nil, message: "cannot open the file")]
        }
        let start = (try? handle.read(upToCount: 256)) ?? Data()
        try? handle.seek(toOffset: 0)
        let problem = UTF8Check.firstProblem(UTF8Check.FileBytes(handle: handle))
        try? handle.close()
        if let problem { return [UTF8Check.diagnostic(problem, path: path)] }
        guard let parser = XMLParser(contentsOf: url) else {
            return [Diagnostic(path: path, location: nil, message: "cannot open the file")]
        }
        return pointingToBGStats(read(parser, path: path, onPlay: onPlay), start: start)
    }

    /// The same for bytes in memory (tests, the fuzzer).
    public static func read(_ data: Data, path: String, onPlay: (ImportedPlay) -> Void) -> [Diagnostic] {
        if let problem = UTF8Check.firstProblem(data.makeIterator()) {
            return [UTF8Check.diagnostic(problem, path: path)]
        }
        return pointingToBGStats(read(XMLParser(data: data), path: path, onPlay: onPlay), start: data.prefix(256))
    }

    /// A file that starts as JSON does (a BG Stats export given to `import bgg`): its errors say
    /// which command reads it.
    static func pointingToBGStats(_ diagnostics: [Diagnostic], start: Data) -> [Diagnostic] {
        let first = UTF8Check.firstSignificantByte(start)
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return diagnostics }
        return diagnostics.map { diagnostic in
            var pointed = diagnostic
            pointed.hint =
                "this file is JSON, not a BoardGameGeek play log: for a BG Stats export, run gamenight import bgstats"
            return pointed
        }
    }

    static func read(_ parser: XMLParser, path: String, onPlay: (ImportedPlay) -> Void) -> [Diagnostic] {
        // Entities from outside the file are never fetched.
        parser.shouldResolveExternalEntities = false
        return withoutActuallyEscaping(onPlay) { onPlay in
            let collector = PlayCollector(path: path, parser: parser, onPlay: onPlay)
            parser.delegate = collector
            let ok = parser.parse()
            parser.delegate = nil
            return report(collector, parser: parser, ok: ok, path: path)
        }
    }

    private static func report(_ collector: PlayCollector, parser: XMLParser, ok: Bool, path: String) -> [Diagnostic] {
        var diagnostics = collector.diagnostics
        if !ok || collector.aborted {
            if let error = collector.fault ?? parser.parserError.map(describe) {
                let location =
                    collector.faultLocation
                    ?? SourceLocation(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
                diagnostics.append(
                    Diagnostic(
                        path: path, location: location,
                        message: error,
                        hint: "the plays before this point were read; save the page again from the XML API"))
            }
        } else if !collector.sawRoot {
            diagnostics.append(
                Diagnostic(
                    path: path, location: SourceLocation(line: 1, column: 1),
                    message: "this is not a BoardGameGeek play log (no `<plays>` element)",
                    hint: "save the XML of https://boardgamegeek.com/xmlapi2/plays?username=NAME"))
        }
        return diagnostics
    }

    /// libxml2's error codes (`xmlParserErrors`, which `XMLParser` passes on) in words, for the
    /// common ones.
    static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        let what =
            switch code {
            case 3, 4: "the file is empty or not XML"
            case 5: "there is more after the end of the XML"
            case 9, 6...8: "a character that XML does not allow"
            case 22...27, 89, 90: "an entity (`&name;`) that is not defined or not closed"
            case 38...42: "an attribute not written as name=\"value\" (or given twice)"
            case 72...75: "a tag that is not closed with `>`"
            case 76: "an end tag that does not match its start tag"
            case 77: "the file ends before the XML is closed"
            default: "malformed XML"
            }
        return "\(what) (XML error \(code))"
    }
}

/// The parser's delegate: assembles one `ImportedPlay` from the elements of each `<play>`.
private final class PlayCollector: NSObject, XMLParserDelegate {
    let path: String
    let onPlay: (ImportedPlay) -> Void
    unowned let parser: XMLParser
    var diagnostics: [Diagnostic] = []
    var sawRoot = false
    var aborted = false
    var fault: String?
    var faultLocation: SourceLocation?

    private var play: ImportedPlay?
    private var playHasID = false
    private var inPlayers = false
    private var comments: String?
    private var depth = 0

    init(path: String, parser: XMLParser, onPlay: @escaping (ImportedPlay) -> Void) {
        self.path = path
        self.parser = parser
        self.onPlay = onPlay
    }

    private var here: SourceLocation {
        SourceLocation(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        guard !aborted else { return }
        if depth == 1 {
            guard name == "plays" else {
                faultLocation = here
                fault =
                    name == "error" || name == "errors" || name == "message"
                    ? "BoardGameGeek answered with an error instead of plays (`<\(name)>`)"
                    : "this is not a BoardGameGeek play log: it starts with `<\(name.prefix(40))>`, not `<plays>`"
                aborted = true
                return
            }
            sawRoot = true
            return
        }
        switch name {
        case "play" where depth == 2:
            let id = attributes["id"] ?? ""
            playHasID = !id.isEmpty
            play = ImportedPlay(
                source: .bgg, id: id, place: PlayPlace(path: path, location: here), boardgame: "",
                date: attributes["date"] ?? "", durationMinutes: attributes["length"].flatMap { Int($0) },
                location: attributes["location"], isIncomplete: attributes["incomplete"] == "1",
                isLeftOutOfStatistics: attributes["nowinstats"] == "1",
                quantity: attributes["quantity"].flatMap { Int($0) } ?? 1)
        case "item" where depth == 3:
            play?.boardgame = attributes["name"] ?? ""
            play?.bggID = attributes["objectid"].flatMap { Int($0) }
        case "comments" where depth == 3:
            comments = ""
        case "players" where depth == 3:
            inPlayers = true
        case "player" where depth == 4 && inPlayers:
            let name = attributes["name"] ?? ""
            play?.players.append(
                ImportedPlay.Player(
                    identity: .bgg(username: attributes["username"] ?? "", name: name), name: name,
                    score: attributes["score"], won: attributes["win"] == "1",
                    startPosition: attributes["startposition"]))
        default: break
        }
    }

    /// The first error ends the reading: what libxml2 reports after it is ignored, and `parse()`
    /// on bytes in memory even reports success afterwards. The parse is not aborted from here:
    /// `abortParsing()` inside libxml2's error callback crashed it (found by the fuzzer,
    /// `FuzzRegressions/abort-in-error-callback.xml`); libxml2 stops at a fatal error itself.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard !aborted else { return }
        (fault, faultLocation, aborted) = (BGGPlaysReader.describe(parseError), here, true)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        // Comments can be long; anything else's text is not read.
        if comments != nil, (comments?.utf8.count ?? 0) < 1_000_000 { comments? += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer { depth -= 1 }
        guard !aborted else { return }
        switch name {
        case "comments" where depth == 3:
            play?.comments = comments
            comments = nil
        case "players" where depth == 3:
            inPlayers = false
        case "play" where depth == 2:
            guard let play else { return }
            self.play = nil
            if playHasID {
                onPlay(play)
            } else {
                diagnostics.append(
                    play.place.diagnostic(
                        "a play without an `id` attribute was not imported",
                        hint: "every play BoardGameGeek returns has one; save the page again"))
            }
        default: break
        }
    }
}
