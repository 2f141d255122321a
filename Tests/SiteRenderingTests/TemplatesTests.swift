import SiteRendering
import Testing

@Suite("Templates")
struct TemplatesTests {
    @Test func builtInTemplatesParse() throws {
        let templates = try Templates()
        #expect(templates.stylesheet.contains("prefers-color-scheme: dark"))
    }

    @Test("A syntax error is reported as path:line:column", arguments: [
        ("index.mustache", "line one\n{{#nights}}\n{{/games}}\n", "my/index.mustache:3:"),
        ("index.mustache", "{{#nights}}never closed", "my/index.mustache:1:"),
        ("footer.mustache", "ok {{name", "my/footer.mustache:1:"),
    ])
    func syntaxError(name: String, text: String, prefix: String) {
        #expect {
            try Templates(overrides: [name: (path: "my/\(name)", text: text)])
        } throws: { error in
            guard let errors = error as? TemplateErrors, let first = errors.errors.first else { return false }
            return errors.errors.count == 1 && first.description.hasPrefix(prefix) && first.description.contains(": error: ")
        }
    }

    @Test func userTemplatesReplaceBuiltInOnesByName() throws {
        let templates = try Templates(overrides: [
            "index.mustache": (path: "t/index.mustache", text: "games: {{#nights}}{{#games}}[{{title}}]{{/games}}{{/nights}}"),
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
