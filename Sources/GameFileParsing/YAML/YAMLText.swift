/// YAML text for a value GameNight writes into a game file (a title typed on the command line,
/// a name from an imported play): plain when that reads back as the same text, else
/// double-quoted, with every character YAML would not keep as it is escaped.
public func yamlText(_ text: String) -> String {
    let plain =
        text.first.map { $0.isLetter || $0.isNumber } == true
        && text.allSatisfy { $0.isLetter || $0.isNumber || " .'’-".contains($0) }
        && !text.hasSuffix(" ") && Double(text) == nil
        && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased())
    if plain { return text }
    var quoted = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        // Not printable for YAML (C0 and C1 controls, DEL, a BOM), or a line break inside quotes
        // (NEL, LS, PS) that would fold into a space: written as escapes.
        case _
        where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value):
            let hex = String(scalar.value, radix: 16)
            quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: quoted.unicodeScalars.append(scalar)
        }
    }
    return quoted + "\""
}
