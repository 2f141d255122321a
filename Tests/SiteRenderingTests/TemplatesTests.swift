import SiteRendering
import Testing

@Suite("Templates")
struct TemplatesTests {
    @Test func builtInTemplatesParse() throws {
        let templates = try Templates()
        #expect(templates.stylesheet.contains("prefers-color-scheme: dark"))
    }

    @Test(
        "A syntax error is reported as path:line:column",
        arguments: [
            ("index.mustache", "line one\n{{#nights}}\n{{/games}}\n", "my/index.mustache:3:"),
            ("index.mustache", "{{#nights}}never closed", "my/index.mustache:1:"),
            ("footer.mustache", "ok {{name", "my/footer.mustache:1:"),
        ])
    func syntaxError(name: String, text: String, prefix: String) {
        #expect {
            try Templates(overrides: [name: (path: "my/\(name)", text: text)])
        } throws: { error in
            guard let errors = error as? TemplateErrors, let first = errors.errors.first else { return false }
            return errors.errors.count == 1 && first.description.hasPrefix(prefix)
                && first.description.contains(": error: ")
        }
    }

    /// An older copy of a template would render `<img src="">` and lose its images in silence.
    @Test(
        "A user's template naming what a view no longer has is an error at the tag, saying what replaces it",
        arguments: [
            (
                "bowling.mustache", "{{#sheets}}\n<img src=\"{{src}}\" alt=\"{{ alt }}\">{{/sheets}}",
                ["my/bowling.mustache:2:11: error: `src`", "my/bowling.mustache:2:25: error: `alt`"]
            ),
            (
                "fifteen.mustache", "{{#rows}}{{#replaySrc}}x{{/replaySrc}}{{/rows}} <a href=\"{{startSrc}}\">",
                ["my/fifteen.mustache:1:10: error: `replaySrc`", "my/fifteen.mustache:1:58: error: `startSrc`"]
            ),
        ])
    func retiredNames(name: String, text: String, prefixes: [String]) {
        #expect {
            try Templates(overrides: [name: (path: "my/\(name)", text: text)])
        } throws: { error in
            guard let errors = error as? TemplateErrors else { return false }
            let texts = errors.errors.map(\.description)
            return texts.count == prefixes.count
                && zip(texts, prefixes).allSatisfy {
                    $0.hasPrefix($1) && ($0.contains("instead") || $0.contains("no file of its own"))
                }
        }
    }

    @Test("The built-in templates and a partial named like a retired name are not affected")
    func retiredNamesOnlyInTheirTemplate() throws {
        _ = try Templates(overrides: ["index.mustache": (path: "my/index.mustache", text: "<img src=\"{{src}}\">")])
    }

    @Test func userTemplatesReplaceBuiltInOnesByName() throws {
        let templates = try Templates(overrides: [
            "index.mustache": (
                path: "t/index.mustache", text: "games: {{#nights}}{{#games}}[{{title}}]{{/games}}{{/nights}}"
            ),
            "style.css": (path: "t/style.css", text: "body { color: red }"),
        ])
        let renderer = SiteRenderer(templates: templates)
        let page = try renderer.index([SiteGameFixtures.catan])
        #expect(page.contents == "games: [Catan &lt;2&gt;]")
        #expect(renderer.stylesheet.contents == "body { color: red }")
        // Pages the user did not override still use the built-in templates.
        #expect(try renderer.scorecard(SiteGameFixtures.catan).contents.contains("<!doctype html>"))
    }
}
