import GameDomain

extension ScoresReader {
    /// `first: Ann` and `seats: [Ann, Bo, Cy]`: who went first and everyone in table order, each
    /// named as `players` (or `teams`) writes them. Nil when the file says neither, or after
    /// reporting what is wrong.
    static func readSeating(_ fields: Fields, players: [String], reader: inout GameFileReader) -> Seating? {
        guard fields["first"] != nil || fields["seats"] != nil else { return nil }
        let errors = reader.errorCount
        let first = fields["first"].flatMap { node in
            reader.text(node, "`first` (the player who went first)").flatMap {
                player($0, at: node, in: "`first`", players: players, reader: &reader)
            }
        }
        var seats: [String] = []
        let errorsBeforeSeats = reader.errorCount
        if let node = fields["seats"], let items = reader.list(node, "`seats`"),
            reader.check(items.count, against: .players, at: node)
        {
            var seen: [String: String] = [:]
            for item in items {
                guard let name = reader.text(item, "a player's name"),
                    let name = player(name, at: item, in: "`seats`", players: players, reader: &reader)
                else { continue }
                if let earlier = seen[PlayerName.identity(of: name)] {
                    reader.fail(
                        item, "`\(name)` sits twice in `seats` (as `\(earlier)` before)",
                        hint: "list every player once, in table order")
                    continue
                }
                seen[PlayerName.identity(of: name)] = name
                seats.append(name)
            }
            let missing = players.filter { seen[PlayerName.identity(of: $0)] == nil }
            // A misspelt name is reported already; its player would only be reported again as missing.
            // Only the seats' own errors count: a misspelt `first` says nothing about them.
            if reader.errorCount == errorsBeforeSeats, !missing.isEmpty {
                reader.fail(
                    fields.key("seats") ?? node, "`seats` leaves out \(list(missing))",
                    hint: "list every player once, in table order from any of them; `first` says who started")
            }
        }
        guard reader.errorCount == errors else { return nil }
        return Seating(first: first, seats: seats)
    }

    /// `name` if it is a player of the game, else nil after reporting it at `node`.
    private static func player(
        _ name: String, at node: YAMLNode, in place: String, players: [String], reader: inout GameFileReader
    ) -> String? {
        if players.contains(name) { return name }
        reader.fail(
            node, "\(place) names `\(name)`, who is not in `players`\(suggestion(for: name, among: players))",
            hint: "name the players of this game as `players` writes them, or fix the name")
        return nil
    }
}
