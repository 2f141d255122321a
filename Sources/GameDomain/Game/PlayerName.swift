/// Player identity across games: names match case- and whitespace-insensitively, so
/// "Andre", "andre " and "ANDRE" are one player.
public enum PlayerName {
    public static func identity(of name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
