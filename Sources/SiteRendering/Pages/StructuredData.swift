import GameDomain

/// A scorecard's schema.org JSON-LD: the game as a `SportsEvent` with its name, start, place,
/// competitors (`Person`s, or `SportsTeam`s with their `athlete`s) and address. schema.org has
/// no result on an event; the winners (every player of a cooperative game won) are the agents
/// of a `WinAction` whose `object` is the game (`@reverse`), each the same node as its
/// competitor. Every text goes through `Escape.scriptJSON`, so the JSON can be printed raw in
/// its `<script>` element.
enum StructuredData {
    static func scorecard(_ game: Game, url: String?, settings: SiteSettings) -> String {
        func string(_ text: String) -> String { Escape.scriptJSON(text) }
        func person(_ name: String) -> String { #"{"@type":"Person","name":\#(string(name))}"# }
        // A bare date stays a date; a time without an offset is local time, with the site's
        // offset when `gamenight.yaml` gives a time zone.
        let date = game.date
        let start = date.time == nil ? date.day : date.timestamp(offset: settings.utcOffset?(date) ?? "")
        var fields = [
            #""@context":"https://schema.org""#, #""@type":"SportsEvent""#,
            #""name":\#(string(game.title))"#, #""startDate":\#(string(start))"#,
        ]
        if let url { fields.append(#""url":\#(string(url))"#) }
        if let location = game.location { fields.append(#""location":{"@type":"Place","name":\#(string(location))}"#) }
        let teams = if case .scores(let scores) = game.content { scores.teams } else { [ScoreGame.Team]() }
        let names = teams.isEmpty ? game.players : teams.map(\.name)
        let competitors =
            teams.isEmpty
            ? game.players.map(person)
            : teams.map { team in
                #"{"@type":"SportsTeam","name":\#(string(team.name)),"athlete":[\#(team.players.map(person).joined(separator: ","))]}"#
            }
        // Blank-node ids let a winner be the competitor it is.
        func node(_ index: Int) -> String { #""@id":"_:c\#(index)""# }
        fields.append(
            #""competitor":["#
                + competitors.enumerated().map { "{" + node($0) + "," + $1.dropFirst() }.joined(separator: ",") + "]")
        // A cooperative game won has no winner of its own: every player won.
        let won =
            if case .scores(let scores) = game.content, scores.sharedResult == true { game.players } else {
                game.winnerNames
            }
        let winners = won.compactMap { names.firstIndex(of: $0) }
        if !winners.isEmpty {
            let agents = winners.map { "{" + node($0) + "}" }.joined(separator: ",")
            fields.append(#""@reverse":{"object":{"@type":"WinAction","agent":[\#(agents)]}}"#)
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
