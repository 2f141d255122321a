import CFuzzerDriver
import Foundation
import PlayImportFuzzing
import PlayImporting

// Every input is a BoardGameGeek play log page: XMLParser, the reader, the mapping and the
// writer; `checkImported` says what must hold.

@main
enum BGGPlaysFuzzer {
    static func main() {
        exit(gamenight_fuzzer_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBGGPlays(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    var plays: [ImportedPlay] = []
    let diagnostics = BGGPlaysReader.read(data, path: "fuzz.xml") { plays.append($0) }
    checkImported(plays, diagnostics: diagnostics, in: data)
    return 0
}
