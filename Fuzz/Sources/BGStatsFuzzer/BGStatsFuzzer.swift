import CFuzzerDriver
import Foundation
import PlayImportFuzzing
import PlayImporting

// Every input is a BG Stats export: JSONDecoder, the reader, the mapping and the writer;
// `checkImported` says what must hold.

@main
enum BGStatsFuzzer {
    static func main() {
        exit(gamenight_fuzzer_main(CommandLine.argc, CommandLine.unsafeArgv))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBGStats(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let contents = BGStatsReader.read(data, path: "fuzz.json")
    checkImported(contents.plays, diagnostics: contents.diagnostics, in: data)
    return 0
}
