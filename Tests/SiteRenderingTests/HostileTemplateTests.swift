import Foundation
import GameDomain
import Testing

@testable import SiteRendering

/// Templates written to hurt: each gives a clear error or a bounded result, quickly, and none
/// can crash the process.
@Suite("Hostile templates")
struct HostileTemplateTests {
    func templates(_ files: [String: String]) throws -> Templates {
        try Templates(
            overrides: files.reduce(into: [:]) { $0["\($1.key).mustache"] = ("t/\($1.key).mustache", $1.value) })
    }

    func nested(_ depth: Int) -> String {
        String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
    }

    /// On a thread with a 512 KiB stack (macOS's secondary threads): nesting past the limit is
    /// an error when parsing, and the deepest template allowed, included as deep as partials
    /// may go, renders.
    @Test func deepNestingIsAnErrorAndTheLimitIsSafeOnASmallStack() async throws {
        let results = await onSmallStack { () -> (deep: String, limit: String, partials: String) in
            var deepError = "parsed"
            do { _ = try templates(["page": nested(50_000)]) } catch {
                deepError = (error as? TemplateErrors)?.errors.map(\.description).joined() ?? "\(error)"
            }
            let limit =
                (try? templates(["page": nested(Mustache.maxNesting)]).render(["a": true], with: "page", page: "p.html"))
                ?? "failed"
            // Every partial holds sections nested to the limit around the next one.
            var chain: [String: String] = [:]
            for level in 0..<Mustache.maxDepth {
                let inner = level + 1 < Mustache.maxDepth ? "{{>p\(level + 1)}}" : "end"
                chain["p\(level)"] =
                    String(repeating: "{{#a}}", count: Mustache.maxNesting - 1) + inner
                    + String(repeating: "{{/a}}", count: Mustache.maxNesting - 1)
            }
            let partials = (try? templates(chain).render(["a": true], with: "p0", page: "p.html")) ?? "failed"
            return (deepError, limit, partials)
        }
        #expect(
            results.deep == "t/page.mustache:1:601: error: sections, parents and blocks nest more than 100 deep here; "
                + "flatten the template or move the inner part into a partial")
        #expect(results.limit == "x")
        #expect(results.partials == "end")
    }

    @Test func aPartialIncludingItselfIsAnErrorAtItsTag() throws {
        let text = String(repeating: "x", count: 1_000)
        #expect {
            try templates(["page": "{{>self}}", "self": "\(text)\n{{>self}}{{>self}}"]).render(
                [:], with: "page", page: "index.html")
        } throws: { error in
            (error as? Diagnostic)?.description
                == "t/self.mustache:2:1: error: cannot render index.html: partials, parents and blocks include one "
                + "another more than 64 deep here; a partial or block that includes itself needs a section that ends the recursion"
        }
    }

    /// Found by the template fuzzer: a block override holding its own block renders itself again
    /// and again, printing nothing, until memory ran out; three copies took minutes. It is an
    /// error at the inner block once 64 deep, like a partial including itself.
    @Test(arguments: ["{{$b}}{{$b}}{{/b}}{{/b}}", "{{$b}}x{{$b}}{{/b}}{{$b}}{{/b}}{{$b}}{{/b}}{{/b}}"])
    func aBlockHoldingItselfIsAnErrorAtItsTag(override: String) throws {
        #expect {
            try templates(["page": "{{<parent}}\(override){{/parent}}", "parent": "{{$b}}{{/b}}"]).render(
                [:], with: "page", page: "index.html")
        } throws: { error in
            let description = (error as? Diagnostic)?.description ?? "\(error)"
            return description.hasPrefix("t/page.mustache:1:")
                && description.contains("partials, parents and blocks include one another more than 64 deep")
        }
    }

    /// 20 levels of partials, each including the next twice, around 1 KB of text: 1 GB without the budget.
    @Test func outputPastTheBudgetIsAnErrorNamingTheTemplateAndThePage() throws {
        var files = ["page": "{{>d0}}", "d20": String(repeating: "x", count: 1_024)]
        for level in 0..<20 { files["d\(level)"] = "{{>d\(level + 1)}}{{>d\(level + 1)}}" }
        #expect {
            try templates(files).render([:], with: "page", page: "games/big.html")
        } throws: { error in
            (error as? Diagnostic)?.description
                == "t/d20.mustache:1:1: error: cannot render games/big.html: the page grows past the output "
                + "budget of 64 MB here; look for a partial or section that repeats without end"
        }
    }

    /// Partials in lists multiply: ten items over three levels is 1,110 expansions, past a budget of 1,000
    /// (the real one, a million, stops a list of a hundred over three levels).
    @Test func partialsInListsStopAtTheExpansionBudget() throws {
        let files = try [
            "p0": "{{#a}}{{>p1}}{{/a}}", "p1": "{{#a}}{{>p2}}{{/a}}", "p2": "{{#a}}{{>p3}}{{/a}}", "p3": "",
        ].mapValues(Mustache.init)
        var renderer = Mustache.Renderer(
            templates: files, stack: [["a": .list(Array(repeating: true, count: 10))]], expansions: 1_000)
        var output: [UInt8] = []
        #expect {
            try renderer.render("p0", into: &output)
        } throws: { error in
            (error as? Mustache.RenderError)?.message.hasPrefix(
                "more than 1000 partials, parents and blocks for one page") == true
        }
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var make: @Sendable (Int) -> String
        var testDescription: String { name }
    }

    /// Parsing n and 4n units of the same shape: linear work grows about 4×, quadratic 16×.
    /// The least thread CPU time of three runs keeps other processes out of the figure.
    @Test(arguments: [
        Shape(name: "sibling sections, one a line") { String(repeating: "{{#a}}x{{/a}}\n", count: $0) },
        Shape(name: "sibling sections on one line") { String(repeating: "{{#a}}{{b}}{{/a}}", count: $0) },
        Shape(name: "text lines") { String(repeating: "  <p>some text</p>\n", count: $0) },
        Shape(name: "standalone lines in blocks") {
            String(repeating: "{{$b}}\n  {{#a}}\n  x\n  {{/a}}\n{{/b}}\n", count: $0 / 4)
        },
        Shape(name: "sections nested to the limit") {
            String(repeating: "{{#a}}", count: 99) + String(repeating: "{{v}}\n", count: $0)
                + String(repeating: "{{/a}}", count: 99)
        },
    ])
    func parsingIsLinear(_ shape: Shape) throws {
        func cost(_ units: Int) throws -> Double {
            let text = shape.make(units)
            var least = Double.infinity
            for _ in 0..<3 {
                let start = threadCPUTime()
                _ = try Mustache(parsing: text)
                least = min(least, threadCPUTime() - start)
            }
            return least
        }
        // A ratio over the bound is measured again: beside other tests one slow moment can
        // double a figure, while quadratic work (16) stays over it every time.
        var ratios: [Double] = []
        while ratios.count < 3, ratios.allSatisfy({ $0 >= 8 }) {
            let small = try cost(2_500)
            let large = try cost(10_000)
            ratios.append(large / small)
        }
        #expect(ratios.contains { $0 < 8 }, "4n against n: \(ratios)")
    }
}

/// The running thread's CPU time in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Runs `body` on a new thread with a 512 KiB stack, the size of macOS's secondary threads.
func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 512 * 1024
        thread.start()
    }
}
