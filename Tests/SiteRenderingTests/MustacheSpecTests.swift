import Foundation
import GameDomain
import Testing

@testable import SiteRendering

/// Every test of the official Mustache spec (MustacheSpec/, MIT-licensed data): the required
/// modules and the optional inheritance and dynamic-names ones pass; lambdas are an error at
/// the tag that uses one, since a template cannot define code.
@Suite("Mustache spec")
struct MustacheSpecTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var name: String
        var template: String
        var data: TemplateValue
        var partials: [String: String]
        var expected: String

        var testDescription: String { "\(file): \(name)" }
    }

    static let modules = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~dynamic-names", "~inheritance",
    ]

    @Test(arguments: modules.flatMap(cases))
    func passes(_ test: Case) throws {
        #expect(try render(test) == test.expected)
    }

    @Test(arguments: cases(in: "~lambdas"))
    func lambdasAreAnErrorAtTheirTag(_ test: Case) throws {
        #expect {
            try render(test)
        } throws: { error in
            guard let error = error as? Diagnostic, error.message.contains("is a lambda"), let location = error.location
            else { return false }
            // The line and column point at the tag that names the lambda.
            let lines = test.template.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.indices.contains(location.line - 1) else { return false }
            return error.path == "t"
                && lines[location.line - 1].dropFirst(location.column - 1).prefix(12).contains("lambda")
        }
    }

    @Test func everyFileIsRun() {
        #expect(Self.modules.flatMap(Self.cases).count + Self.cases(in: "~lambdas").count == 194)
    }

    func render(_ test: Case) throws -> String {
        var overrides = test.partials.reduce(into: [String: (path: String, text: String)]()) {
            $0["\($1.key).mustache"] = ("p", $1.value)
        }
        overrides["test-page.mustache"] = ("t", test.template)
        return try Templates(overrides: overrides).render(test.data, with: "test-page", page: "test.html")
    }

    static func cases(in file: String) -> [Case] {
        struct Spec: Decodable {
            struct Test: Decodable {
                var name: String
                var template: String
                var data: JSON
                var partials: [String: String]?
                var expected: String
            }
            var tests: [Test]
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "MustacheSpec/\(file).json")
        guard let data = try? Data(contentsOf: url), let spec = try? JSONDecoder().decode(Spec.self, from: data) else {
            return []
        }
        return spec.tests.map {
            Case(
                file: file, name: $0.name, template: $0.template, data: $0.data.value, partials: $0.partials ?? [:],
                expected: $0.expected)
        }
    }
}

/// Any JSON value, as the spec's data; `{"__tag__": "code"}` is a lambda.
private struct JSON: Decodable {
    var value: TemplateValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let flag = try? container.decode(Bool.self) {
            value = .flag(flag)
        } else if let number = try? container.decode(Double.self) {
            value = .text(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))
        } else if let text = try? container.decode(String.self) {
            value = .text(text)
        } else if let items = try? container.decode([JSON].self) {
            value = .list(items.map(\.value))
        } else {
            let fields = try container.decode([String: JSON].self)
            if case .text("code")? = fields["__tag__"]?.value {
                value = .lambda
            } else {
                value = .object(TemplateFields(fields.map { ($0.key, $0.value.value) }))
            }
        }
    }
}
