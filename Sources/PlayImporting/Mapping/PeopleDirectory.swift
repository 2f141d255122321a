import GameDomain

/// One display name per person across every play of an import, whatever each play calls them.
///
/// The rule: a person's name is the one their earliest play gives them (by date, then play id),
/// so importing newer plays never renames anyone. A BGG player whose plays never give a name is
/// their username. Two different people (usernames, BG Stats ids) whose names match as GameNight
/// matches players get their username or id added: `Chris (chris99)`, `Anna (#12)`.
public struct PeopleDirectory: Sendable {
    private struct Entry: Sendable {
        var order: PlayOrder
        var name: String
    }

    private var earliest: [PersonIdentity: Entry] = [:]

    public init() {}

    public mutating func record(_ play: ImportedPlay) {
        let order = PlayOrder(play)
        for player in play.players {
            let name = PlainText.line(player.name)
            guard !name.isEmpty else { continue }
            if let known = earliest[player.identity], !(order < known.order) { continue }
            earliest[player.identity] = Entry(order: order, name: name)
        }
    }

    /// The display name of every person recorded, collisions resolved.
    public func names() -> [PersonIdentity: String] {
        var names: [PersonIdentity: String] = [:]
        var byName: [String: [PersonIdentity]] = [:]
        for (identity, entry) in earliest {
            names[identity] = entry.name
            if case .name = identity { continue }
            byName[PlayerName.identity(of: entry.name), default: []].append(identity)
        }
        for (_, people) in byName where people.count > 1 {
            for identity in people {
                switch identity {
                case .bggUsername(let username): names[identity, default: ""] += " (\(username))"
                case .bgstatsPlayer(let id): names[identity, default: ""] += " (#\(id))"
                case .name: break
                }
            }
        }
        return names
    }
}

/// Plays in the order of the rule above: date as written (ISO, so text order is time order),
/// then the id, numerically when both are numbers.
struct PlayOrder: Sendable, Comparable {
    var date: String
    var id: String

    init(_ play: ImportedPlay) {
        (date, id) = (play.date, play.id)
    }

    static func < (a: PlayOrder, b: PlayOrder) -> Bool {
        if a.date != b.date { return a.date < b.date }
        if let x = Int(a.id), let y = Int(b.id) { return x < y }
        return a.id < b.id
    }
}
