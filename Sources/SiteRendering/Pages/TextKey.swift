public import GameDomain

/// The key of every text the site prints; `gamenight.yaml` overrides a text by its key
/// (`texts: {winner: "Champion:"}`). Each language answers for every key, so a new key does not
/// compile until it has them all.
public enum TextKey: String, CaseIterable, Sendable {
    case kindScores
    case kindBowling
    case kindFifteen
    case statusSetup
    case statusPlaying
    case statusFinished
    case winHighest
    case winLowest
    case dateFormat
    case dateTimeFormat
    case january
    case february
    case march
    case april
    case may
    case june
    case july
    case august
    case september
    case october
    case november
    case december
    case sunday
    case monday
    case tuesday
    case wednesday
    case thursday
    case friday
    case saturday
    case listSeparator
    case listLast
    case percent
    case ordinalOne
    case ordinalTwo
    case ordinalFew
    case ordinalOther
    case gameCountOne
    case gameCountOther
    case finishedGameCountOne
    case finishedGameCountOther
    case winCountOne
    case winCountOther
    case pointCountOne
    case pointCountOther
    case pinCountOne
    case pinCountOther
    case moveCountOne
    case moveCountOther
    case siteTitle
    case indexTitle
    case indexDescription
    case noGames
    case noGamesShort
    case leaderboard
    case playersByWins
    case tiesNote
    case allPlayers
    case allGames
    case playersTitle
    case playersDescription
    case playersNote
    case noPlayers
    case everyPlayer
    case playerDescription
    case nightsTitle
    case nightsDescription
    case nightDescription
    case nightLeaderboard
    case otherNights
    case earlierPages
    case otherPages
    case olderPage
    case newerPage
    case pageRange
    case archiveTitle
    case latestRaces
    case kindDescription
    case kindStandings
    case moreStandings
    case notFoundTitle
    case notFoundDescription
    case notFoundText
    case notFoundLink
    case navLabel
    case navNights
    case footer
    case footerNamed
    case scorecardDescription
    case winner
    case winnersTie
    case winnerMark
    case notes
    case player
    case games
    case wins
    case winRate
    case place
    case total
    case rules
    case winCondition
    case startingPoints
    case roundsPlayed
    case standings
    case rounds
    case roundsNote
    case round
    case didNotScore
    case chartCaption
    case chartTitle
    case chartDescription
    case scoreSheets
    case frameTable
    case frameByFrame
    case frameNote
    case bowler
    case average
    case highGame
    case highSeries
    case bowlingNote
    case sheetTitle
    case inProgress
    case frameNotBowled
    case frameScore
    case notYetKnown
    case sheetTotal
    case sheetTotalUnknown
    case puzzle
    case board
    case start
    case optimalSolution
    case shuffled
    case setByHand
    case notComputed
    case notComputedBecause
    case notComputedHint
    case optimumUnsolvable
    case optimumTooLarge
    case optimumTimeLimit
    case optimumNodeLimit
    case optimumCancelled
    case startBoardTitle
    case startCaption
    case results
    case resultsNote
    case solved
    case moves
    case time
    case movesPerSecond
    case optimal
    case efficiency
    case yes
    case no
    case replays
    case replaySolved
    case replayNotSolved
    case finalBoard
    case finalBoardTitle
    case races
    case bestEfficiency
    case puzzleNote
    case finishedGames
    case personalBests
    case everyGame
    case date
    case game
    case kind
    case result
    case placeOf
    case soFar
    case notSolved
    case noResult
    case mostPoints
    case fewestPoints
    case bowlingHighGame
    case fewestMoves
    case fastestSolve
    case feedSummary
    case feedWonBy
    case chartStart
    case chartRound
    case replayTitle
    case replayDescription
    case replaySolvedIn
    case replayNotSolvedAfter
    case replayCut
    case boardDescription
    case boardSolved
    case boardNotSolved
    case seconds
    case wonTogether
    case lostTogether
    case feedWonTogether
    case feedLostTogether
    case teamWithPlayers
    case winCooperative
    case winByRanks
    case winByWinners
    case team
    case boardgame
    case navGames
    case boardgamesTitle
    case boardgamesDescription
    case boardgameDescription
    case allBoardgames
    case plays
    case playCountOne
    case playCountOther
    case record
    case recordBy
    case lastPlayed
    case boardGameGeek
    case hIndex
    case boardgamesNote
    case ratings
    case ratingsOf
    case rating
    case ratingsNote
    case ratingsMinimum
    case ratingHistory
    case ratingChartTitle
    case ratingChartDescription
    case ratingChanges
    case headToHead
    case headToHeadNote
    case opponent
    case ahead
    case behind
    case tied
    case nemesis
    case nemesisText
    case currentStreak
    case longestStreak
    case favouriteBoardgame
    case boardgamesPlayed
    case bowlingStatistics
    case strikes
    case spares
    case openFrames
    case splitsConverted
    case cleanGames
    case fractionOf
    case averageTrend
    case averageChartTitle
    case averageChartDescription
    case handicap
    case scratch
    case withHandicap
    case handicapNote
    case puzzleStatistics
    case size
    case fastest
    case location
    case durationMinutes
    case seats
    case seatsNote
    case seat
    case firstPlayer
    case seatNumber
    case seatOneFirstPlayer
    case winsOfGames
    case interval95
    case chance
    case againstChance
    case percentRange
    case aboveChance
    case belowChance
    case withinChance
    case notEnoughPlays
    case scoresTitle
    case scoresNote
    case playerCount
    case averageWinningScore
    case averageScore
    case closestGames
    case margins
    case biggestMargins
    case marginText
    case marginTie
    case histogramTitle
    case histogramDescription
    case histogramCaption
    case histogramBin
    case yearTitle
    case yearDescription
    case nightCountOne
    case nightCountOther
    case yearsInReview
    case otherYears
    case yearNights
    case hoursPlayed
    case hoursValue
    case mostPlayed
    case newPlayers
    case newBoardgames
    case highlights
    case closestGame
    case biggestWin
    case ratingClimb
    case heldBy
    case playersYear
    case mostImproved
    case improvementText
    case bestEfficiencyOf
    case yearNote
    case calendarSummary
    case calendarLink
    case searchTitle
    case searchDescription
    case searchLabel
    case searchButton
    case searchLoading
    case searchFailed
    case searchNone
    case searchCountOne
    case searchCountOther
    case searchShown
    case searchNoScript
    case searchPlayer
    case searchBoardgame
    case searchNight
    case searchGame
    case searchKind

    /// The placeholders the text may use: those of its English text (`{count}`, `{name}`).
    public var placeholders: [String] {
        var names: [String] = []
        var rest = Substring(english)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    public func text(in language: SiteLanguage) -> String {
        switch language {
        case .en: english
        case .ja: japanese
        }
    }

    var english: String {
        switch self {
        case .kindScores: "Score keeper"
        case .kindBowling: "Bowling"
        case .kindFifteen: "15-puzzle"
        case .statusSetup: "Setting up"
        case .statusPlaying: "Still playing"
        case .statusFinished: "Finished"
        case .winHighest: "Highest score wins"
        case .winLowest: "Lowest score wins"
        case .dateFormat: "{weekday}, {day} {month} {year}"
        case .dateTimeFormat: "{date}, {time}"
        case .january: "January"
        case .february: "February"
        case .march: "March"
        case .april: "April"
        case .may: "May"
        case .june: "June"
        case .july: "July"
        case .august: "August"
        case .september: "September"
        case .october: "October"
        case .november: "November"
        case .december: "December"
        case .sunday: "Sunday"
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .listSeparator: ", "
        case .listLast: " and "
        case .percent: "{value} %"
        case .ordinalOne: "{n}st"
        case .ordinalTwo: "{n}nd"
        case .ordinalFew: "{n}rd"
        case .ordinalOther: "{n}th"
        case .gameCountOne: "{count} game"
        case .gameCountOther: "{count} games"
        case .finishedGameCountOne: "{count} finished game"
        case .finishedGameCountOther: "{count} finished games"
        case .winCountOne: "{count} win"
        case .winCountOther: "{count} wins"
        case .pointCountOne: "{count} point"
        case .pointCountOther: "{count} points"
        case .pinCountOne: "{count} pin"
        case .pinCountOther: "{count} pins"
        case .moveCountOne: "{count} move"
        case .moveCountOther: "{count} moves"
        case .siteTitle: "GameNight"
        case .indexTitle: "Game nights"
        case .indexDescription: "Scores, winners and notes from {games}."
        case .noGames: "No games yet. Add a game file and build again."
        case .noGamesShort: "No games yet."
        case .leaderboard: "Leaderboard"
        case .playersByWins: "Players by wins"
        case .tiesNote: "Finished games only; ties give every tied player a win; cooperative games do not count."
        case .allPlayers: "All players"
        case .allGames: "All games"
        case .playersTitle: "Players"
        case .playersDescription: "Every player's games, wins and win rate."
        case .playersNote:
            "Ranked by wins, then win rate, then games played. Finished games only; ties give every tied player a win; cooperative games do not count. Names match whatever their case and spacing; the first spelling is shown."
        case .noPlayers: "No players yet."
        case .everyPlayer: "Every player"
        case .playerDescription: "{name}: {wins} in {games}."
        case .nightsTitle: "All game nights"
        case .nightsDescription: "Every game night, newest first."
        case .nightDescription: "{games} played on {date}."
        case .nightLeaderboard: "The night's leaderboard"
        case .otherNights: "Other nights"
        case .earlierPages: "Earlier pages"
        case .otherPages: "Other pages"
        case .olderPage: "Older"
        case .newerPage: "Newer"
        case .pageRange: "{from} – {to}"
        case .archiveTitle: "{list}: {range}"
        case .latestRaces: "The latest {count} races"
        case .kindDescription: "{kind}: standings and {games}."
        case .kindStandings: "{kind} standings"
        case .moreStandings: "All {kind} standings and games"
        case .notFoundTitle: "Page not found"
        case .notFoundDescription: "This page does not exist."
        case .notFoundText:
            "There is no page at this address. Games keep their addresses across rebuilds, so the game may have been renamed or removed."
        case .notFoundLink: "See every game night"
        case .navLabel: "Site"
        case .navNights: "Nights"
        case .footer: "Scores kept with GameNight."
        case .footerNamed: "{site} · scores kept with GameNight."
        case .scorecardDescription: "{kind} on {date}"
        case .winner: "Winner:"
        case .winnersTie: "Winners (tie):"
        case .winnerMark: "winner"
        case .notes: "Notes"
        case .player: "Player"
        case .games: "Games"
        case .wins: "Wins"
        case .winRate: "Win rate"
        case .place: "Place"
        case .total: "Total"
        case .rules: "Rules"
        case .winCondition: "Win condition"
        case .startingPoints: "Starting points"
        case .roundsPlayed: "Rounds played"
        case .standings: "Standings"
        case .rounds: "Rounds"
        case .roundsNote: "points, and the running total below"
        case .round: "Round"
        case .didNotScore: "did not score"
        case .chartCaption: "Running totals after each round."
        case .chartTitle: "Running totals: {title}"
        case .chartDescription: "Each player's total after every round, starting at {start}. Final: {final}."
        case .scoreSheets: "Score sheets"
        case .frameTable: "Frame by frame, as a table"
        case .frameByFrame: "Frame by frame"
        case .frameNote: "marks, and the running total below (- until known)"
        case .bowler: "Bowler"
        case .average: "Average"
        case .highGame: "High game"
        case .highSeries: "High series"
        case .bowlingNote: "Finished games only. A series is one bowler's games on one night."
        case .sheetTitle: "{name}'s score sheet, {game}: {total}"
        case .inProgress: "in progress"
        case .frameNotBowled: "Frame {frame}: not bowled."
        case .frameScore: "Frame {frame}: {marks}, {total}."
        case .notYetKnown: "not yet known"
        case .sheetTotal: "Total {total}."
        case .sheetTotalUnknown: "Total not yet known."
        case .puzzle: "Puzzle"
        case .board: "Board"
        case .start: "Start"
        case .optimalSolution: "Optimal solution"
        case .shuffled: "Shuffled, seed {seed}"
        case .setByHand: "Set by hand"
        case .notComputed: "Not computed"
        case .notComputedBecause: "Not computed ({reason})"
        case .notComputedHint: "not computed"
        case .optimumUnsolvable: "the layout can never be solved"
        case .optimumTooLarge: "{size}×{size} boards are too large to solve optimally here"
        case .optimumTimeLimit: "no solution within {seconds} s; at least {moves} moves"
        case .optimumNodeLimit: "no solution within {nodes} search steps; at least {moves} moves"
        case .optimumCancelled: "the search was cancelled"
        case .startBoardTitle: "Start board: {title}"
        case .startCaption: "The start board everyone raced on"
        case .results: "Results"
        case .resultsNote: "ranked by moves, then time; efficiency is optimal ÷ moves"
        case .solved: "Solved"
        case .moves: "Moves"
        case .time: "Time"
        case .movesPerSecond: "Moves/s"
        case .optimal: "Optimal"
        case .efficiency: "Efficiency"
        case .yes: "Yes"
        case .no: "No"
        case .replays: "Replays"
        case .replaySolved: "solved"
        case .replayNotSolved: "not solved"
        case .finalBoard: "Final board"
        case .finalBoardTitle: "{name}'s final board"
        case .races: "Races"
        case .bestEfficiency: "Best efficiency"
        case .puzzleNote: "Finished races only. Efficiency is the optimal number of moves ÷ the player's moves."
        case .finishedGames: "Finished games"
        case .personalBests: "Personal bests"
        case .everyGame: "Every game, newest first"
        case .date: "Date"
        case .game: "Game"
        case .kind: "Kind"
        case .result: "Result"
        case .placeOf: "{place} of {count}"
        case .soFar: "{score} so far"
        case .notSolved: "Not solved"
        case .noResult: "No result"
        case .mostPoints: "Most points in a game"
        case .fewestPoints: "Fewest points in a lowest-score game"
        case .bowlingHighGame: "Bowling high game"
        case .fewestMoves: "Fewest moves, {size}"
        case .fastestSolve: "Fastest solve, {size}"
        case .feedSummary: "{kind} on {date}. {status}."
        case .feedWonBy: " Won by {names}."
        case .chartStart: "start"
        case .chartRound: "round"
        case .replayTitle: "Replay: {name}, {game}"
        case .replayDescription: "Animated replay of {name}'s moves from the start board ({rows}): {outcome}.{cut}"
        case .replaySolvedIn: "solved in {moves}"
        case .replayNotSolvedAfter: "not solved after {moves}"
        case .replayCut: " Only the first {shown} moves are animated."
        case .boardDescription: "A {size} sliding puzzle, rows top to bottom (_ is the blank): {rows}. {state}"
        case .boardSolved: "The board is solved."
        case .boardNotSolved: "The board is not solved."
        case .seconds: "{value} s"
        case .wonTogether: "Won together"
        case .lostTogether: "Lost together"
        case .feedWonTogether: " Won together."
        case .feedLostTogether: " Lost together."
        case .teamWithPlayers: "{team} ({players})"
        case .winCooperative: "Cooperative: all win or lose together"
        case .winByRanks: "By the ranks recorded"
        case .winByWinners: "The winners recorded"
        case .team: "Team"
        case .boardgame: "Board game"
        case .navGames: "Games"
        case .boardgamesTitle: "Board games"
        case .boardgamesDescription: "Every board game played: plays, players, records and ratings."
        case .boardgameDescription: "{name}: {plays}, record, ratings and every game."
        case .allBoardgames: "All board games"
        case .plays: "Plays"
        case .playCountOne: "{count} play"
        case .playCountOther: "{count} plays"
        case .record: "Record"
        case .recordBy: "{score} by {name}"
        case .lastPlayed: "Last played"
        case .boardGameGeek: "On BoardGameGeek"
        case .hIndex: "Our H-index is {n}: the largest N such that N board games were each played at least N times."
        case .boardgamesNote:
            "Finished games only. A record is the best score of a game; the game that first reached it holds it, with everyone who scored it there."
        case .ratings: "Ratings"
        case .ratingsOf: "{name} ratings"
        case .rating: "Rating"
        case .ratingsNote:
            "OpenSkill ratings over finished games: the rating is μ − 3σ, a skill the player shows with near certainty; it climbs as games add up. Cooperative games do not count."
        case .ratingsMinimum: "Players with at least {games}."
        case .ratingHistory: "Rating history"
        case .ratingChartTitle: "{name}'s rating over time"
        case .ratingChartDescription:
            "The rating (μ − 3σ) after each of {games}, with the band from μ − σ to μ + σ. Now: {rating}."
        case .ratingChanges: "Rating changes"
        case .headToHead: "Head-to-head"
        case .headToHeadNote: "Games on opposite sides: how often each placed ahead."
        case .opponent: "Opponent"
        case .ahead: "Ahead"
        case .behind: "Behind"
        case .tied: "Tied"
        case .nemesis: "Nemesis"
        case .nemesisText: "{name}, ahead in {behind} of {games}"
        case .currentStreak: "Current win streak"
        case .longestStreak: "Longest win streak"
        case .favouriteBoardgame: "Favourite board game"
        case .boardgamesPlayed: "Board games played"
        case .bowlingStatistics: "Bowling statistics"
        case .strikes: "Strikes"
        case .spares: "Spares"
        case .openFrames: "Open frames"
        case .splitsConverted: "Splits converted"
        case .cleanGames: "Clean games"
        case .fractionOf: "{value} ({part} of {total})"
        case .averageTrend: "Average trend"
        case .averageChartTitle: "{name}'s bowling average by night"
        case .averageChartDescription:
            "The average (pins ÷ games, rounded down) after each of {nights} nights. Now: {average}."
        case .handicap: "Handicap"
        case .scratch: "Scratch"
        case .withHandicap: "With handicap"
        case .handicapNote:
            "Handicap per game: {percentage} % of ({basis} − the average before that night), rounded down, never below 0."
        case .puzzleStatistics: "15-puzzle statistics"
        case .size: "Size"
        case .fastest: "Fastest"
        case .location: "Where it was played"
        case .durationMinutes: "{minutes} min"
        case .seats: "Seats"
        case .seatsNote:
            "Wins from each seat in turn order (seat 1 went first), over {games} whose file says who went first or where everyone sat; ties and team wins count for every seat that shared them. Chance is what a seat would win if seats made no difference; the interval holds the true rate 95 % of the time. A rate needs {minimum} or more: fewer say too little."
        case .seat: "Seat"
        case .firstPlayer: "First player"
        case .seatNumber: "Seat {n}"
        case .seatOneFirstPlayer: "Seat 1 (first player)"
        case .winsOfGames: "{wins} of {games}"
        case .interval95: "95 % interval"
        case .chance: "Chance"
        case .againstChance: "Against chance"
        case .percentRange: "{low}–{high} %"
        case .aboveChance: "More than chance"
        case .belowChance: "Less than chance"
        case .withinChance: "Within chance"
        case .notEnoughPlays: "Not enough plays"
        case .scoresTitle: "Scores"
        case .scoresNote:
            "Over {games} where everyone played for themselves; team games are left out. A margin is the best score less the next best."
        case .playerCount: "Players"
        case .averageWinningScore: "Average winning score"
        case .averageScore: "Average score"
        case .closestGames: "Closest games"
        case .margins: "Margins, closest first"
        case .biggestMargins: "Biggest margins"
        case .marginText: "{best} to {second}, by {margin}"
        case .marginTie: "{best} to {second}, level on points"
        case .histogramTitle: "Scores of {name}"
        case .histogramDescription: "Scores from {low} to {high}, counted in ranges of {width}: {bins}."
        case .histogramCaption: "How often each range of scores was scored."
        case .histogramBin: "{range}: {count}"
        case .yearTitle: "{year} in review"
        case .yearDescription: "{year} at our table: {plays} over {nights}."
        case .nightCountOne: "{count} night"
        case .nightCountOther: "{count} nights"
        case .yearsInReview: "Years in review"
        case .otherYears: "Other years"
        case .yearNights: "Game nights"
        case .hoursPlayed: "Hours played"
        case .hoursValue: "{hours} h ({timed} of {plays} say how long they took)"
        case .mostPlayed: "Played most"
        case .newPlayers: "New players"
        case .newBoardgames: "New board games"
        case .highlights: "Highlights"
        case .closestGame: "Closest game"
        case .biggestWin: "Biggest win"
        case .ratingClimb: "Biggest rating climb"
        case .heldBy: "{value}: {names}"
        case .playersYear: "Each player's year"
        case .mostImproved: "Most improved average"
        case .improvementText: "{before} to {after} (+{gain})"
        case .bestEfficiencyOf: "Best efficiency, {size}"
        case .yearNote:
            "Finished games of {year} only. A tie names everyone who shares it. A streak is 2 or more wins in a row within the year; the climb is the rating (μ − 3σ) after the year's last game less the one before its first. The closest game and the biggest win are among games where everyone played for themselves; the most improved average is against the year before."
        case .calendarSummary: "Game night: {games}"
        case .calendarLink: "Calendar of game nights (iCalendar)"
        case .searchTitle: "Search"
        case .searchDescription: "Find games, players, board games and nights."
        case .searchLabel: "Search games, players, board games and nights"
        case .searchButton: "Search"
        case .searchLoading: "Loading the index…"
        case .searchFailed: "The index could not be loaded; build the site again."
        case .searchNone: "Nothing found."
        case .searchCountOne: "{count} result"
        case .searchCountOther: "{count} results"
        case .searchShown: "{count}; the first {shown} are shown."
        case .searchNoScript: "Search needs JavaScript."
        case .searchPlayer: "Player"
        case .searchBoardgame: "Board game"
        case .searchNight: "Game night"
        case .searchGame: "Game"
        case .searchKind: "Kind of game"
        }
    }

    var japanese: String {
        switch self {
        case .kindScores: "スコア記録"
        case .kindBowling: "ボウリング"
        case .kindFifteen: "15パズル"
        case .statusSetup: "準備中"
        case .statusPlaying: "対戦中"
        case .statusFinished: "終了"
        case .winHighest: "高得点の勝ち"
        case .winLowest: "低得点の勝ち"
        case .dateFormat: "{year}年{month}月{day}日({weekday})"
        case .dateTimeFormat: "{date} {time}"
        case .january: "1"
        case .february: "2"
        case .march: "3"
        case .april: "4"
        case .may: "5"
        case .june: "6"
        case .july: "7"
        case .august: "8"
        case .september: "9"
        case .october: "10"
        case .november: "11"
        case .december: "12"
        case .sunday: "日"
        case .monday: "月"
        case .tuesday: "火"
        case .wednesday: "水"
        case .thursday: "木"
        case .friday: "金"
        case .saturday: "土"
        case .listSeparator: "、"
        case .listLast: "、"
        case .percent: "{value}%"
        case .ordinalOne: "{n}位"
        case .ordinalTwo: "{n}位"
        case .ordinalFew: "{n}位"
        case .ordinalOther: "{n}位"
        case .gameCountOne: "{count}試合"
        case .gameCountOther: "{count}試合"
        case .finishedGameCountOne: "終了した{count}試合"
        case .finishedGameCountOther: "終了した{count}試合"
        case .winCountOne: "{count}勝"
        case .winCountOther: "{count}勝"
        case .pointCountOne: "{count}点"
        case .pointCountOther: "{count}点"
        case .pinCountOne: "{count}ピン"
        case .pinCountOther: "{count}ピン"
        case .moveCountOne: "{count}手"
        case .moveCountOther: "{count}手"
        case .siteTitle: "GameNight"
        case .indexTitle: "ゲームナイト"
        case .indexDescription: "{games}のスコア、勝者、メモ。"
        case .noGames: "まだ試合がありません。ゲームファイルを追加して、もう一度ビルドしてください。"
        case .noGamesShort: "まだ試合がありません。"
        case .leaderboard: "総合順位"
        case .playersByWins: "勝利数順のプレイヤー"
        case .tiesNote: "終了した試合のみ。同点の場合は全員に1勝を数えます。協力ゲームは数えません。"
        case .allPlayers: "すべてのプレイヤー"
        case .allGames: "すべての試合"
        case .playersTitle: "プレイヤー"
        case .playersDescription: "全プレイヤーの試合数、勝利数、勝率。"
        case .playersNote: "勝利数、勝率、試合数の順に並べています。終了した試合のみ。同点の場合は全員に1勝を数えます。協力ゲームは数えません。名前は大文字小文字や空白の違いを区別せず、最初の表記で表示します。"
        case .noPlayers: "まだプレイヤーがいません。"
        case .everyPlayer: "全プレイヤー"
        case .playerDescription: "{name}：{games}中{wins}。"
        case .nightsTitle: "すべてのゲームナイト"
        case .nightsDescription: "すべてのゲームナイト（新しい順）。"
        case .nightDescription: "{date}に{games}。"
        case .nightLeaderboard: "この夜の順位"
        case .otherNights: "ほかの夜"
        case .earlierPages: "以前のページ"
        case .otherPages: "ほかのページ"
        case .olderPage: "前のページ"
        case .newerPage: "次のページ"
        case .pageRange: "{from}〜{to}"
        case .archiveTitle: "{list}（{range}）"
        case .latestRaces: "最近の{count}戦"
        case .kindDescription: "{kind}：順位と{games}。"
        case .kindStandings: "{kind}の順位"
        case .moreStandings: "{kind}のすべての順位と試合"
        case .notFoundTitle: "ページが見つかりません"
        case .notFoundDescription: "このページは存在しません。"
        case .notFoundText: "このアドレスにはページがありません。試合のアドレスは再ビルドしても変わらないため、名前が変わったか削除された可能性があります。"
        case .notFoundLink: "すべてのゲームナイトを見る"
        case .navLabel: "サイト"
        case .navNights: "ゲームナイト"
        case .footer: "スコアは GameNight で記録しています。"
        case .footerNamed: "{site} · スコアは GameNight で記録しています。"
        case .scorecardDescription: "{date}の{kind}"
        case .winner: "勝者："
        case .winnersTie: "勝者（同点）："
        case .winnerMark: "勝者"
        case .notes: "メモ"
        case .player: "プレイヤー"
        case .games: "試合"
        case .wins: "勝利"
        case .winRate: "勝率"
        case .place: "順位"
        case .total: "合計"
        case .rules: "ルール"
        case .winCondition: "勝利条件"
        case .startingPoints: "持ち点"
        case .roundsPlayed: "ラウンド数"
        case .standings: "順位"
        case .rounds: "ラウンド"
        case .roundsNote: "得点と、その下に累計"
        case .round: "ラウンド"
        case .didNotScore: "得点なし"
        case .chartCaption: "各ラウンド後の累計。"
        case .chartTitle: "累計：{title}"
        case .chartDescription: "各ラウンド後の各プレイヤーの累計（開始 {start}）。最終：{final}。"
        case .scoreSheets: "スコアシート"
        case .frameTable: "フレームごとの表"
        case .frameByFrame: "フレームごと"
        case .frameNote: "記号と、その下に累計（未確定は -）"
        case .bowler: "ボウラー"
        case .average: "平均"
        case .highGame: "ハイゲーム"
        case .highSeries: "ハイシリーズ"
        case .bowlingNote: "終了した試合のみ。シリーズは1人のボウラーの1夜の試合です。"
        case .sheetTitle: "{name}のスコアシート、{game}：{total}"
        case .inProgress: "プレイ中"
        case .frameNotBowled: "第{frame}フレーム：未投球。"
        case .frameScore: "第{frame}フレーム：{marks}、{total}。"
        case .notYetKnown: "未確定"
        case .sheetTotal: "合計 {total}。"
        case .sheetTotalUnknown: "合計は未確定。"
        case .puzzle: "パズル"
        case .board: "盤面"
        case .start: "初期配置"
        case .optimalSolution: "最短手数"
        case .shuffled: "シャッフル、シード {seed}"
        case .setByHand: "手で配置"
        case .notComputed: "未計算"
        case .notComputedBecause: "未計算（{reason}）"
        case .notComputedHint: "未計算"
        case .optimumUnsolvable: "解けない配置"
        case .optimumTooLarge: "{size}×{size}の盤面は大きすぎて最適解を求めていません"
        case .optimumTimeLimit: "{seconds}秒以内に解が見つからず。少なくとも{moves}手"
        case .optimumNodeLimit: "{nodes}ステップ以内に解が見つからず。少なくとも{moves}手"
        case .optimumCancelled: "探索を中断"
        case .startBoardTitle: "初期配置：{title}"
        case .startCaption: "全員が挑んだ初期配置"
        case .results: "結果"
        case .resultsNote: "手数、次に時間の順。効率は最短手数 ÷ 手数"
        case .solved: "完成"
        case .moves: "手数"
        case .time: "時間"
        case .movesPerSecond: "手/秒"
        case .optimal: "最短"
        case .efficiency: "効率"
        case .yes: "○"
        case .no: "×"
        case .replays: "リプレイ"
        case .replaySolved: "完成"
        case .replayNotSolved: "未完成"
        case .finalBoard: "最終盤面"
        case .finalBoardTitle: "{name}の最終盤面"
        case .races: "対戦"
        case .bestEfficiency: "最高効率"
        case .puzzleNote: "終了した対戦のみ。効率は最短手数 ÷ プレイヤーの手数です。"
        case .finishedGames: "終了した試合"
        case .personalBests: "自己ベスト"
        case .everyGame: "全試合（新しい順）"
        case .date: "日付"
        case .game: "ゲーム"
        case .kind: "種類"
        case .result: "結果"
        case .placeOf: "{count}人中{place}"
        case .soFar: "現在 {score}"
        case .notSolved: "未完成"
        case .noResult: "記録なし"
        case .mostPoints: "1試合の最高得点"
        case .fewestPoints: "低得点勝ちの試合の最少得点"
        case .bowlingHighGame: "ボウリングのハイゲーム"
        case .fewestMoves: "最少手数（{size}）"
        case .fastestSolve: "最速クリア（{size}）"
        case .feedSummary: "{date}の{kind}。{status}。"
        case .feedWonBy: "勝者：{names}。"
        case .chartStart: "開始"
        case .chartRound: "ラウンド"
        case .replayTitle: "リプレイ：{name}、{game}"
        case .replayDescription: "{name}の初期配置（{rows}）からの手順のアニメーション再生：{outcome}。{cut}"
        case .replaySolvedIn: "{moves}で完成"
        case .replayNotSolvedAfter: "{moves}で未完成"
        case .replayCut: "アニメーションは最初の{shown}手のみです。"
        case .boardDescription: "{size}のスライドパズル、上の行から（_ は空き）：{rows}。{state}"
        case .boardSolved: "完成しています。"
        case .boardNotSolved: "完成していません。"
        case .seconds: "{value}秒"
        case .wonTogether: "全員で勝利"
        case .lostTogether: "全員で敗北"
        case .feedWonTogether: "全員で勝利。"
        case .feedLostTogether: "全員で敗北。"
        case .teamWithPlayers: "{team}（{players}）"
        case .winCooperative: "協力型：全員で勝つか負けるか"
        case .winByRanks: "記録された順位による"
        case .winByWinners: "記録された勝者"
        case .team: "チーム"
        case .boardgame: "ボードゲーム"
        case .navGames: "ゲーム"
        case .boardgamesTitle: "ボードゲーム"
        case .boardgamesDescription: "遊んだすべてのボードゲーム：プレイ回数、プレイヤー、記録、レーティング。"
        case .boardgameDescription: "{name}：{plays}、記録、レーティング、すべての試合。"
        case .allBoardgames: "すべてのボードゲーム"
        case .plays: "プレイ回数"
        case .playCountOne: "{count}回"
        case .playCountOther: "{count}回"
        case .record: "記録"
        case .recordBy: "{score}（{name}）"
        case .lastPlayed: "最終プレイ"
        case .boardGameGeek: "BoardGameGeekで見る"
        case .hIndex: "H指数は{n}：N種類のボードゲームをそれぞれN回以上遊んだ、最大のNです。"
        case .boardgamesNote: "終了した試合のみ。記録は1試合の最高の成績で、最初に出した試合のその成績のプレイヤー全員が保持します。"
        case .ratings: "レーティング"
        case .ratingsOf: "{name}のレーティング"
        case .rating: "レーティング"
        case .ratingsNote: "終了した試合によるOpenSkillレーティング：μ − 3σ、ほぼ確実に発揮できる実力です。試合を重ねるほど上がります。協力ゲームは数えません。"
        case .ratingsMinimum: "{games}以上のプレイヤー。"
        case .ratingHistory: "レーティングの推移"
        case .ratingChartTitle: "{name}のレーティングの推移"
        case .ratingChartDescription: "{games}の各試合後のレーティング（μ − 3σ）と、μ − σからμ + σまでの帯。現在：{rating}。"
        case .ratingChanges: "レーティングの変動"
        case .headToHead: "対戦成績"
        case .headToHeadNote: "敵同士だった試合で、どちらが上位だったか。"
        case .opponent: "対戦相手"
        case .ahead: "上位"
        case .behind: "下位"
        case .tied: "同順位"
        case .nemesis: "天敵"
        case .nemesisText: "{name}（{games}中{behind}回上位）"
        case .currentStreak: "現在の連勝"
        case .longestStreak: "最長連勝"
        case .favouriteBoardgame: "いちばん遊んだボードゲーム"
        case .boardgamesPlayed: "遊んだボードゲーム"
        case .bowlingStatistics: "ボウリングの成績"
        case .strikes: "ストライク"
        case .spares: "スペア"
        case .openFrames: "オープンフレーム"
        case .splitsConverted: "スプリットメイク"
        case .cleanGames: "クリーンゲーム"
        case .fractionOf: "{value}（{total}中{part}）"
        case .averageTrend: "アベレージの推移"
        case .averageChartTitle: "{name}のボウリングのアベレージの推移"
        case .averageChartDescription: "{nights}夜それぞれの後のアベレージ（ピン数 ÷ ゲーム数、切り捨て）。現在：{average}。"
        case .handicap: "ハンデ"
        case .scratch: "スクラッチ"
        case .withHandicap: "ハンデ込み"
        case .handicapNote: "1ゲームのハンデ：（{basis} − その夜より前のアベレージ）の{percentage}%、切り捨て、0未満にはなりません。"
        case .puzzleStatistics: "15パズルの成績"
        case .size: "サイズ"
        case .fastest: "最速"
        case .location: "場所"
        case .durationMinutes: "{minutes}分"
        case .seats: "席順"
        case .seatsNote:
            "手番順の席ごとの勝利（1番席が先手）。先手または席順が書かれた{games}が対象で、同点やチームの勝利は勝った席すべてに数えます。偶然は席に差がない場合に期待される勝率、区間は真の勝率が95%の確率で入る範囲です。率は{minimum}以上で表示します。それ未満ではほとんど何も言えません。"
        case .seat: "席"
        case .firstPlayer: "先手"
        case .seatNumber: "{n}番席"
        case .seatOneFirstPlayer: "1番席（先手）"
        case .winsOfGames: "{games}中{wins}"
        case .interval95: "95%区間"
        case .chance: "偶然"
        case .againstChance: "偶然との比較"
        case .percentRange: "{low}〜{high}%"
        case .aboveChance: "偶然より多い"
        case .belowChance: "偶然より少ない"
        case .withinChance: "偶然の範囲内"
        case .notEnoughPlays: "プレイ数が不足"
        case .scoresTitle: "得点"
        case .scoresNote: "各自が個人で遊んだ{games}が対象で、チーム戦は除きます。点差は最もよい得点と2番目によい得点の差です。"
        case .playerCount: "人数"
        case .averageWinningScore: "勝者の平均点"
        case .averageScore: "平均点"
        case .closestGames: "接戦"
        case .margins: "点差（小さい順）"
        case .biggestMargins: "大差"
        case .marginText: "{best}対{second}（{margin}点差）"
        case .marginTie: "{best}対{second}（同点）"
        case .histogramTitle: "{name}の得点分布"
        case .histogramDescription: "{low}から{high}までの得点を幅{width}ごとに数えた回数：{bins}。"
        case .histogramCaption: "得点の範囲ごとの回数。"
        case .histogramBin: "{range}：{count}"
        case .yearTitle: "{year}年の振り返り"
        case .yearDescription: "{year}年の記録：{nights}で{plays}。"
        case .nightCountOne: "{count}夜"
        case .nightCountOther: "{count}夜"
        case .yearsInReview: "年ごとの振り返り"
        case .otherYears: "ほかの年"
        case .yearNights: "ゲームナイト"
        case .hoursPlayed: "プレイ時間"
        case .hoursValue: "{hours}時間（{plays}中{timed}回に時間の記録あり）"
        case .mostPlayed: "よく遊んだゲーム"
        case .newPlayers: "新しいプレイヤー"
        case .newBoardgames: "初めて遊んだゲーム"
        case .highlights: "ハイライト"
        case .closestGame: "最も接戦だった試合"
        case .biggestWin: "最大の点差の勝利"
        case .ratingClimb: "レーティングの最大上昇"
        case .heldBy: "{value}：{names}"
        case .playersYear: "プレイヤーごとの1年"
        case .mostImproved: "アベレージの最大の伸び"
        case .improvementText: "{before}から{after}（+{gain}）"
        case .bestEfficiencyOf: "最高効率（{size}）"
        case .yearNote:
            "{year}年に終了した試合のみ。同点の場合は全員を挙げます。連勝はその年のうちの2連勝以上、上昇はその年の最後の試合後のレーティング（μ − 3σ）から最初の試合前のものを引いた値です。接戦と最大の点差は各自が個人で遊んだ試合から、アベレージの伸びは前年との比較です。"
        case .calendarSummary: "ゲームナイト：{games}"
        case .calendarLink: "ゲームナイトのカレンダー（iCalendar）"
        case .searchTitle: "検索"
        case .searchDescription: "試合・プレイヤー・ボードゲーム・ゲームナイトを探します。"
        case .searchLabel: "試合・プレイヤー・ボードゲーム・ゲームナイトを検索"
        case .searchButton: "検索"
        case .searchLoading: "索引を読み込んでいます…"
        case .searchFailed: "索引を読み込めませんでした。サイトをビルドし直してください。"
        case .searchNone: "見つかりませんでした。"
        case .searchCountOne: "{count}件"
        case .searchCountOther: "{count}件"
        case .searchShown: "{count}（最初の{shown}件を表示）"
        case .searchNoScript: "検索にはJavaScriptが必要です。"
        case .searchPlayer: "プレイヤー"
        case .searchBoardgame: "ボードゲーム"
        case .searchNight: "ゲームナイト"
        case .searchGame: "試合"
        case .searchKind: "ゲームの種類"
        }
    }
}
