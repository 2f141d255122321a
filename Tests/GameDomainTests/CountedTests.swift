import GameDomain
import Testing

@Test(
    "A count and its noun, singular only for one",
    arguments: [
        (0, "game", nil, "0 games"), (1, "game", nil, "1 game"), (2, "game", nil, "2 games"),
        (1, "more error", "more errors", "1 more error"), (-1, "move", nil, "-1 moves"),
        (3, "match", "matches", "3 matches"),
    ] as [(Int, String, String?, String)])
func counts(number: Int, noun: String, plural: String?, expected: String) {
    #expect(counted(number, noun, plural: plural) == expected)
}
