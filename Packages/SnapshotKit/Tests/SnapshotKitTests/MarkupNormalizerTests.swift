import Testing

@testable import SnapshotKitCore

@Suite struct MarkupNormalizerTests {
    @Test(arguments: [
        ("<p b='2' a=1 c>x</p>", "<p a=\"1\" b=\"2\" c>x</p>\n"),
        ("<P CLASS=x>Hi</P>", "<p class=\"x\">Hi</p>\n"),
        ("<ul><li>a</li><li>b</li></ul>", "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n"),
        ("<div><br><img src='a.png'/>text</div>", "<div><br><img src=\"a.png\">text</div>\n"),
        // As browsers read it: an unquoted value keeps the slash.
        ("<img src=a.png/>", "<img src=\"a.png/\">\n"),
        ("<pre> a\n  b </pre>", "<pre> a\n  b </pre>\n"),
        ("<script>if (a<b) {}</script>", "<script>if (a<b) {}</script>\n"),
        ("<!-- c --><p>\n  many    spaces \n</p>", "<!-- c -->\n<p>many spaces</p>\n"),
        ("<p title='say \"hi\"'></p>", "<p title=\"say &quot;hi&quot;\"></p>\n"),
        ("a < b and <3", "a < b and <3\n"),
        ("", ""),
    ])
    func html(input: String, expected: String) {
        #expect(MarkupNormalizer.normalize(input, dialect: .html) == expected)
    }

    @Test func xmlKeepsCaseAndSelfClosingTags() {
        let svg = "<svg viewBox='0 0 1 1'><linearGradient id=g/><path d='M0 0'/></svg>"
        #expect(
            MarkupNormalizer.normalize(svg, dialect: .xml) == """
                <svg viewBox="0 0 1 1">
                  <linearGradient id="g"/>
                  <path d="M0 0"/>
                </svg>

                """)
    }

    @Test func normalizingIsStable() {
        let page = "<html><body><main id=m class=c><h1>T</h1><p>a <i>b</i></p></main></body></html>"
        let once = MarkupNormalizer.normalize(page, dialect: .html)
        #expect(MarkupNormalizer.normalize(once, dialect: .html) == once)
    }
}

/// Whitespace between inline pieces is part of what the page shows, so two inputs that render
/// differently must never normalize to the same text.
@Suite struct SignificantWhitespaceTests {
    @Test(arguments: [
        ("<p>Hello <b>world</b>!</p>", "<p>Hello<b>world</b>!</p>"),
        ("<p><i>a</i> <i>b</i></p>", "<p><i>a</i><i>b</i></p>"),
        ("<div>x <span>y</span></div>", "<div>x<span>y</span></div>"),
        ("<li>one <a href=#>two</a></li>", "<li>one<a href=#>two</a></li>"),
    ])
    func htmlInlineWhitespace(spaced: String, joined: String) {
        #expect(
            MarkupNormalizer.normalize(spaced, dialect: .html) != MarkupNormalizer.normalize(joined, dialect: .html))
    }

    @Test func svgTextWhitespace() {
        let spaced = "<svg><text><tspan>a</tspan> <tspan>b</tspan></text></svg>"
        let joined = "<svg><text><tspan>a</tspan><tspan>b</tspan></text></svg>"
        #expect(MarkupNormalizer.normalize(spaced, dialect: .xml) != MarkupNormalizer.normalize(joined, dialect: .xml))
    }

    /// Layout-only whitespace (between blocks, indentation) still doesn't matter.
    @Test func blockWhitespaceIsIgnored() {
        let compact = "<ul><li>a <b>b</b></li><li>c</li></ul>"
        let indented = "<ul>\n  <li>a\n   <b>b</b>\n  </li>\n  <li> c </li>\n</ul>\n"
        #expect(
            MarkupNormalizer.normalize(compact, dialect: .html) == MarkupNormalizer.normalize(indented, dialect: .html))
        #expect(
            MarkupNormalizer.normalize(compact, dialect: .html) == "<ul>\n  <li>a <b>b</b></li>\n  <li>c</li>\n</ul>\n")
    }
}

/// Whitespace is dropped or collapsed only where the HTML and SVG specs (with the default
/// stylesheet) make it invisible; everywhere else, and wherever that is in doubt, it is
/// compared exactly. Each pair renders differently, so it must normalize differently.
@Suite struct WhitespaceContextTests {
    @Test(arguments: [
        // A head that is never closed ends at the first body content.
        ("<head><title>t</title>Hello <b>world</b>", "<head><title>t</title>Hello<b>world</b>"),
        (
            "<html><head><meta charset=utf-8>Hello <b>world</b></html>",
            "<html><head><meta charset=utf-8>Hello<b>world</b></html>"
        ),
        // Head elements in the body are display:none, not blocks.
        ("<p>a <meta name=x> b</p>", "<p>a<meta name=x>b</p>"),
        ("<p>a <link rel=x> b</p>", "<p>a<link rel=x>b</p>"),
        // Tags the parser ignores make no block.
        ("<p>a </div> b</p>", "<p>a</div>b</p>"),
        ("<p>a <td> b</p>", "<p>a<td>b</p>"),
        ("<p>a <body> b</p>", "<p>a<body>b</p>"),
        ("<body>a</body> b", "<body>a</body>b"),
        // white-space and display set inline, the hidden attribute.
        ("<div style=\"white-space: pre\">a  b</div>", "<div style=\"white-space: pre\">a b</div>"),
        (
            "<p><span style=\"white-space:pre-wrap\">a\n b</span></p>",
            "<p><span style=\"white-space:pre-wrap\">a\nb</span></p>"
        ),
        ("<p><div style=\"display:inline\">x</div> y</p>", "<p><div style=\"display:inline\">x</div>y</p>"),
        ("a <div hidden></div> b", "a<div hidden></div>b"),
        // Text in a table outside a cell is moved before the table, with its spaces.
        ("<div>a<table> x <tr><td>c</td></tr></table></div>", "<div>a<table>x<tr><td>c</td></tr></table></div>"),
        // The parser ignores a form inside a form, and blocks inside a select.
        ("<form>a <form> b</form>", "<form>a<form>b</form>"),
        ("<select><option>a <div> b</option></select>", "<select><option>a<div>b</option></select>"),
        // Template content is what a script clones into the page.
        ("<template><p>a  b</p></template>", "<template><p>a b</p></template>"),
        // A closed dialog is display:none.
        ("a <dialog>x</dialog> b", "a<dialog>x</dialog>b"),
        // A line break between CJK characters may vanish where a space shows.
        ("<p>日\n本</p>", "<p>日 本</p>"),
        // Elements whose whitespace the default stylesheet preserves.
        ("<listing>a  b</listing>", "<listing>a b</listing>"),
        ("<textarea>a  b</textarea>", "<textarea>a b</textarea>"),
        ("<xmp>a  b</xmp>", "<xmp>a b</xmp>"),
        // Form feed and vertical tab are not collapsible white space in CSS.
        ("<p>a\u{0C}b</p>", "<p>a b</p>"),
        ("<p>a\u{0B}b</p>", "<p>a b</p>"),
        // A stylesheet in the page may make any whitespace show.
        (
            "<style>.c { white-space: pre }</style><div class=c>\n  <p>x</p>\n</div>",
            "<style>.c { white-space: pre }</style><div class=c><p>x</p></div>"
        ),
        ("<style>b { display: block }</style><p>a <b>x</b></p>", "<style>b { display: block }</style><p>a<b>x</b></p>"),
    ])
    func html(a: String, b: String) {
        #expect(MarkupNormalizer.normalize(a, dialect: .html) != MarkupNormalizer.normalize(b, dialect: .html))
    }

    @Test(arguments: [
        ("<svg><text xml:space=\"preserve\">a  b</text></svg>", "<svg><text xml:space=\"preserve\">a b</text></svg>"),
        (
            "<svg><g xml:space=\"preserve\"><text>a  b</text></g></svg>",
            "<svg><g xml:space=\"preserve\"><text>a b</text></g></svg>"
        ),
        // SVG 1.1 removes a newline in text (SVG 2 makes it a space): in doubt, exact.
        ("<svg><text>a\nb</text></svg>", "<svg><text>a \n b</text></svg>"),
        (
            "<svg><text style=\"white-space:pre\">a  b</text></svg>",
            "<svg><text style=\"white-space:pre\">a b</text></svg>"
        ),
        (
            "<svg><foreignObject><p>Hello <b>w</b></p></foreignObject></svg>",
            "<svg><foreignObject><p>Hello<b>w</b></p></foreignObject></svg>"
        ),
        ("<svg><title>a  b</title></svg>", "<svg><title>a b</title></svg>"),
        ("<svg><text>a<tspan> b</tspan></text></svg>", "<svg><text>a<tspan>b</tspan></text></svg>"),
        (
            "<svg><style>text { white-space: pre }</style><text>a  b</text></svg>",
            "<svg><style>text { white-space: pre }</style><text>a b</text></svg>"
        ),
        // The XML declaration must be the first bytes: anything before it breaks the file.
        (" <?xml version=\"1.0\"?>\n<svg/>", "<?xml version=\"1.0\"?>\n<svg/>"),
        ("\n<?xml version=\"1.0\"?><svg/>", "<?xml version=\"1.0\"?><svg/>"),
    ])
    func svg(a: String, b: String) {
        #expect(MarkupNormalizer.normalize(a, dialect: .xml) != MarkupNormalizer.normalize(b, dialect: .xml))
    }

    /// What the specs do make invisible is still normalized: layout between blocks, in the
    /// head, around the document, and runs of spaces in ordinary text.
    @Test(arguments: [
        (
            "<!doctype html>\n<html>\n  <head>\n    <title>T</title>\n  </head>\n  <body>\n    <p>a   b</p>\n  </body>\n</html>\n",
            "<!doctype html><html><head><title>T</title></head><body><p>a b</p></body></html>"
        ),
        ("<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>", "<ul><li>one</li><li>two</li></ul>"),
        ("<table>\n <tr>\n  <td>x</td>\n </tr>\n</table>", "<table><tr><td>x</td></tr></table>"),
        ("<div>\n  <p> a\tb </p>\n</div>", "<div><p>a b</p></div>"),
    ])
    func insignificantWhitespaceIsNormalized(a: String, b: String) {
        #expect(MarkupNormalizer.normalize(a, dialect: .html) == MarkupNormalizer.normalize(b, dialect: .html))
    }

    @Test func svgLayoutIsNormalized() {
        let a = "<svg>\n  <g>\n    <rect/>\n    <text>a  b</text>\n  </g>\n</svg>"
        let b = "<svg><g><rect/><text>a b</text></g></svg>"
        #expect(MarkupNormalizer.normalize(a, dialect: .xml) == MarkupNormalizer.normalize(b, dialect: .xml))
    }
}

/// SVG inside HTML is SVG: its elements are laid out one per line (whitespace between them
/// never shows), `<svg>` itself stays inline, and its text keeps its whitespace.
@Suite struct InlineSVGTests {
    @Test func svgChildrenAreLaidOutAndItsTextKept() {
        let page = "<p>Chart: <svg><title>a  b</title> <line x1='0'/> <text>c  d</text></svg> done</p>"
        #expect(
            MarkupNormalizer.normalize(page, dialect: .html) == """
                <p>
                  Chart: <svg>
                  <title>a  b</title>
                  <line x1="0"/>
                  <text>c d</text></svg> done
                </p>

                """)
        #expect(
            MarkupNormalizer.normalize(page, dialect: .html)
                != MarkupNormalizer.normalize(
                    page.replacingOccurrences(of: "</svg> done", with: "</svg>done"), dialect: .html))
    }

    /// An HTML element such as `<b>` inside an unclosed `<svg>` ends the SVG (the parser's
    /// breakout): what follows is HTML again, where whitespace shows.
    @Test func htmlBreaksOutOfAnUnclosedSVG() {
        let spaced = "<p>a<svg><rect/><b>x</b> y</p>"
        let joined = "<p>a<svg><rect/><b>x</b>y</p>"
        #expect(
            MarkupNormalizer.normalize(spaced, dialect: .html) != MarkupNormalizer.normalize(joined, dialect: .html))
    }
}
