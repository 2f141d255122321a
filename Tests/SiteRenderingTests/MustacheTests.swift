import GameDomain
import Testing

@testable import SiteRendering

/// The template engine against the Mustache spec's rules (and its inheritance module).
@Suite("Mustache")
struct MustacheTests {
    /// Renders `template` with `partials` (name → text) and the view.
    func render(_ template: String, _ view: TemplateValue = [:], partials: [String: String] = [:]) throws -> String {
        var overrides = partials.reduce(into: [String: (path: String, text: String)]()) {
            $0["\($1.key).mustache"] = ("p", $1.value)
        }
        overrides["test-page.mustache"] = ("t", template)
        return try Templates(overrides: overrides).render(view, with: "test-page", page: "test.html")
    }

    @Test func interpolationEscapesUnlessTripleOrAmpersand() throws {
        let value = "<b onclick=\"x\">Tom & 'Jerry'</b>"
        #expect(
            try render("{{v}}|{{{v}}}|{{&v}}|{{ v }}", ["v": .text(value)])
                == "&lt;b onclick=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;|\(value)|\(value)|&lt;b onclick=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;"
        )
        #expect(try render("[{{missing}}] {{n}} {{yes}}", ["n": 42, "yes": true]) == "[] 42 true")
    }

    @Test func dottedNamesAndTheContextStack() throws {
        let view: TemplateValue = ["name": "top", "outer": ["name": "outer", "inner": ["x": 1]]]
        #expect(
            try render(
                "{{outer.name}} {{#outer}}{{#inner}}{{name}} {{x}} {{outer.inner.x}}{{/inner}}{{/outer}} {{outer.nope.x}}",
                view)
                == "outer outer 1 1 ")
    }

    @Test func viewsBecomeValuesThroughEncodable() {
        struct Row: Encodable {
            var name: String
            var score: Int?
            var winner: Bool
        }
        struct View: Encodable {
            var title: String?
            var rows: [Row]
            var ratio: Double
        }
        let view = View(
            title: nil, rows: [Row(name: "Ann", score: 3, winner: true), Row(name: "Bo", score: nil, winner: false)],
            ratio: 0.5)
        #expect(
            TemplateValue.encode(view) == [
                "title": nil, "ratio": "0.5",
                "rows": [
                    ["name": "Ann", "score": "3", "winner": true], ["name": "Bo", "score": nil, "winner": false],
                ],
            ])
    }

    @Test func aNilFieldStopsTheLookupInsteadOfFindingAnOuterName() throws {
        let view: TemplateValue = ["title": "Top", "child": ["title": nil, "other": 1]]
        #expect(try render("{{#child}}[{{title}}]{{^title}}none{{/title}}{{/child}}", view) == "[]none")
    }

    @Test(arguments: [
        ("{{#v}}yes{{/v}}{{^v}}no{{/v}}", true, "yes"),
        ("{{#v}}yes{{/v}}{{^v}}no{{/v}}", false, "no"),
    ])
    func booleanSections(template: String, value: Bool, expected: String) throws {
        #expect(try render(template, ["v": .flag(value)]) == expected)
    }

    @Test func listsObjectsAndEmptiness() throws {
        let view: TemplateValue = ["names": ["a", "b", "c"], "none": [], "person": ["name": "Ann"], "empty": nil]
        #expect(try render("{{#names}}<{{.}}>{{/names}}", view) == "<a><b><c>")
        #expect(
            try render(
                "{{#none}}x{{/none}}{{^none}}empty{{/none}}{{^missing}} missing{{/missing}}{{^empty}} nil{{/empty}}",
                view)
                == "empty missing nil")
        #expect(try render("{{#person}}{{name}}{{/person}}", view) == "Ann")
    }

    @Test(
        "Standalone tags take their whole line; others leave it",
        arguments: [
            ("a\n  {{#x}}\n  b\n  {{/x}}\nc\n", "a\n  b\nc\n"),
            ("a\r\n{{#x}}\r\nb\r\n{{/x}}\r\nc", "a\r\nb\r\nc"),
            ("{{! a comment }}\nline\n  {{! another }}  \nend", "line\nend"),
            ("{{#x}}\nonly\n{{/x}}", "only\n"),
            ("a {{#x}}b{{/x}} c\n", "a b c\n"),
            (" {{#x}} {{/x}} \n", "   \n"),
            ("|\n{{#x}}{{/x}}\n|", "|\n\n|"),
        ])
    func standaloneLines(template: String, expected: String) throws {
        #expect(try render(template, ["x": true]) == expected)
    }

    @Test func standalonePartialsIndentEveryLine() throws {
        let partials = ["p": "one\n{{v}}\n"]
        #expect(try render("x\n  {{>p}}\ny", ["v": "two"], partials: partials) == "x\n  one\n  two\ny")
        #expect(try render("x {{>p}}y", ["v": "two"], partials: partials) == "x one\ntwo\ny")
        // Lines ending in CRLF are indented too.
        #expect(try render("x\n  {{>p}}\ny", partials: ["p": "one\r\ntwo\r\n"]) == "x\n  one\r\n  two\r\ny")
        #expect(try render("[{{>nonexistent}}]") == "[]")
    }

    @Test func inheritanceOverridesBlocksAndTheOutermostWins() throws {
        let partials = [
            "layout": "<{{$content}}default{{/content}}|{{$footer}}f{{/footer}}>",
            "middle": "{{<layout}}{{$content}}middle{{/content}}{{/layout}}",
        ]
        #expect(
            try render("{{<layout}}{{$content}}mine {{v}}{{/content}}{{/layout}}", ["v": "V"], partials: partials)
                == "<mine V|f>")
        #expect(try render("{{<layout}}{{/layout}}", partials: partials) == "<default|f>")
        #expect(try render("{{<middle}}{{$content}}outer{{/content}}{{/middle}}", partials: partials) == "<outer|f>")
        #expect(try render("{{<middle}}{{/middle}}", partials: partials) == "<middle|f>")
    }

    @Test func setDelimiters() throws {
        #expect(try render("{{=<% %>=}}<% v %> {{v}} <%={{ }}=%>{{v}}", ["v": "V"]) == "V {{v}} V")
    }

    @Test func sectionsPushTextAndObjectsAndLookOutwards() throws {
        let view: TemplateValue = ["s": "text", "o": ["inner": "I"], "outer": "O"]
        #expect(
            try render("{{#s}}[{{.}}]{{/s}}{{#o}}{{inner}}{{outer}}{{/o}}{{#o.inner}}{{.}}{{/o.inner}}", view)
                == "[text]IOI")
    }

    @Test func interpolationIsNeverStandalone() throws {
        #expect(try render("a\n  {{v}}\n", ["v": ""]) == "a\n  \n")
    }

    @Test func standalonePartialsIndentTheirLinesButNotTheirData() throws {
        // Data inside a `<pre>` keeps its lines as they are.
        let partials = ["p": "<pre>\n{{{code}}}\n</pre>\n"]
        #expect(
            try render("<div>\n  {{>p}}\n</div>", ["code": "a\nb"], partials: partials)
                == "<div>\n  <pre>\n  a\nb\n  </pre>\n</div>")
        // Nested standalone partials add up their indentation; empty lines are indented too.
        #expect(
            try render("  {{>outer}}\n", partials: ["outer": "o\n  {{>inner}}\n", "inner": "i\n\ni\n"])
                == "  o\n    i\n    \n    i\n")
    }

    @Test(
        "A line of tags that print nothing is standalone; a section opened and closed on it, or two partials, are not",
        arguments: [
            ("a\n{{#x}}{{#x}}\nb\n{{/x}}{{/x}}\nc", "a\nb\nc"),
            ("a\n  {{! one }}{{! two }}  \nb", "a\nb"),
            ("{{#x}}{{/x}}\nb", "\nb"),
            ("  {{>p}}{{>p}}\n", "  PP\n"),
            ("  {{>p}}{{! c }}\nb", "  Pb"),
        ])
    func standaloneLinesOfSeveralTags(template: String, expected: String) throws {
        #expect(try render(template, ["x": true], partials: ["p": "P"]) == expected)
    }

    @Test func setDelimitersDoNotReachPartialsAndKeepTripleTags() throws {
        #expect(
            try render("{{=<% %>=}}<%>p%> <%{v}%> <%&v%> <%v%>", ["v": "<i>"], partials: ["p": "{{v}}"])
                == "&lt;i&gt; <i> <i> &lt;i&gt;")
    }

    @Test func blocksAreReindentedWhereTheyAreRendered() throws {
        let partials = ["layout": "<main>\n  {{$content}}\n  default\n  {{/content}}\n</main>\n"]
        // Written at any indentation, the override takes the block's.
        #expect(
            try render(
                "{{<layout}}{{$content}}\n        <p>\n          x\n        </p>\n{{/content}}{{/layout}}",
                partials: partials)
                == "<main>\n  <p>\n    x\n  </p>\n</main>\n")
        #expect(try render("{{<layout}}{{/layout}}", partials: partials) == "<main>\n  default\n</main>\n")
        // Text in a parent outside blocks is ignored; a block sees the parent's context.
        #expect(
            try render(
                "{{<p}}ignored {{$b}}[{{v}}]{{/b}}{{/p}}", ["v": "top", "in": ["v": "inner"]],
                partials: ["p": "{{#in}}{{$b}}{{/b}}{{/in}}"])
                == "[inner]")
    }

    @Test func dynamicNamesComeFromTheData() throws {
        let partials = ["card": "card {{n}}", "layout": "<{{$b}}{{/b}}>"]
        let view: TemplateValue = ["kind": "card", "n": 1, "deep": ["kind": "card"], "list": [], "wrapper": "layout"]
        #expect(
            try render(
                "{{>*kind}}|{{> * deep.kind }}|{{>*missing}}|{{>*list}}|{{<*wrapper}}{{$b}}B{{/b}}{{/*wrapper}}", view,
                partials: partials)
                == "card 1|card 1|||<B>")
    }

    struct Rule: Sendable, CustomTestStringConvertible {
        var rule: String
        var template: String
        var view: TemplateValue = [:]
        var partials: [String: String] = [:]
        var expected: String
        var testDescription: String { rule }
    }

    @Test(arguments: [
        Rule(
            rule: "a dotted name resolves inside what its first name found, not outside",
            template: "{{#a}}[{{b.c}}]{{/a}}",
            view: ["a": ["b": [:]], "b": ["c": "wrong"]], expected: "[]"),
        Rule(
            rule: "a falsey section inside a truthy one", template: "{{#a}}1{{#b}}2{{/b}}3{{/a}}",
            view: ["a": true, "b": false], expected: "13"),
        Rule(
            rule: "nested lists iterate with {{.}}", template: "{{#l}}({{#.}}{{.}}{{/.}}){{/l}}",
            view: ["l": [["a", "b"], ["c"]]], expected: "(ab)(c)"),
        Rule(
            rule: "a standalone partial needs no line before it", template: "  {{>p}}\n>", partials: ["p": ">\n>"],
            expected: "  >\n  >>"),
        Rule(
            rule: "a standalone partial needs no line break after it", template: ">\n  {{>p}}", partials: ["p": ">\n>"],
            expected: ">\n  >\n  >"),
        Rule(
            rule: "a standalone set-delimiter line disappears", template: "a\n  {{=@ @=}}\n@v@", view: ["v": "b"],
            expected: "a\nb"),
        Rule(rule: "a multi-line standalone comment disappears", template: "a\n{{!\n x\n}}\nb", expected: "a\nb"),
        Rule(
            rule: "a dynamic name is dereferenced once", template: "[{{>**k}}]", view: ["k": "p", "p": "q"],
            partials: ["q": "Q"], expected: "[]"),
        Rule(
            rule: "a dynamic name is resolved before it names a partial", template: "[{{>*a.*b}}]",
            view: ["a": "x", "b": "y"], expected: "[]"),
        Rule(
            rule: "a parent included by its own block stops at the outermost override",
            template: "{{<p}}{{$foo}}o{{/foo}}{{/p}}",
            partials: [
                "p": "{{$foo}}d{{/foo}} {{$bar}}{{<q}}{{/q}}{{/bar}}",
                "q": "{{$foo}}q{{/foo}} {{<p}}{{$bar}}end{{/bar}}{{/p}}",
            ],
            expected: "o o o end"),
    ])
    func specRules(_ rule: Rule) throws {
        #expect(try render(rule.template, rule.view, partials: rule.partials) == rule.expected)
    }

    @Test func aLambdaIsAnErrorAtItsTag() {
        #expect {
            try render("ok\n  {{#f}}x{{/f}}", ["f": .lambda])
        } throws: { error in
            (error as? Diagnostic)?.description
                == "t:2:3: error: cannot render test.html: `f` is a lambda (code in the data); templates do not run code, so use a plain value"
        }
    }

    /// User templates can be anything: random tag soup either parses and renders or is
    /// reported, never crashes, and an error always points inside the template.
    @Test func tagSoupNeverCrashes() throws {
        let pieces = [
            "{{", "}}", "{{{", "}}}", "#a", "/a", "^a", "#b", "/b", ">p", "<p", "$c", "/c", "/p", "=", "<% %>", "%>",
            "<%",
            "!", "&", ".", "a.b", "\n", "\r\n", " ", "  ", "x", "é", "👑", "{", "}",
        ]
        var generator = SplitMix64(seed: 7)
        let view: TemplateValue = ["a": [["b": true], ["b": false]], "b": "<b>", "c": nil]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                pieces.randomElement(using: &generator) ?? ""
            }.joined()
            do {
                let template = try Mustache(parsing: text)
                var renderer = Mustache.Renderer(templates: ["p": template], stack: [view])
                var output: [UInt8] = []
                // Rendering may fail (a partial including itself), never crash.
                try? renderer.render("p", into: &output)
            } catch {
                let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                #expect(
                    error.line >= 1 && error.line <= lines.count && error.column >= 1,
                    "\(error) in \(text.debugDescription)")
            }
        }
    }

    @Test(
        "Syntax errors say where and what to do",
        arguments: [
            (
                "line one\n{{#a}}\n  {{/b}}\n",
                "t:3:3: error: `{{/b}}` does not close the open section `a`; close it with `{{/a}}`"
            ),
            (
                "line one\r{{#a}}\r  {{/b}}\r",
                "t:3:3: error: `{{/b}}` does not close the open section `a`; close it with `{{/a}}`"
            ),
            (
                "line one\r\n{{#a}}\r\n  {{/b}}\r\n",
                "t:3:3: error: `{{/b}}` does not close the open section `a`; close it with `{{/a}}`"
            ),
            ("{{#a}}\n{{#b}}{{/b}}", "t:1:1: error: the section `a` is never closed; add `{{/a}}`"),
            ("ok\n{{/a}}", "t:2:1: error: `{{/a}}` closes no open section; remove it"),
            ("é {{name", "t:1:3: error: unfinished tag; close it with `}}`"),
            ("{{{name}}", "t:1:1: error: unfinished tag; close it with `}}}`"),
            ("{{}}", "t:1:1: error: empty tag; put a name inside, like `{{title}}`"),
            (
                "{{a b}}",
                "t:1:1: error: a tag holds one name, like `{{title}}` or `{{page.root}}`; `a b` is not one (transforms are not supported)"
            ),
            (
                "{{uppercased(a)}}",
                "t:1:1: error: a tag holds one name, like `{{title}}` or `{{page.root}}`; `uppercased(a)` is not one (transforms are not supported)"
            ),
            ("{{=<% =}}", "t:1:1: error: malformed set-delimiter tag; write it like `{{=<% %>=}}`"),
        ])
    func syntaxErrors(template: String, message: String) {
        #expect {
            try render(template)
        } throws: { error in
            (error as? TemplateErrors)?.errors.map(\.description) == [message]
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int) { self = .text(String(value)) }
    init(booleanLiteral value: Bool) { self = .flag(value) }
    init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    init(dictionaryLiteral elements: (String, TemplateValue)...) { self = .object(TemplateFields(elements)) }
    init(nilLiteral: ()) { self = .null }
}
