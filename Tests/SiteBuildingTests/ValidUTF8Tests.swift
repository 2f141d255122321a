import GameDomain
import Testing

@testable import SiteBuilding

/// macOS 14 takes the check by hand; it must agree with `String(validating:as:)`, which this
/// platform has, on every input.
@Suite("UTF-8 validation")
struct ValidUTF8Tests {
    @Test(
        "The check by hand agrees with the standard library",
        arguments: [
            ("ascii", [0x61, 0x62]), ("empty", []), ("é", [0xC3, 0xA9]), ("👑", [0xF0, 0x9F, 0x91, 0x91]),
            ("overlong /", [0xC0, 0xAF]), ("surrogate", [0xED, 0xA0, 0x80]),
            ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("cut short", [0xE2, 0x82]), ("lone continuation", [0x80]), ("0xFF", [0xFF]),
            ("é then 0xE9", [0xC3, 0xA9, 0xE9]),
        ] as [(String, [UInt8])])
    func knownBytes(label: String, bytes: [UInt8]) {
        #expect(String.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(label)")
        #expect(String(validUTF8: bytes) == String(validating: bytes, as: UTF8.self), "\(label)")
    }

    @Test func randomBytes() {
        var random = SplitMix64(seed: 14)
        // Mostly bytes that make multi-byte sequences, valid or not.
        let pieces: [UInt8] = [
            0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0,
        ]
        var valid = 0
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? 0
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(String.isValidUTF8(bytes) == expected, "\(bytes)")
            if expected { valid += 1 }
        }
        #expect(valid > 1_000)
    }
}
