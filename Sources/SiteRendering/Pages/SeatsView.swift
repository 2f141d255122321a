import GameDomain

/// A board game's "Seats": the first player's and each seat's wins with their sample, the 95 %
/// interval and chance; "not enough plays" instead of a rate below `SeatStatistics.minimumGames`.
struct SeatsView: Encodable {
    struct Row: Encodable {
        var label: String
        /// "4 of 9": always shown, the sample is a fact.
        var sample: String
        var chance: String
        /// Rate, interval and verdict, once there are enough plays; else nil and `notEnough`.
        var rate: String?
        var interval: String?
        var verdict: String?
        /// `above`, `below` or `within`: the verdict's class.
        var verdictClass: String?
        var notEnough: Bool
    }

    var rows: [Row]
    var note: String

    /// Nil when no game of the board game says who went first or where everyone sat.
    init?(_ statistics: SeatStatistics?, texts: SiteTexts) {
        guard let statistics, statistics.games > 0 else { return nil }
        var rows: [Row] = []
        // Seat 1 is the first player: when no game says only who went first, the two rows are
        // the same games, and one row says so.
        let sameAsSeatOne = statistics.seats.first == statistics.firstPlayer
        if statistics.firstPlayer.wins.trials > 0, !sameAsSeatOne {
            rows.append(Self.row(texts[.firstPlayer], statistics.firstPlayer, texts: texts))
        }
        for (index, seat) in statistics.seats.enumerated() where seat.wins.trials > 0 {
            let label =
                index == 0 && sameAsSeatOne
                ? texts[.seatOneFirstPlayer] : texts.format(.seatNumber, ["n": "\(index + 1)"])
            rows.append(Self.row(label, seat, texts: texts))
        }
        guard !rows.isEmpty else { return nil }
        self.rows = rows
        note = texts.format(
            .seatsNote,
            [
                "games": texts.count(statistics.games, .gameCountOne, .gameCountOther),
                "minimum": texts.count(SeatStatistics.minimumGames, .gameCountOne, .gameCountOther),
            ])
    }

    static func row(_ label: String, _ rate: SeatStatistics.Rate, texts: SiteTexts) -> Row {
        let sample = texts.format(.winsOfGames, ["wins": "\(rate.wins.successes)", "games": "\(rate.wins.trials)"])
        let chance = rate.expected.map(texts.percent) ?? "–"
        guard rate.hasEnoughPlays, let value = rate.wins.rate, let interval = rate.interval,
            let expected = rate.expected
        else {
            return Row(label: label, sample: sample, chance: chance, notEnough: true)
        }
        let verdict: (TextKey, String) =
            interval.lowerBound > expected
            ? (.aboveChance, "above")
            : interval.upperBound < expected ? (.belowChance, "below") : (.withinChance, "within")
        return Row(
            label: label, sample: sample, chance: chance, rate: texts.percent(value),
            interval: texts.format(
                .percentRange, ["low": percentNumber(interval.lowerBound), "high": percentNumber(interval.upperBound)]),
            verdict: texts[verdict.0], verdictClass: verdict.1, notEnough: false)
    }

    /// 0.19 as `19`: a percentage without its sign, for ranges.
    static func percentNumber(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))" }
}
