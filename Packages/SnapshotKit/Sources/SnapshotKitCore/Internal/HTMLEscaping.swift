/// Escaping for text and attribute values in the HTML we generate (review page, normalizers).
extension String {
    var htmlEscaped: String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
