import GameDomain

/// Human wording of domain values, shared by every page.
enum Labels {
    static func kind(_ kind: GameKind) -> String {
        switch kind {
        case .scores: "Score keeper"
        case .bowling: "Bowling"
        case .fifteen: "15-puzzle"
        }
    }

    static func status(_ status: GameStatus) -> String {
        switch status {
        case .setup: "Setting up"
        case .playing: "Still playing"
        case .finished: "Finished"
        }
    }

    static func win(_ rule: WinRule) -> String {
        switch rule {
        case .highest: "Highest score wins"
        case .lowest: "Lowest score wins"
        }
    }

    /// "Friday, 20 November 2026" for `2026-11-20`.
    static func day(_ date: GameDate) -> String {
        let parts = date.day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return date.day }
        let (year, month, day) = (parts[0], parts[1], parts[2])
        let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                      "September", "October", "November", "December"]
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        // Sakamoto's method: the weekday of a Gregorian date.
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        let weekday = (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
        return "\(weekdays[weekday]), \(day) \(months[month - 1]) \(year)"
    }

    static func dateTime(_ date: GameDate) -> String {
        date.time.map { "\(day(date)), \($0)" } ?? day(date)
    }

    static func names(_ names: [String]) -> String {
        switch names.count {
        case 0: ""
        case 1: names[0]
        default: names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        }
    }

    /// `67 %`, as the puzzle's efficiency column writes it.
    static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded())) %" }

    /// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }
}
