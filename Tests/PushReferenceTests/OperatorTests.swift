import PushReference
import Testing

@Suite struct RemoveDuplicatesTests {
  @Test func dropsConsecutiveRepeats() throws {
    try expectPushMarbles(["aab-bca-a|"], "a-b--ca--|") { inputs, _ in
      inputs[0].removeDuplicates()
    }
  }

  @Test func comparesWithThePreviousValueReceived() {
    let subject = PassthroughSubject<Int, Never>()
    var received: [Int] = []
    let cancellable = subject.removeDuplicates { abs($0 - $1) < 2 }.sink { received.append($0) }
    for value in [1, 2, 3, 5] { subject.send(value) }
    // 2 is close to 1 and 3 is close to 2 (received, though dropped); 5 is not close to 3.
    #expect(received == [1, 5])
    _ = cancellable
  }

  @Test func passesTheCompletionThrough() throws {
    try expectPushMarbles(["aa^"], "a-^") { inputs, _ in inputs[0].removeDuplicates() }
  }
}

@Suite struct MapFilterTests {
  @Test func mapTransformsEveryValue() throws {
    try expectPushMarbles(["a-b|"], "A-B|") { inputs, _ in inputs[0].map { $0.uppercased() } }
  }

  @Test func filterKeepsMatchingValues() throws {
    try expectPushMarbles(["a1b2|"], "-1-2|") { inputs, _ in
      inputs[0].filter { $0.first!.isNumber }
    }
  }

  @Test func filterPassesTheFailureThrough() throws {
    try expectPushMarbles(["ab^"], "--^") { inputs, _ in inputs[0].filter { _ in false } }
  }

  @Test func erasedPublisherBehavesLikeTheOriginal() throws {
    try expectPushMarbles(["a-b|"], "A-B|") { inputs, _ in
      inputs[0].map { $0.uppercased() }.eraseToAnyPublisher()
    }
  }
}

/// The article's pipeline, end to end: debounce → removeDuplicates → two subscribers.
@Suite struct ArticlePipelineTests {
  @Test func debouncedSearchTextFeedsTwoIndependentSubscribers() {
    let scheduler = VirtualTimeScheduler()
    let searchTextSubject = CurrentValueSubject<String, Never>("")
    let ratingSubject = CurrentValueSubject<Int, Never>(0)
    var cancellables: Set<AnyCancellable> = []
    var filterPasses: [String] = []
    var recentSearches: [String] = []

    let debouncedSearchText =
      searchTextSubject
      .debounce(for: .milliseconds(300), scheduler: scheduler)
      .removeDuplicates()
      .share()
    Publishers.CombineLatest(debouncedSearchText, ratingSubject)
      .map { text, rating in "\(text)>=\(rating)" }
      .sink { filterPasses.append($0) }
      .store(in: &cancellables)
    debouncedSearchText
      .filter { !$0.isEmpty }
      .sink { recentSearches.append($0) }
      .store(in: &cancellables)

    scheduler.advance(by: .milliseconds(300))
    for partial in ["b", "br", "bri", "brig", "bright"] {
      searchTextSubject.value = partial
      scheduler.advance(by: .milliseconds(5))
    }
    scheduler.advance(by: .milliseconds(300))
    ratingSubject.value = 4

    #expect(filterPasses == [">=0", "bright>=0", "bright>=4"])
    #expect(recentSearches == ["bright"])
  }
}
