import Foundation
import Testing

@testable import SnapshotKitCore

/// The standing mutation campaign: real outputs (every reference in this package's and
/// GameNight's `__Snapshots__`) and generated documents, mutated many ways; each mutation that
/// changes what a user would see must fail its strategy.
///
/// Oracles: bytes for `.lines`, `.data`, `.dump`, `.json` and trees (any change fails). For
/// `.html` and `.svg` a conservative one: a change to text content, an attribute value, an
/// element, or to whitespace between two characters of text or inside a whitespace-preserving
/// element must fail; other whitespace changes (between tags, inside tags) are counted, not
/// judged. `make snapshot-campaign` judges those too, with html5lib, over many more mutations.
///
/// `SNAPSHOT_CAMPAIGN_ROUNDS` (default 1) multiplies the mutations; `SNAPSHOT_CAMPAIGN_OUT`
/// names a folder to write every HTML/SVG pair that normalized equal, for the html5lib oracle.
@Suite struct MutationCampaignTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let rounds = Int(ProcessInfo.processInfo.environment["SNAPSHOT_CAMPAIGN_ROUNDS"] ?? "") ?? 1
    static let out = ProcessInfo.processInfo.environment["SNAPSHOT_CAMPAIGN_OUT"].map(URL.init(fileURLWithPath:))

    /// References on disk (pending outputs left by older versions excluded), by extension.
    static func corpus() -> [(path: String, text: String)] {
        let folders = [
            packageRoot.appendingPathComponent("__Snapshots__"),
            packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("__Snapshots__"),
        ]
        var result: [(String, String)] = []
        for folder in folders {
            for path in (try? FileSystem.files(under: folder)) ?? []
            where !path.hasSuffix(".new") && !path.hasSuffix(".new.diff") {
                if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
                    let text = UTF8Text.decode(data)
                {
                    result.append((path, text))
                }
            }
        }
        return result + generated.enumerated().map { ("generated-\($0.offset).\($0.element.ext)", $0.element.text) }
    }

    /// Documents that exercise every context the normalizer treats specially.
    static let generated: [(ext: String, text: String)] = [
        ("html", "<head><title>t</title>Hello <b>world</b> and <i>more</i>"),
        (
            "html",
            "<!doctype html>\n<html>\n<head>\n<meta charset=utf-8>\n<title>A  page</title>\n</head>\n<body>\n<pre>  two  spaces\n\tand a tab</pre>\n<p>caf\u{E9} and <a href=\"/x\">a link</a>.</p>\n<textarea>  kept  </textarea>\n<div style=\"white-space: pre-wrap\">a  b\n c</div>\n<p>日本\n語 <span>x</span> y</p>\n</body>\n</html>\n"
        ),
        (
            "html",
            "<ul>\n  <li>one <b>bold</b> two</li>\n  <li>three</li>\n</ul>\n<table><tr><td>a b</td><td> c </td></tr></table>\n<p>a <meta name=x> b</p><p>x </div> y</p>"
        ),
        (
            "svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g>\n    <text x=\"1\">a  b <tspan>c</tspan> d</text>\n    <text xml:space=\"preserve\">  kept  </text>\n  </g>\n  <title>a  tip</title>\n</svg>\n"
        ),
    ]

    struct Tally: CustomStringConvertible {
        var mutations = 0, mustFail = 0, failed = 0, falsePasses: [String] = [], unjudgedPassed = 0, unjudgedFailed = 0
        var description: String {
            "\(mutations) mutations, \(mustFail) must fail, \(failed) failed, \(falsePasses.count) false passes, unjudged: \(unjudgedPassed) passed / \(unjudgedFailed) failed"
        }
    }

    /// Whether `strategy` passes `actual` against a reference recorded from `original`, as the
    /// assertion decides: equal stored bytes, or a diff that finds nothing.
    static func passes<Value>(_ strategy: Snapshotting<Value, String>, _ original: Value, _ actual: Value) -> Bool {
        guard let reference = try? strategy.snapshot(original) else { return false }
        return passes(strategy, reference: reference, actual)
    }

    static func passes<Value>(_ strategy: Snapshotting<Value, String>, reference: String, _ actual: Value) -> Bool {
        guard let output = try? strategy.snapshot(actual) else { return false }
        return strategy.diffing.toData(reference) == strategy.diffing.toData(output)
            || strategy.diffing.diff(reference, output, DiffContext(path: "p")) == nil
    }

    @Test func textStrategiesFailEveryByteChange() throws {
        var generator = SplitMix(seed: 41)
        var tally = Tally()
        for (path, text) in Self.corpus() {
            for _ in 0..<(2 * Self.rounds) {
                let mutated = Mutation.bytes(text, using: &generator)
                tally.mutations += 1
                guard !Array(mutated.utf8).elementsEqual(text.utf8) else { continue }
                tally.mustFail += 1
                let lines = Self.passes(Snapshotting<String, String>.lines, text, mutated)
                // The other strategies on small files only: in a debug build they cost ~5 ms per 20 KB.
                let small = text.utf8.count <= 3_000 || Self.rounds > 1
                let data =
                    small
                    && Snapshotting<Data, Data>.data.diffing.diff(Data(text.utf8), Data(mutated.utf8), DiffContext())
                        == nil
                let dump = small && Self.passes(Snapshotting<[String], String>.dump, [text], [mutated])
                let json =
                    small && Self.passes(Snapshotting<[String: String], String>.json, ["k": text], ["k": mutated])
                if lines || data || dump || json {
                    tally.falsePasses.append(
                        "\(path): lines \(lines) data \(data) dump \(dump) json \(json): \(mutated.debugDescription.prefix(80))"
                    )
                } else {
                    tally.failed += 1
                }
            }
        }
        print("campaign .lines/.data/.dump/.json: \(tally)")
        #expect(tally.falsePasses.isEmpty, "\(tally.falsePasses.prefix(5))")
        #expect(tally.mustFail > 250)
    }

    @Test func markupStrategiesFailEveryVisibleChange() throws {
        var generator = SplitMix(seed: 42)
        var tallies: [String: Tally] = ["html": Tally(), "svg": Tally()]
        var written = 0
        // Bounded: every other document (a debug build normalizes ~1 KB per millisecond).
        for (index, (path, text)) in Self.corpus().enumerated()
        where Self.rounds > 1 || index % 2 == 0 || path.hasPrefix("generated") {
            let ext = (path as NSString).pathExtension
            guard ext == "html" || ext == "svg" else { continue }
            let strategy: Snapshotting<String, String> = ext == "html" ? .html : .svg
            guard let reference = try? strategy.snapshot(text) else { continue }
            let document = Mutation.Document(text)
            // Every SVG with an XML declaration gets the one mutation the random ones rarely make.
            let declared = ext == "svg" && text.hasPrefix("<?xml")
            for round in 0..<(3 * Self.rounds + (declared ? 1 : 0)) {
                let mutation =
                    round < 3 * Self.rounds
                    ? Mutation.markup(document, xml: ext == "svg", using: &generator)
                    : Mutation.Result(text: "\n" + text, mustFail: true, kind: "whitespace before the XML declaration")
                guard !Array(mutation.text.utf8).elementsEqual(text.utf8) else { continue }
                tallies[ext]?.mutations += 1
                let passed = Self.passes(strategy, reference: reference, mutation.text)
                if mutation.mustFail {
                    tallies[ext]?.mustFail += 1
                    if passed {
                        tallies[ext]?.falsePasses.append(
                            "\(path) [\(mutation.kind)]: \(mutation.text.debugDescription.prefix(120))")
                    } else {
                        tallies[ext]?.failed += 1
                    }
                } else if passed {
                    tallies[ext]?.unjudgedPassed += 1
                    if let out = Self.out {
                        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
                        try Data(text.utf8).write(to: out.appendingPathComponent("\(written).a.\(ext)"))
                        try Data(mutation.text.utf8).write(to: out.appendingPathComponent("\(written).b.\(ext)"))
                        written += 1
                    }
                } else {
                    tallies[ext]?.unjudgedFailed += 1
                }
            }
        }
        for (ext, tally) in tallies.sorted(by: { $0.key < $1.key }) {
            print("campaign .\(ext): \(tally)")
            #expect(tally.falsePasses.isEmpty, "\(ext): \(tally.falsePasses.prefix(5))")
        }
        #expect((tallies["html"]?.mustFail ?? 0) > 100)
    }

    /// Trees as stored (normalized once: the markup test covers normalization).
    @Test func treesFailEveryFileAndNameChange() throws {
        var generator = SplitMix(seed: 43)
        let raw = FileTree(
            Dictionary(uniqueKeysWithValues: Self.corpus().prefix(40).map { ($0.path, Data($0.text.utf8)) }))
        let base = try Snapshotting<FileTree, FileTree>.fileTree.snapshot(raw)
        var tally = Tally()
        for _ in 0..<(200 * Self.rounds) {
            var tree = base
            let paths = tree.files.keys.sorted()
            guard let path = paths.randomElement(using: &generator) else { break }
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: tree.files[".hidden-\(Int.random(in: 0..<9, using: &generator))"] = Data("x".utf8)
            case 1: tree.files[path]?.append(UInt8(ascii: "x"))
            case 2: tree.files[path] = nil
            case 3: tree.files[path + ".moved"] = tree.files.removeValue(forKey: path)
            default: tree.files[(path as NSString).deletingLastPathComponent + "/.well-known/e\u{301}.txt"] = Data()
            }
            tally.mutations += 1
            tally.mustFail += 1
            if base == tree || Diffing<FileTree>.tree.diff(base, tree, DiffContext(path: "p")) == nil {
                tally.falsePasses.append(path)
            } else {
                tally.failed += 1
            }
        }
        print("campaign .fileTree: \(tally)")
        #expect(tally.falsePasses.isEmpty)
    }
}

/// How text is mutated.
enum Mutation {
    static let blanks = [" ", "\t", "\n", "\r", "\r\n", "  ", "\u{0C}", "\u{A0}"]

    /// A byte-level change that keeps the text valid UTF-8.
    static func bytes(_ text: String, using generator: inout SplitMix) -> String {
        var scalars = Array(text.unicodeScalars)
        let index = scalars.isEmpty ? 0 : Int.random(in: 0..<scalars.count, using: &generator)
        switch Int.random(in: 0..<9, using: &generator) {
        case 0 where !scalars.isEmpty: scalars.remove(at: index)
        case 1: scalars.insert(contentsOf: (blanks.randomElement(using: &generator) ?? " ").unicodeScalars, at: index)
        case 2 where !scalars.isEmpty: scalars[index] = scalars[index] == "a" ? "b" : "a"
        case 3: return window(text, at: index) { $0.replacingOccurrences(of: "\n", with: "\r\n") }
        case 4:
            return text.replacingOccurrences(of: "\u{E9}", with: "e\u{301}") + (text.contains("\u{E9}") ? "" : "\u{E9}")
        case 5: return text.hasSuffix("\n") ? String(text.dropLast()) : text + "\n"
        case 6: return window(text, at: index) { $0.replacingOccurrences(of: "\n", with: " \n") }
        case 7 where !scalars.isEmpty: scalars.insert(scalars[index], at: index)
        default: scalars.insert("\u{301}", at: index)
        }
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// `text` with `change` applied to about ten lines from scalar `index` on: a change to
    /// every line of a big file would time the diff, not the comparison.
    static func window(_ text: String, at index: Int, _ change: (String) -> String) -> String {
        let scalars = Array(text.unicodeScalars)
        let start = min(index, scalars.count)
        let end = min(start + 600, scalars.count)
        func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
            var result = ""
            result.unicodeScalars.append(contentsOf: slice)
            return result
        }
        return string(scalars[..<start]) + change(string(scalars[start..<end])) + string(scalars[end...])
    }

    struct Result {
        var text: String
        var mustFail: Bool
        var kind: String
    }

    /// Which UTF-8 offsets are text content (outside tags and comments, which the normalizer
    /// rewrites or keeps verbatim), and which are inside elements that keep whitespace.
    static func contexts(_ bytes: [UInt8]) -> (text: [Bool], preserved: [Bool]) {
        var text = [Bool](repeating: false, count: bytes.count)
        var preserved = text
        var index = 0
        var keep = 0
        var keepers: [String] = []
        let lower = String(decoding: bytes, as: UTF8.self).lowercased()
        let lowerBytes = Array(lower.utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count,
                let next = Optional(bytes[index + 1]),
                next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
                    || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A)
            {
                var end = index + 1
                var quote: UInt8? = nil
                while end < bytes.count {
                    if let q = quote {
                        if bytes[end] == q { quote = nil }
                    } else if bytes[end] == 0x22 || bytes[end] == 0x27 {
                        quote = bytes[end]
                    } else if bytes[end] == UInt8(ascii: ">") {
                        break
                    }
                    end += 1
                }
                let tag = String(decoding: lowerBytes[index..<min(end + 1, bytes.count)], as: UTF8.self)
                let name = String(
                    tag.dropFirst(tag.hasPrefix("</") ? 2 : 1).prefix {
                        $0.isLetter || $0.isNumber || $0 == "-" || $0 == ":"
                    })
                if tag.hasPrefix("</") {
                    if keepers.last == name {
                        keepers.removeLast()
                        keep -= 1
                    }
                } else if !tag.hasSuffix("/>"),
                    ["pre", "textarea", "listing", "xmp"].contains(name)
                        || tag.contains("xml:space=\"preserve\"") || tag.contains("white-space")
                {
                    keepers.append(name)
                    keep += 1
                }
                index = end + 1
                continue
            }
            text[index] = true
            preserved[index] = keep > 0
            index += 1
        }
        return (text, preserved)
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// A document with its contexts worked out once.
    struct Document {
        let source: String
        let bytes: [UInt8]
        let text: [Bool], preserved: [Bool]
        init(_ source: String) {
            self.source = source
            bytes = Array(source.utf8)
            (text, preserved) = Mutation.contexts(bytes)
        }
    }

    /// `xml`: the document is SVG, read by an XML parser.
    static func markup(_ document: Document, xml: Bool, using generator: inout SplitMix) -> Result {
        let source = document.source
        let text = document.text
        let preserved = document.preserved
        var bytes = document.bytes
        /// A random offset meeting `condition`, found by probing rather than listing them all.
        func pick(_ condition: (Int) -> Bool) -> Int? {
            guard !bytes.isEmpty else { return nil }
            for _ in 0..<200 {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                if condition(index) { return index }
            }
            return (0..<bytes.count).first(where: condition)
        }
        func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:  // change a letter of text
            guard let i = pick({ text[$0] && (bytes[$0] | 0x20) >= 0x61 && (bytes[$0] | 0x20) <= 0x7A }) else { break }
            bytes[i] = bytes[i] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            return Result(text: string(bytes), mustFail: true, kind: "text letter")
        case 1:  // split two characters of text with whitespace
            guard
                let i = pick({
                    $0 > 0 && text[$0] && text[$0 - 1] && !isBlank(bytes[$0]) && !isBlank(bytes[$0 - 1])
                        && bytes[$0] < 0x80 && bytes[$0 - 1] < 0x80
                })
            else { break }
            bytes.insert(contentsOf: Array((blanks.prefix(5).randomElement(using: &generator) ?? " ").utf8), at: i)
            return Result(text: string(bytes), mustFail: true, kind: "split text")
        case 2:  // join two words of text
            guard
                let i = pick({
                    $0 > 0 && text[$0] && text[$0 - 1] && isBlank(bytes[$0]) && !isBlank(bytes[$0 - 1])
                        && bytes[$0 - 1] != UInt8(ascii: ">")
                })
            else { break }
            var end = i
            while end < bytes.count, text[end], isBlank(bytes[end]) { end += 1 }
            guard end < bytes.count, text[end], bytes[end] != UInt8(ascii: "<") else { break }
            bytes.removeSubrange(i..<end)
            return Result(text: string(bytes), mustFail: true, kind: "join text")
        case 3:  // whitespace inside a preserving element
            guard let i = pick({ preserved[$0] }) else { break }
            bytes.insert(contentsOf: Array((blanks.prefix(5).randomElement(using: &generator) ?? " ").utf8), at: i)
            return Result(text: string(bytes), mustFail: true, kind: "preserved whitespace")
        case 4:  // an element in text
            guard let i = pick({ text[$0] && ($0 == 0 || !text[$0 - 1] || bytes[$0 - 1] < 0x80) && bytes[$0] < 0x80 })
            else { break }
            bytes.insert(contentsOf: Array("<b>z</b>".utf8), at: i)
            return Result(text: string(bytes), mustFail: true, kind: "insert element")
        case 5:  // an attribute value
            guard let range = source.range(of: "=\"") else { break }
            var copy = source
            copy.insert("q", at: range.upperBound)
            return Result(text: copy, mustFail: true, kind: "attribute value")
        case 6:  // NFC to NFD in text
            guard source.contains("\u{E9}") else { break }
            return Result(
                text: source.replacingOccurrences(of: "\u{E9}", with: "e\u{301}"), mustFail: true, kind: "NFD")
        case 7:  // whitespace anywhere outside text and preserved contexts: not judged here,
            // except before an XML declaration, which must be the file's first bytes
            let first = xml && source.hasPrefix("<?xml") && Bool.random(using: &generator)
            guard let i = first ? 0 : pick({ !text[$0] || (isBlank(bytes[$0]) && !preserved[$0]) }) else { break }
            bytes.insert(contentsOf: Array((blanks.prefix(5).randomElement(using: &generator) ?? " ").utf8), at: i)
            return Result(
                text: string(bytes), mustFail: i == 0 && xml && source.hasPrefix("<?xml"),
                kind: i == 0 ? "whitespace before the XML declaration" : "whitespace")
        case 8:  // line endings: not judged (CRLF is LF to a parser, except where kept verbatim)
            let start = Int.random(in: 0..<max(source.unicodeScalars.count, 1), using: &generator)
            return Result(
                text: window(source, at: start) { $0.replacingOccurrences(of: "\n", with: "\r\n") }, mustFail: false,
                kind: "CRLF")
        default:  // remove a tag
            guard let open = source.range(of: "<b"), let close = source[open.lowerBound...].firstIndex(of: ">") else {
                break
            }
            var copy = source
            copy.removeSubrange(open.lowerBound...close)
            return Result(text: copy, mustFail: true, kind: "remove tag")
        }
        return Result(text: source + "x", mustFail: true, kind: "append text")
    }
}
