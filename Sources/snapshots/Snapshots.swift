import ArgumentParser

@main
struct Snapshots: ParsableCommand {
    func run() throws {}
}
