import Foundation
import GameDomain
import SiteRendering

/// The parts of catalog pages that `serve` keeps between builds (`PageFragments`), each with
/// the inputs of its page when it was made. The render stage's workers ask at once: a lock.
final class FragmentStore: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: (inputs: Fingerprint, text: String)] = [:]
    /// Fragments made rather than kept, by name, for tests.
    private var madeCounts: [String: Int] = [:]
    var made: [String: Int] { lock.withLock { madeCounts } }
    /// Each year's figures as text, for `SiteDependencies`: making it is most of a year's unit.
    private var years: [String: (review: YearInReview, text: String)] = [:]

    /// `String(describing: review)`, kept while the year's figures stay the same.
    func figures(of review: YearInReview) -> String {
        if let kept = lock.withLock({ years[review.year] }), kept.review == review { return kept.text }
        let text = String(describing: review)
        lock.withLock { years[review.year] = (review, text) }
        return text
    }

    /// The fragments as one build sees them: its catalog, and what its pages depend on.
    struct Build: PageFragments {
        let store: FragmentStore
        let dependencies: SiteDependencies
        let catalog: SiteCatalog

        func fragment(of page: CatalogPage, _ name: String, make: () -> String) -> String {
            let unit = dependencies.unit(.page(page), in: catalog)
            let key = unit.id + "\n" + name
            if let kept = store.lock.withLock({ store.kept[key] }), kept.inputs == unit.inputs { return kept.text }
            let text = make()
            store.lock.withLock {
                store.kept[key] = (unit.inputs, text)
                store.madeCounts[name, default: 0] += 1
            }
            return text
        }
    }
}
