/// `1 game`, `3 games`: a number and its noun, singular only for exactly one. `plural` is for
/// nouns that do not just take an `s`.
public func counted(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
}
