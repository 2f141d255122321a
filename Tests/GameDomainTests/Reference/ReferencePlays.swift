@testable import GameDomain

/// docs/STATISTICS.md's head-to-head, nemesis, streaks, board-game plays, favourite, the games
/// table, its records and the H-index, written out again plainly: one pass per statistic over
/// the whole list, dictionaries keyed by identity, no incremental state shared between them.
enum ReferencePlays {
    static func identity(_ name: String) -> String { PlayerName.identity(of: name) }

    /// Everyone who took part in a play: its players and everyone on a side, by identity.
    static func participants(_ play: Play) -> [String] {
        var names = play.players
        switch play.outcome {
        case .cooperative(let players, _): names += players
        case .ranked(let sides): names += sides.flatMap(\.players)
        case nil: break
        }
        var seen: [String] = []
        for name in names where !seen.contains(identity(name)) { seen.append(identity(name)) }
        return seen
    }

    /// Placed first on some side, or won a cooperative game.
    static func won(_ player: String, _ play: Play) -> Bool {
        switch play.outcome {
        case .cooperative(_, let won): won
        case .ranked(let sides): sides.contains { $0.place == 1 && $0.players.map(identity).contains(player) }
        case nil: false
        }
    }

    /// The first spelling of everyone named in any play.
    static func names(_ plays: [Play]) -> [String: String] {
        var names: [String: String] = [:]
        for play in plays {
            var all = play.players
            if case .ranked(let sides) = play.outcome { all += sides.flatMap(\.players) }
            if case .cooperative(let players, _) = play.outcome { all += players }
            for name in all where names[identity(name)] == nil { names[identity(name)] = name }
        }
        return names
    }

    /// Against each opponent: ranked games on different sides, and who placed ahead.
    static func headToHead(_ player: String, _ plays: [Play]) -> [HeadToHead] {
        var records: [String: HeadToHead] = [:]
        for play in plays {
            guard case .ranked(let sides) = play.outcome else { continue }
            guard let mine = sides.first(where: { $0.players.map(identity).contains(player) }) else { continue }
            for side in sides where side != mine {
                for opponent in side.players.map(identity) where opponent != player {
                    var record = records[opponent] ?? HeadToHead(opponent: opponent)
                    record.games += 1
                    if mine.place < side.place { record.ahead += 1 }
                    if mine.place > side.place { record.behind += 1 }
                    if mine.place == side.place { record.tied += 1 }
                    records[opponent] = record
                }
            }
        }
        return records.values.sorted { ($0.games > $1.games) || ($0.games == $1.games && $0.opponent < $1.opponent) }
    }

    /// Met at least 3 times and placed ahead at least once; most often ahead, then the larger
    /// share of games, then the identity.
    static func nemesis(_ records: [HeadToHead]) -> HeadToHead? {
        let candidates = records.filter { $0.games >= 3 && $0.behind >= 1 }
        guard let most = candidates.map(\.behind).max() else { return nil }
        let mostOften = candidates.filter { $0.behind == most }
        let share = mostOften.map { Double($0.behind) / Double($0.games) }.max() ?? 0
        return mostOften.filter { Double($0.behind) / Double($0.games) == share }.min { $0.opponent < $1.opponent }
    }

    /// Consecutive ranked games placed first; cooperative and unfinished games are skipped.
    static func streak(_ player: String, _ plays: [Play]) -> WinStreak {
        var results: [Bool] = []
        for play in plays where participants(play).contains(player) {
            if case .ranked = play.outcome { results.append(won(player, play)) }
        }
        var longest = 0
        var run = 0
        for result in results {
            run = result ? run + 1 : 0
            longest = max(longest, run)
        }
        let current = results.reversed().prefix { $0 }.count
        return WinStreak(current: current, longest: longest)
    }

    /// Plays and wins of each board game over finished plays, most played first, then the
    /// latest played, then board-game order.
    static func boardgames(_ player: String, _ plays: [Play]) -> [BoardgamePlays] {
        let finished = plays.filter { $0.outcome != nil && participants($0).contains(player) }
        var rows: [BoardgamePlays] = []
        for boardgame in Set(finished.map(\.boardgame)) {
            let these = finished.filter { $0.boardgame == boardgame }
            guard let last = these.last else { continue }
            rows.append(
                BoardgamePlays(
                    boardgame: boardgame, plays: these.count, wins: these.count { won(player, $0) },
                    lastPlayed: last.date))
        }
        return rows.sorted { a, b in
            (a.plays, a.lastPlayed, b.boardgame) > (b.plays, b.lastPlayed, a.boardgame)
        }
    }

    /// The games table: one row per board game of finished plays.
    static func table(_ plays: [Play]) -> [BoardgameStatistics] {
        let finished = plays.filter { $0.outcome != nil }
        var rows: [BoardgameStatistics] = []
        for boardgame in Set(finished.map(\.boardgame)) {
            let these = finished.filter { $0.boardgame == boardgame }
            guard let last = these.last else { continue }
            var row = BoardgameStatistics(boardgame: boardgame, lastPlayed: last.date)
            row.plays = these.count
            row.players = Set(these.flatMap { $0.players.map(identity) }).sorted()
            row.bggID = these.last { $0.bggID != nil }?.bggID
            row.record = record(these.filter { $0.scoreRule == last.scoreRule }, rule: last.scoreRule)
            rows.append(row)
        }
        return rows.sorted { a, b in
            (a.plays, a.lastPlayed, b.boardgame) > (b.plays, b.lastPlayed, a.boardgame)
        }
    }

    /// The best placed score by `rule`; the first play that reached it, with everyone who
    /// scored it there.
    static func record(_ plays: [Play], rule: WinRule) -> BoardgameStatistics.Record? {
        let scores = plays.flatMap { $0.results.filter { $0.place != nil }.compactMap(\.score) }
        guard let best = rule == .highest ? scores.max() : scores.min() else { return nil }
        guard let first = plays.first(where: { $0.results.contains { $0.place != nil && $0.score == best } }) else {
            return nil
        }
        var holders: [String] = []
        for result in first.results
        where result.place != nil && result.score == best && !holders.contains(identity(result.player)) {
            holders.append(identity(result.player))
        }
        return BoardgameStatistics.Record(score: best, holders: holders, file: first.file, date: first.date, rule: rule)
    }

    /// The largest N with N board games played at least N times each.
    static func hIndex(_ plays: [Int]) -> Int {
        (0...plays.count).last { n in plays.count { $0 >= n } >= n } ?? 0
    }

    /// What `GroupStatistics.players` should hold, with bowling and puzzle left out.
    static func players(_ plays: [Play]) -> [String: PlayerStatistics] {
        var players: [String: PlayerStatistics] = [:]
        for (identity, name) in names(plays) {
            var player = PlayerStatistics(identity: identity, name: name)
            player.headToHead = headToHead(identity, plays)
            player.nemesis = nemesis(player.headToHead)
            player.streak = streak(identity, plays)
            player.boardgames = boardgames(identity, plays)
            player.favourite = player.boardgames.first
            players[identity] = player
        }
        return players
    }
}
