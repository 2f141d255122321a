/// One row of a game's standings. Tied totals share a place (1, 1, 3).
public struct Standing: Sendable, Hashable, Codable {
    public var place: Int
    public var player: String
    public var total: Int

    public init(place: Int, player: String, total: Int) {
        self.place = place
        self.player = player
        self.total = total
    }

    /// Orders totals by the win rule; equal totals keep their input order and share a place.
    public static func rank(_ totals: [(player: String, total: Int)], by rule: WinRule) -> [Standing] {
        let ordered = totals.enumerated().sorted { a, b in
            if a.element.total != b.element.total {
                return rule == .highest ? a.element.total > b.element.total : a.element.total < b.element.total
            }
            return a.offset < b.offset
        }.map(\.element)
        var rows: [Standing] = []
        for (index, entry) in ordered.enumerated() {
            let place = rows.last.flatMap { $0.total == entry.total ? $0.place : nil } ?? index + 1
            rows.append(Standing(place: place, player: entry.player, total: entry.total))
        }
        return rows
    }
}
