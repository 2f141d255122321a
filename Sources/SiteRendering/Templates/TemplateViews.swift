// The views of every scorecard made into template values by hand (`TemplateConvertible`). Each
// lists its stored properties in the order they are declared; `TemplateByHandTests` compares
// each with what its `Encodable` conformance makes.

extension ScorecardView: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 26)
        fields.append("page", page.template)
        fields.append("title", .of(title))
        fields.append("kind", .of(kind.rawValue))
        fields.append("kindLabel", .of(kindLabel))
        fields.append("kindHref", .of(kindHref))
        fields.append("date", .of(date))
        fields.append("dateLabel", .of(dateLabel))
        fields.append("dayLabel", .of(dayLabel))
        fields.append("nightHref", .of(nightHref))
        fields.append("status", .of(status))
        fields.append("statusLabel", .of(statusLabel))
        fields.append("winners", .of(winners))
        fields.append("severalWinners", .of(severalWinners))
        fields.append("together", .of(together))
        fields.append("boardgame", .of(boardgame))
        fields.append("boardgameHref", .of(boardgameHref))
        fields.append("location", .of(location))
        fields.append("duration", .of(duration))
        fields.append("notes", .of(notes))
        fields.append("ratingChanges", .of(ratingChanges))
        fields.append("hasRatingChanges", .of(hasRatingChanges))
        fields.append("scores", .of(scores))
        fields.append("bowling", .of(bowling))
        fields.append("fifteen", .of(fifteen))
        return .object(fields)
    }
}

extension PageInfo: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 13)
        fields.append("language", .of(language))
        fields.append("siteTitle", .of(siteTitle))
        fields.append("siteName", .of(siteName))
        fields.append("root", .of(root))
        fields.append("title", .of(title))
        fields.append("description", .of(description))
        fields.append("canonical", .of(canonical))
        fields.append("feed", .of(feed))
        fields.append("footer", .of(footer))
        fields.append("calendar", .of(calendar))
        fields.append("structuredData", .of(structuredData))
        fields.append("card", .of(card))
        fields.append("searchBox", .of(searchBox))
        return .object(fields)
    }
}

extension CardMeta: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 4)
        fields.append("url", .of(url))
        fields.append("alt", .of(alt))
        fields.append("width", .of(width))
        fields.append("height", .of(height))
        return .object(fields)
    }
}

extension RatingChangeView: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 4)
        fields.append("player", .of(player))
        fields.append("href", .of(href))
        fields.append("change", .of(change))
        fields.append("up", .of(up))
        return .object(fields)
    }
}

extension ScoresView: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 14)
        fields.append("winRule", .of(winRule))
        fields.append("keepsRounds", .of(keepsRounds))
        fields.append("start", .of(start))
        fields.append("roundCount", .of(roundCount))
        fields.append("teams", .of(teams))
        fields.append("hasTotals", .of(hasTotals))
        fields.append("standings", .of(standings))
        fields.append("cooperative", .of(cooperative))
        fields.append("players", .of(players))
        fields.append("scorers", .of(scorers))
        fields.append("hasRounds", .of(hasRounds))
        fields.append("rounds", .of(rounds))
        fields.append("chart", .of(chart))
        return .object(fields)
    }
}

extension ScoresView.Row: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 5)
        fields.append("place", .of(place))
        fields.append("name", .of(name))
        fields.append("members", .of(members))
        fields.append("total", .of(total))
        fields.append("winner", .of(winner))
        return .object(fields)
    }
}

extension ScoresView.Cell: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 3)
        fields.append("played", .of(played))
        fields.append("points", .of(points))
        fields.append("total", .of(total))
        return .object(fields)
    }
}

extension ScoresView.Round: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 2)
        fields.append("number", .of(number))
        fields.append("cells", .of(cells))
        return .object(fields)
    }
}

extension BowlingView: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 3)
        fields.append("sheets", .of(sheets))
        fields.append("frameNumbers", .of(frameNumbers))
        fields.append("rows", .of(rows))
        return .object(fields)
    }
}

extension BowlingView.Sheet: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 2)
        fields.append("svg", .of(svg))
        fields.append("winner", .of(winner))
        return .object(fields)
    }
}

extension BowlingView.Cell: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 2)
        fields.append("marks", .of(marks))
        fields.append("score", .of(score))
        return .object(fields)
    }
}

extension BowlingView.Row: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 4)
        fields.append("player", .of(player))
        fields.append("winner", .of(winner))
        fields.append("cells", .of(cells))
        fields.append("total", .of(total))
        return .object(fields)
    }
}

extension FifteenView: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 5)
        fields.append("sizeLabel", .of(sizeLabel))
        fields.append("startLabel", .of(startLabel))
        fields.append("optimalLabel", .of(optimalLabel))
        fields.append("startBoard", .of(startBoard))
        fields.append("rows", .of(rows))
        return .object(fields)
    }
}

extension FifteenView.Row: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 13)
        fields.append("place", .of(place))
        fields.append("player", .of(player))
        fields.append("winner", .of(winner))
        fields.append("solved", .of(solved))
        fields.append("moves", .of(moves))
        fields.append("movesLabel", .of(movesLabel))
        fields.append("time", .of(time))
        fields.append("movesPerSecond", .of(movesPerSecond))
        fields.append("optimal", .of(optimal))
        fields.append("efficiency", .of(efficiency))
        fields.append("replay", .of(replay))
        fields.append("finalBoard", .of(finalBoard))
        return .object(fields)
    }
}

// The rows of the list pages.

extension GameEntry: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 11)
        fields.append("href", .of(href))
        fields.append("title", .of(title))
        fields.append("kind", .of(kind.rawValue))
        fields.append("kindLabel", .of(kindLabel))
        fields.append("date", .of(date))
        fields.append("time", .of(time))
        fields.append("finished", .of(finished))
        fields.append("statusLabel", .of(statusLabel))
        fields.append("winners", .of(winners))
        fields.append("together", .of(together))
        fields.append("boardgame", .of(boardgame))
        return .object(fields)
    }
}

extension NightView: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 4)
        fields.append("day", .of(day))
        fields.append("dayLabel", .of(dayLabel))
        fields.append("href", .of(href))
        fields.append("games", .of(games))
        return .object(fields)
    }
}

extension NightsView.Row: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 5)
        fields.append("href", .of(href))
        fields.append("day", .of(day))
        fields.append("dayLabel", .of(dayLabel))
        fields.append("count", .of(count))
        fields.append("kinds", .of(kinds))
        return .object(fields)
    }
}

extension PlayerView.Row: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 7)
        fields.append("href", .of(href))
        fields.append("title", .of(title))
        fields.append("date", .of(date))
        fields.append("day", .of(day))
        fields.append("kindLabel", .of(kindLabel))
        fields.append("result", .of(result))
        fields.append("winner", .of(winner))
        return .object(fields)
    }
}

extension ArchiveLink: TemplateConvertible {
    var template: TemplateValue {
        var fields = TemplateFields(capacity: 2)
        fields.append("href", .of(href))
        fields.append("label", .of(label))
        return .object(fields)
    }
}
