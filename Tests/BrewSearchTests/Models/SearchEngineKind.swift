import BrewSearch
import BrewSearchReplay
import Testing

/// The designs of the search model, so that one test runs against both.
enum SearchEngineKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case pull
  case push
  /// The pull engine in ``MainActorBrewHistorySearchModel``, driven from the main actor.
  case mainActor
  /// ``ObservationBrewHistorySearchModel``: inputs read through `Observations`.
  case observation

  var testDescription: String { rawValue }

  /// Replays `script` on this engine, on virtual time.
  func replay(
    _ script: [TimedSearchInput], source: [Brew], debounce: Duration = .milliseconds(300)
  ) async throws -> SearchTimeline {
    switch self {
    case .pull: try await ScriptedSession.runPull(script, source: source, debounce: debounce)
    case .push: ScriptedSession.runPush(script, source: source, debounce: debounce)
    case .mainActor:
      try await ScriptedSession.runMainActor(script, source: source, debounce: debounce)
    case .observation:
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        try await ScriptedSession.runObservation(script, source: source, debounce: debounce)
      } else {
        throw ObservationsUnavailable()
      }
    }
  }
}

/// `Observations` needs the Swift 6.2 runtime (always there on Linux).
struct ObservationsUnavailable: Error {}

/// `[(0, .text("b")), (5, .text("br"))]` → timed inputs at those milliseconds.
func timed(_ steps: [(Int, SearchInput)]) -> [TimedSearchInput] {
  steps.map { TimedSearchInput(time: .milliseconds($0.0), input: $0.1) }
}

extension SearchTimeline {
  /// The ids of the last filter pass, or `nil` when there was none.
  var lastResults: [String]? {
    guard case .results(let ids)? = results.last?.kind else { return nil }
    return ids
  }
}
