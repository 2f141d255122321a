import Foundation

/// A score written as text, read by fixed rules (README, "Import your plays"):
/// - nothing, or only spaces: no score;
/// - a whole number, signed or not (`86`, `-3`, `+5`);
/// - a sum of whole numbers (`10+10+15`, `-10+7+22`), as BG Stats keeps what was typed in its
///   calculator: the total;
/// - a decimal whose fraction is zero (`12.0`, `12,00`): that whole number;
/// - anything else (`12.5`, `49-46ish`, `36, 42`) cannot be a game file's score, which is whole.
enum PlayScore: Equatable {
    case none
    case points(Int)
    /// Not a whole number, with why.
    case unreadable(String)

    /// Scores are bounded as in game files, so that no total overflows.
    static let limit = 1_000_000_000

    static func read(_ text: String?) -> PlayScore {
        let text = (text ?? "").trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .none }
        if let sum = sum(text) {
            return sum.magnitude <= UInt(limit) ? .points(sum) : .unreadable("it is beyond ±\(limit)")
        }
        let decimal = text.replacingOccurrences(of: ",", with: ".")
        // Digits and one point only: `Double` alone would also take `1e5`, `0x10` and `nan`.
        if decimal.allSatisfy({ "0123456789.+-".contains($0) }), let value = Double(decimal), value.isFinite {
            guard value == value.rounded(), value.magnitude <= Double(limit) else {
                return .unreadable(
                    value.magnitude > Double(limit) ? "it is beyond ±\(limit)" : "it is not a whole number")
            }
            return .points(Int(value))
        }
        return .unreadable("it is not a number")
    }

    /// `86`, `-3`, `10+10+15`: signed whole numbers of at most 10 digits, spaces allowed around
    /// the signs only; nil otherwise.
    private static func sum(_ text: String) -> Int? {
        var total = 0
        var term = 0
        var sign = 1
        var digits = 0
        var signs = 0
        var spaceAfterDigits = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 10, !spaceAfterDigits else { return nil }
                digits += 1
                term = term * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                // A sign may start the text; after that each one needs a number before it.
                if digits > 0 {
                    let (next, overflow) = total.addingReportingOverflow(sign * term)
                    guard !overflow else { return nil }
                    total = next
                } else if signs > 0 {
                    return nil
                }
                (term, digits, spaceAfterDigits) = (0, 0, false)
                signs += 1
                sign = byte == UInt8(ascii: "-") ? -1 : 1
            case UInt8(ascii: " "):
                if digits > 0 { spaceAfterDigits = true }
            default: return nil
            }
        }
        guard digits > 0 else { return nil }
        let (result, overflow) = total.addingReportingOverflow(sign * term)
        return overflow ? nil : result
    }
}
