import GameDomain
import SiteRendering
import Testing

@testable import SiteBuilding

/// `Render.mayLoseMarkup` decides whether a scorecard is searched for what cmark's safe mode
/// left out; a notes text it passes over would lose markup with no note. So: whenever safe
/// mode renders notes differently from unsafe mode, the gate must have said yes.
@Suite("What safe mode leaves out is always looked for")
struct LeftOutMarkupTests {
    @Test func theGateNeverMissesWhatSafeModeDrops() {
        let pieces = [
            "text ", "[a](", ")", "javascript:", "JavaScript:", "vbScript:", "FILE:", "file:", "fil:", "<b>", "</b>",
            "<", "http:", ":", "\n\n",
            "![i](", "<javascript:x>", "jav\u{0}ascript:", "ｊavascript:", "<!-- c -->", "&lt;", "`<code>`", "e:",
        ]
        let safe = Markdown()
        let unsafe = Markdown(allowsUnsafeHTML: true)
        var generator = SplitMix64(seed: 41)
        var dropped = 0
        for _ in 0..<3_000 {
            let notes = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            guard safe.html(notes) != unsafe.html(notes) else { continue }
            dropped += 1
            #expect(Render.mayLoseMarkup(notes), "\(notes.debugDescription)")
        }
        // The pieces do make safe mode drop things (else the property holds vacuously).
        #expect(dropped > 300)
    }

    @Test(arguments: ["see JAVASCRIPT:alert(1)", "[x](VbScript:y)", "file:///etc", "a <b>"])
    func schemesInAnyCaseAndRawHTMLAreLookedFor(notes: String) {
        #expect(Render.mayLoseMarkup(notes))
    }

    @Test(arguments: ["time 19:30", "https://example.org", "vbscrip:", "a > b"])
    func otherColonsAreNot(notes: String) {
        #expect(!Render.mayLoseMarkup(notes))
    }
}
