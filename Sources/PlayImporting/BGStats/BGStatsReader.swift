public import Foundation
public import GameDomain

/// Reads BG Stats' `BGStatsExport.json` into `ImportedPlay`s.
///
/// Foundation has no streaming JSON reader, so the file is mapped into memory (the system pages
/// it in and out as needed, it is not copied) and decoded in one go with `JSONDecoder` into small
/// values holding only the fields the importer reads; the decoder's own index of the document is
/// freed when decoding ends. README gives the peak memory measured for a 200 MB export.
public enum BGStatsReader {
    public struct Contents: Sendable {
        public var plays: [ImportedPlay] = []
        public var diagnostics: [Diagnostic] = []
    }

    public static func read(_ url: URL, path: String) -> Contents {
        do {
            return read(try Data(contentsOf: url, options: .alwaysMapped), path: path)
        } catch {
            return Contents(diagnostics: [
                Diagnostic(path: path, location: nil, message: "cannot read the file: \(error.localizedDescription)")
            ])
        }
    }

    public static func read(_ data: Data, path: String) -> Contents {
        var contents = Contents()
        let export: BGStatsExport
        do {
            export = try JSONDecoder().decode(BGStatsExport.self, from: data)
        } catch {
            contents.diagnostics.append(diagnostic(error, in: data, path: path))
            return contents
        }
        func fail(_ error: any Error) {
            contents.diagnostics.append(diagnostic(error, in: data, path: path))
        }
        var players: [Int: String] = [:]
        for case let player in export.players ?? [] {
            switch player.result {
            case .success(let player): players[player.id.value] = player.name
            case .failure(let error): fail(error)
            }
        }
        var locations: [Int: String] = [:]
        for location in export.locations ?? [] {
            switch location.result {
            case .success(let location): locations[location.id.value] = location.name
            case .failure(let error): fail(error)
            }
        }
        var games: [Int: BGStatsExport.Game] = [:]
        for game in export.games ?? [] {
            switch game.result {
            case .success(let game): games[game.id.value] = game
            case .failure(let error): fail(error)
            }
        }
        guard let plays = export.plays else {
            contents.diagnostics.append(
                Diagnostic(
                    path: path, location: nil, message: "this is not a BG Stats export: it has no `plays` list",
                    hint: "in BG Stats, export your data (Settings, Backup) and import BGStatsExport.json"))
            return contents
        }
        contents.plays.reserveCapacity(plays.count)
        for (index, element) in plays.enumerated() {
            let place = PlayPlace(path: path, jsonPath: "plays[\(index)]")
            switch element.result {
            case .failure(let error): fail(error)
            case .success(let play):
                guard let game = games[play.gameRefId.value] else {
                    contents.diagnostics.append(
                        place.diagnostic(
                            "play \(PlainText.line(play.uuid).prefix(64)): its game (`gameRefId` \(play.gameRefId.value)) is not in `games`",
                            hint: "this play was not imported; export again from BG Stats"))
                    continue
                }
                let usesTeams = play.usesTeams?.value ?? false
                contents.plays.append(
                    ImportedPlay(
                        source: .bgstats, id: play.uuid, place: place, boardgame: game.name ?? "",
                        bggID: game.bggId?.value, variant: play.board, date: play.playDate,
                        durationMinutes: play.durationMin?.value,
                        location: play.locationRefId.flatMap { locations[$0.value] }, comments: play.comments,
                        isLeftOutOfStatistics: play.ignored?.value ?? false,
                        players: (play.playerScores ?? []).map { score in
                            let id = score.playerRefId.value
                            return ImportedPlay.Player(
                                identity: .bgstatsPlayer(id), name: players[id] ?? "", score: score.score?.value,
                                rank: score.rank?.value, won: score.winner?.value ?? false,
                                team: usesTeams ? teamName(score.team?.value) : nil,
                                isStartPlayer: score.startPlayer?.value ?? false)
                        },
                        isCooperative: game.cooperative?.value ?? false,
                        lowestWins: game.highestWins.map { !$0.value }))
            }
        }
        return contents
    }

    /// BG Stats numbers teams from 1 (`"1"` is Team 1); `"0"` and `""` mean no team.
    static func teamName(_ text: String?) -> String? {
        let text = (text ?? "").trimmingCharacters(in: .whitespaces)
        if text.isEmpty || text == "0" { return nil }
        return Int(text) != nil ? "Team \(text)" : text
    }

    /// A decoding error as a diagnostic: a JSON path for a value of the wrong kind, a line and
    /// column for a syntax error.
    static func diagnostic(_ error: any Error, in data: Data, path: String) -> Diagnostic {
        let context: DecodingError.Context?
        var what = "unreadable JSON"
        switch error as? DecodingError {
        case .typeMismatch(let type, let c)?:
            context = c
            what = "expected \(describe(type)), found something else"
        case .valueNotFound(let type, let c)?:
            context = c
            what = "expected \(describe(type)), found null"
        case .keyNotFound(let key, let c)?:
            context = DecodingError.Context(codingPath: c.codingPath + [key], debugDescription: c.debugDescription)
            what = "missing field `\(key.stringValue)`"
        case .dataCorrupted(let c)?:
            context = c
            what = c.debugDescription
        default:
            context = nil
        }
        let codingPath = context?.codingPath ?? []
        if codingPath.isEmpty, case .dataCorrupted? = error as? DecodingError {
            let (location, reason) = syntaxError(in: data)
            // A BGG play log given to `import bgstats` says which command reads it.
            let isXML = UTF8Check.firstSignificantByte(data.prefix(256)) == UInt8(ascii: "<")
            return Diagnostic(
                path: path, location: location, message: "malformed JSON: \(reason)",
                hint: isXML
                    ? "this file is XML, not a BG Stats export: for a BoardGameGeek play log, run gamenight import bgg"
                    : "export again from BG Stats; the file may have been cut short")
        }
        let jsonPath = codingPath.isEmpty ? "the top level" : jsonPathText(codingPath)
        let isPlay = codingPath.first?.stringValue == "plays" && codingPath.count >= 2
        return Diagnostic(
            path: path, location: nil, message: "at \(jsonPath): \(what)",
            hint: isPlay ? "this play was not imported; the others were" : "export again from BG Stats")
    }

    static func jsonPathText(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "a list or an object"
        }
    }

    /// `JSONDecoder` says only that the data is not valid JSON; `JSONSerialization` says where
    /// ("around character 1234", a byte offset), turned here into a line and column.
    static func syntaxError(in data: Data) -> (SourceLocation?, String) {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return (nil, "not what a BG Stats export holds")
        } catch {
            let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "not valid JSON"
            let reason =
                message.components(separatedBy: " around ").first.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
                ?? message
            let offset = message.components(separatedBy: "around character ").last.flatMap {
                Int($0.trimmingCharacters(in: CharacterSet(charactersIn: ".")))
            }
            return (
                location(ofByte: offset ?? data.count, in: data), reason.prefix(1).lowercased() + reason.dropFirst()
            )
        }
    }

    /// Line and column (in characters) of a byte offset.
    static func location(ofByte offset: Int, in data: Data) -> SourceLocation {
        let end = min(max(0, offset), data.count)
        var line = 1
        var lineStart = data.startIndex
        var index = data.startIndex
        while index < data.startIndex + end {
            if data[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        let column = String(decoding: data[lineStart..<(data.startIndex + end)], as: UTF8.self).count + 1
        return SourceLocation(line: line, column: column)
    }
}
