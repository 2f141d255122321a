import Testing

@testable import SnapshotKitCore

/// Inputs on which `Fuzz/Sources/MarkupNormalizerFuzzer` found a property broken, kept so the
/// class stays fixed. Normalizing is idempotent: a reference is normalized text, and must
/// compare as itself.
@Suite struct NormalizerFuzzFindingTests {
    @Test(arguments: [
        // A restyled <svg> (so not a boundary) whose child is one: the child's line then
        // started with the indentation the next pass read as text.
        "<body class=\"c\"><svg class=\"c\" style=\"white-space: pre\"><li></li></svg></body>",
        // The same class, a preserving element ended by its parent's end tag.
        "<div><p>a</p><span style=\"white-space:pre\">x</div>",
        "<head><template>x</head>",
        "<svg><desc>x<p>y</p></desc></svg>",
        // A preserving element open at the end: the line break after it was read into it.
        "<pre>&lt;svg",
        "<p><span style=\"white-space: pre\">a  b",
        // A restyled document keeps all whitespace, the last line break included.
        "<style>p { display: inline }</style><p>a</p>\n",
        // Text fostered out of a table: the layout's line breaks around it were kept the next time.
        "<div>a<table>x<tr><td>c</td></tr></table></div>",
        // A stray </head> started a line of its own in a document that keeps its whitespace.
        "</head><table>\0",
        // A "/" in a tag not followed by ">" was an attribute named "/", written as "<s />".
        "<s/\r>",
        // A breakout tag ending a preserving <svg>: a line break went into the <pre> it opens.
        "<svg style=\"white-space: pre\"><pre></pre></svg>",
        // A quote that never closes: the tag after it, written with quotes, closed it the next time.
        "<a f=\"<y d=>", "<a b=\"<c d=e f=g>\n<p>x</p>",
    ])
    func normalizingTwiceChangesNothing(html: String) {
        let once = MarkupNormalizer.normalize(html, dialect: .html)
        let twice = MarkupNormalizer.normalize(once, dialect: .html)
        #expect(once.utf8.elementsEqual(twice.utf8), "\(once.debugDescription) then \(twice.debugDescription)")
    }

    /// Text fostered out of a table is moved before it, so `a<table>x` shows "ax" and
    /// `a <table>x` shows "a x": they normalized alike, the table taken for a boundary.
    @Test func textFosteredOutOfATableKeepsTheWhitespaceBeforeTheTable() {
        let tight = MarkupNormalizer.normalize("<div>a<table>x<tr><td>c</td></tr></table></div>", dialect: .html)
        let spaced = MarkupNormalizer.normalize("<div>a <table>x<tr><td>c</td></tr></table></div>", dialect: .html)
        #expect(!tight.utf8.elementsEqual(spaced.utf8), "\(tight.debugDescription)")
    }

    /// An HTML tag that ends an `<svg>` in which an element keeps its whitespace (the SVG's own
    /// style, `xml:space`, a `desc`) is written on that element's line; when the tag opens a
    /// `pre` or `listing`, its content and end tag stay on that line too, whatever the depth: a
    /// line break there would be the `pre`'s text the next time.
    @Test(
        arguments: [
            "<svg style=\"white-space: pre\">", "<svg xml:space=\"preserve\">", "<svg><g style=\"white-space: pre\">",
            "<svg><g><desc>", "<div><svg><g><g><desc>t", "<svg><text xml:space=\"preserve\">",
        ], ["pre", "listing"])
    func rawTextOpenedByABreakoutTagKeepsItsContent(preserving: String, element: String) {
        for content in ["", "x", "a  b\n c"] {
            let html = "\(preserving)<\(element)>\(content)</\(element)></svg>"
            let once = MarkupNormalizer.normalize(html, dialect: .html)
            let twice = MarkupNormalizer.normalize(once, dialect: .html)
            #expect(
                once.contains("<\(element)>\(content)</\(element)>"),
                "\(html.debugDescription) gave \(once.debugDescription)")
            #expect(once.utf8.elementsEqual(twice.utf8), "\(once.debugDescription) then \(twice.debugDescription)")
        }
    }

    /// The same class, ended by a tag that starts no line (`</svg>`, or an HTML breakout tag
    /// that is no block): the preserving element's line goes on with what follows, as written.
    @Test(arguments: [
        ("<svg><desc>a  b</svg>after", "<desc>a  b</svg>after"),
        ("<svg><g style=\"white-space: pre\">a  b<b>c</b></svg>", "<g style=\"white-space: pre\">a  b<b>c</b></svg>"),
        ("<p><svg><g><desc> t <span>s</span> </desc></g></svg></p>", "<desc> t <span>s</span> </desc></g></svg>\n"),
        (
            "<svg><g style=\"white-space: pre\"><listing>x</listing></svg>",
            "<g style=\"white-space: pre\"><listing>x</listing></svg>"
        ),
        ("<svg><g><desc>d<listing></listing></svg>", "<desc>d<listing></listing></svg>"),
    ])
    func preservingElementEndedByATagThatStartsNoLineKeepsItsContent(html: String, kept: String) {
        let once = MarkupNormalizer.normalize(html, dialect: .html)
        let twice = MarkupNormalizer.normalize(once, dialect: .html)
        #expect(once.contains(kept), "\(html.debugDescription) gave \(once.debugDescription)")
        #expect(once.utf8.elementsEqual(twice.utf8), "\(once.debugDescription) then \(twice.debugDescription)")
    }

    /// Raw text ends only at its own end tag: the name followed by whitespace, `/` or `>`, as
    /// HTML's tokenizer reads it. `</titletab>` inside a `title` is text; taken for the end,
    /// it left the `title` open, and a line break went into it before the next head element.
    @Test func rawTextEndsOnlyAtItsOwnEndTag() {
        for html in ["<head><title>a</titletab><meta></head>", "<textarea>x</textareas>\n<p>y</p></textarea>"] {
            let once = MarkupNormalizer.normalize(html, dialect: .html)
            let twice = MarkupNormalizer.normalize(once, dialect: .html)
            #expect(once.utf8.elementsEqual(twice.utf8), "\(once.debugDescription) then \(twice.debugDescription)")
        }
        // What follows the false end tag is still the textarea's value, whitespace and all.
        let tight = MarkupNormalizer.normalize("<textarea>x</textareas>a b</textarea>", dialect: .html)
        let spaced = MarkupNormalizer.normalize("<textarea>x</textareas>a  b</textarea>", dialect: .html)
        #expect(!tight.utf8.elementsEqual(spaced.utf8), "\(tight.debugDescription)")
        #expect(MarkupNormalizer.normalize("<pre>a</pre >b", dialect: .html).hasPrefix("<pre>a</pre>"))
    }

    /// The same class once more: an element that keeps its whitespace, began a line, and holds
    /// another that keeps it too, left open when its own end tag came (`<desc>` holding an
    /// unclosed `<script>`): that end tag goes on the outer element's line, not a line of its own.
    @Test(arguments: [
        (MarkupDialect.xml, "<svg><desc>a<script>b</desc></svg>", "<desc>a<script>b</desc>"),
        (
            .xml, "<svg><g xml:space=\"preserve\">a<text xml:space=\"preserve\">b</g></svg>",
            "<g xml:space=\"preserve\">a<text xml:space=\"preserve\">b</g>"
        ),
        (
            .html, "<svg><desc>a<g style=\"white-space: pre\">b</desc></svg>",
            "<desc>a<g style=\"white-space: pre\">b</desc>"
        ),
    ])
    func preservingElementClosedWithAnotherOpenInsideKeepsItsContent(
        dialect: MarkupDialect, markup: String, kept: String
    ) {
        let once = MarkupNormalizer.normalize(markup, dialect: dialect)
        let twice = MarkupNormalizer.normalize(once, dialect: dialect)
        #expect(once.contains(kept), "\(markup.debugDescription) gave \(once.debugDescription)")
        #expect(once.utf8.elementsEqual(twice.utf8), "\(once.debugDescription) then \(twice.debugDescription)")
    }
}
