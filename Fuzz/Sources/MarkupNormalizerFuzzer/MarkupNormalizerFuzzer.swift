import CFuzzerDriver
import Foundation
import SnapshotKitCore

// SnapshotKit's markup normalizers (`.html`, `.svg`, and the HTML and SVG files of `.fileTree`),
// through their public strategies, checked for what would make a false pass:
//
// - any input: no crash or hang, and normalizing the output again changes nothing (a reference
//   recorded from normalized text must compare as that text);
// - a generated document (odd first byte; its tags are known, so which bytes are text is
//   known): changing one letter of text must change the output, and changing the whitespace
//   inside a context where it shows (raw text such as `pre` and `textarea`, `template`, a
//   `style` with `white-space`, SVG's `xml:space="preserve"`, `title` and `desc`) must too.

@main
enum MarkupNormalizerFuzzer {
    static func main() {
        exit(gamenight_fuzzer_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("MarkupNormalizerFuzzer: \(message())\n".utf8))
        abort()
    }
}

let strategies: [(name: String, normalize: @Sendable (String) throws -> String)] = [
    ("html", Snapshotting<String, String>.html.snapshot),
    ("svg", Snapshotting<String, String>.svg.snapshot),
]

func normalized(_ text: String, _ strategy: Int) -> String {
    do {
        return try strategies[strategy].normalize(text)
    } catch {
        require(false, "\(strategies[strategy].name) threw \(error)")
        return ""
    }
}

/// The comparison assertSnapshot makes: bytes.
func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkupNormalizer(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let bytes, count > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: bytes, count: count)
    let strategy = Int(input[0] >> 1) % strategies.count
    if input[0] & 1 == 0 {
        checkIdempotent(String(decoding: input.dropFirst(), as: UTF8.self), strategy)
    } else {
        let document = GeneratedDocument(program: Array(input.dropFirst()), svg: strategy == 1)
        checkIdempotent(document.text, strategy)
        checkVisibleChanges(document, strategy)
    }
    return 0
}

func checkIdempotent(_ text: String, _ strategy: Int) {
    let once = normalized(text, strategy)
    let twice = normalized(once, strategy)
    require(
        same(once, twice),
        """
        \(strategies[strategy].name) is not idempotent
        input: \(text.debugDescription)
        once:  \(once.debugDescription)
        twice: \(twice.debugDescription)
        """)
}

func checkVisibleChanges(_ document: GeneratedDocument, _ strategy: Int) {
    let original = normalized(document.text, strategy)
    var bytes = Array(document.text.utf8)
    // Each letter of text changed to the next one, a few per input to keep the rate up.
    for offset in document.letters.prefix(4) {
        let saved = bytes[offset]
        bytes[offset] = saved == UInt8(ascii: "z") ? UInt8(ascii: "a") : saved + 1
        let changed = String(decoding: bytes, as: UTF8.self)
        require(
            !same(normalized(changed, strategy), original),
            """
            \(strategies[strategy].name): changing the letter at byte \(offset) went unseen
            input:   \(document.text.debugDescription)
            changed: \(changed.debugDescription)
            """)
        bytes[offset] = saved
    }
    // Whitespace where it shows: one more space, or a tab for a space.
    for offset in document.preservedWhitespace.prefix(4) {
        for replacement: [UInt8] in [[bytes[offset], bytes[offset]], bytes[offset] == 0x20 ? [0x09] : [0x20]] {
            let changed = String(decoding: bytes[..<offset] + replacement + bytes[(offset + 1)...], as: UTF8.self)
            require(
                !same(normalized(changed, strategy), original),
                """
                \(strategies[strategy].name): changing whitespace at byte \(offset), where it shows, went unseen
                input:   \(document.text.debugDescription)
                changed: \(changed.debugDescription)
                """)
        }
    }
}

/// A document built from the fuzzer's bytes: tags from fixed lists, properly nested, text from
/// letters and whitespace only (so a letter is always text), and comments. It records where
/// its letters are, and its whitespace inside contexts that keep whitespace.
struct GeneratedDocument {
    private(set) var text = ""
    private(set) var letters: [Int] = []
    private(set) var preservedWhitespace: [Int] = []

    static let htmlNames = [
        "p", "div", "span", "b", "pre", "textarea", "template", "table", "td", "tr", "ul", "li", "head", "body", "html",
        "title", "script", "style", "xmp", "listing", "svg", "text", "desc", "code", "h1", "select", "caption",
        "section",
    ]
    static let svgNames = [
        "g", "text", "tspan", "title", "desc", "a", "style", "script", "foreignObject", "svg", "switch",
    ]
    /// Raw text: the tokenizer keeps everything up to the closing tag as one piece (HTML only).
    static let rawText: Set<String> = ["pre", "textarea", "title", "script", "style", "xmp", "listing"]
    /// Letters and the whitespace CSS collapses (space, tab, line feed, carriage return).
    static let alphabet = Array("abcdefghij \n\t\r  ".utf8)

    private var open: [(name: String, preserves: Bool)] = []
    private var raw: String?

    init(program: [UInt8], svg: Bool) {
        let names = svg ? Self.svgNames : Self.htmlNames
        var index = 0
        func next() -> Int {
            defer { index += 1 }
            return index < program.count ? Int(program[index]) : 0
        }
        if svg { emitMarkup("<svg xmlns=\"http://www.w3.org/2000/svg\">") }
        while index < program.count {
            let op = next() % 8
            if raw != nil, op != 2 {
                // Inside raw text only text and the element's end make sense; the tokenizer
                // keeps raw text as written.
                emitText((0..<(next() % 12)).map { _ in next() }, preserved: true)
                continue
            }
            switch op {
            case 0, 1:
                let name = names[next() % names.count]
                let attributes = next()
                var tag = "<" + name
                var preserves = open.last?.preserves ?? false
                if attributes & 1 != 0 { tag += " class=\"c\"" }
                if attributes & 2 != 0 {
                    tag += " style=\"white-space: pre\""
                    preserves = true
                }
                if attributes & 4 != 0, svg {
                    tag += " xml:space=\"preserve\""
                    preserves = true
                }
                if svg, ["title", "desc", "style", "script", "foreignObject"].contains(name) { preserves = true }
                if !svg, name == "template" { preserves = true }
                emitMarkup(tag + ">")
                if !svg, Self.rawText.contains(name) { raw = name }
                open.append((name, preserves))
            case 2:
                guard let last = open.popLast() else { continue }
                emitMarkup("</\(last.name)>")
                if raw == last.name { raw = nil }
            case 3, 4, 5:
                emitText((0..<(next() % 12)).map { _ in next() }, preserved: open.last?.preserves ?? false)
            case 6:
                // A comment shows nothing: its letters and whitespace are not checked.
                emitMarkup("<!--")
                emitText((0..<(next() % 6)).map { _ in next() }, preserved: false, recorded: false)
                emitMarkup("-->")
            default:
                emitMarkup(svg ? "<circle r=\"1\"/>" : "<br>")
            }
        }
        while let last = open.popLast() { emitMarkup("</\(last.name)>") }
        if svg { emitMarkup("</svg>") }
    }

    private mutating func emitMarkup(_ markup: String) { text += markup }

    /// Text from `choices`, each picking a character of `alphabet`.
    private mutating func emitText(_ choices: [Int], preserved: Bool, recorded: Bool = true) {
        for choice in choices {
            let byte = Self.alphabet[choice % Self.alphabet.count]
            let offset = text.utf8.count
            if recorded, byte >= UInt8(ascii: "a") {
                letters.append(offset)
            } else if recorded, preserved {
                preservedWhitespace.append(offset)
            }
            text += String(UnicodeScalar(byte))
        }
    }
}
