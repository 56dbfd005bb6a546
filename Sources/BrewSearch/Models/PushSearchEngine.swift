import PushReference
import Synchronization

/// The push engine behind ``PushBrewHistorySearchModel``: one `CurrentValueSubject` per input
/// (each input's single source of truth) and the article's two subscriptions.
///
/// ```swift
/// let model = PushBrewHistorySearchModel(scheduler: scheduler)   // creates this engine
/// model.engine.searchText                                         // the subject's value
/// ```
///
/// Subscriber 1 runs `Publishers.CombineLatest4` of the debounced, de-duplicated text and the
/// other three inputs through a synchronous filter; subscriber 2 records recent searches from
/// the same debounced text, unaware of subscriber 1. Both deliver on the thread that sends or
/// advances the scheduler; the subscriptions end with the engine.
public final class PushSearchEngine: BrewSearchEngine {
  private let cancellables = Mutex<Set<AnyCancellable>>([])
  private let searchTextSubject = CurrentValueSubject<String, Never>("")
  private let methodFilterSubject = CurrentValueSubject<BrewMethod?, Never>(nil)
  private let minimumRatingSubject = CurrentValueSubject<Int, Never>(0)
  private let allBrewsSubject = CurrentValueSubject<[Brew], Never>([])

  /// Creates the subjects and subscribes the two pipelines, publishing to `output`.
  ///
  /// - Parameters:
  ///   - debounce: How long the text must stay unchanged before it is searched.
  ///   - scheduler: Where the debounce waits: a `VirtualTimeScheduler` in tests.
  ///   - filter: The synchronous filter the `map` runs.
  ///   - output: Where results and recent terms are published.
  public init<S: Scheduler>(
    debounce: Duration,
    scheduler: S,
    filter: @escaping @Sendable (BrewQuery, [Brew]) -> [Brew],
    output: BrewSearchOutput
  ) {
    let interval = S.SchedulerTimeType.Stride.nanoseconds(
      Int(debounce.components.seconds) * 1_000_000_000
        + Int(debounce.components.attoseconds / 1_000_000_000))
    let debouncedSearchText =
      searchTextSubject
      .debounce(for: interval, scheduler: scheduler)
      .removeDuplicates()

    // Subscriber 1: the filtered list.
    let filtering = Publishers.CombineLatest4(
      debouncedSearchText, methodFilterSubject, minimumRatingSubject, allBrewsSubject
    )
    .map { searchText, method, minimumRating, brews in
      filter(BrewQuery(text: searchText, method: method, minimumRating: minimumRating), brews)
    }
    .sink { filtered in output.publish(FilteredBrews(filtered)) }

    // Subscriber 2: recent searches, on the same debounced text, unaware of subscriber 1.
    let recording =
      debouncedSearchText
      .filter { !$0.isEmpty }
      .sink { term in output.record(term) }

    cancellables.withLock { cancellables in
      filtering.store(in: &cancellables)
      recording.store(in: &cancellables)
    }
  }

  /// The search text subject's value.
  public var searchText: String { searchTextSubject.value }
  /// The method subject's value.
  public var methodFilter: BrewMethod? { methodFilterSubject.value }
  /// The rating subject's value.
  public var minimumRating: Int { minimumRatingSubject.value }

  /// Sends `input` into its subject; the pipeline runs synchronously on this thread.
  public func send(_ input: SearchInput) {
    switch input {
    case .text(let text): searchTextSubject.send(text)
    case .method(let method): methodFilterSubject.send(method)
    case .rating(let rating): minimumRatingSubject.send(rating)
    case .source(let brews): allBrewsSubject.send(brews)
    }
  }
}
