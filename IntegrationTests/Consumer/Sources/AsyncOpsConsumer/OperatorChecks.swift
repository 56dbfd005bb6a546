import AsyncOps

/// Every operator of AsyncOps as an app uses it: `for await` / `for try await` loops on the real
/// `ContinuousClock`. Each check passes whatever the machine's load: time only ever makes a
/// debounce emit more (never fewer, never other) elements, and those are checked as such.
enum OperatorChecks {
  /// A sequence that has produced `value` and finished.
  static func one(_ value: Int) -> AsyncStream<Int> {
    AsyncStream { continuation in
      continuation.yield(value)
      continuation.finish()
    }
  }

  /// A sequence of `values`, produced at once, then finished.
  static func elements<Element: Sendable>(_ values: [Element]) -> AsyncStream<Element> {
    AsyncStream { continuation in
      for value in values { continuation.yield(value) }
      continuation.finish()
    }
  }

  static func debounceEmitsTheLastOfABurst() async throws {
    // A burst, then the finish: the last element is always emitted (pull debounce flushes a
    // pending element on finish); a slow machine may let earlier ones through, in order.
    let typed = ["j", "ja", "jas", "jasm"]
    var emitted: [String] = []
    for await text in elements(typed).debounce(for: .milliseconds(30)) {
      emitted.append(text)
    }
    try expectEqual(emitted.last, "jasm", "debounce's last element")
    try expectEqual(emitted.allSatisfy(typed.contains), true, "debounce emits only inputs")
    try expectEqual(emitted, emitted.sorted { $0.count < $1.count }, "debounce keeps the order")
  }

  static func debounceWaitsForQuietOnTheClock() async throws {
    let text = AsyncCurrentValue("")
    let clock = ContinuousClock()
    let interval = Duration.milliseconds(40)
    var sentAt = clock.now
    for await query in text.debounce(for: interval, clock: clock) {
      let waited = clock.now - sentAt
      if query.isEmpty {
        // The current value ("") became quiet; now type.
        sentAt = clock.now
        text.send("kenya")
        continue
      }
      try expectEqual(query, "kenya", "debounced text")
      try expectEqual(waited >= interval, true, "waited at least the interval (\(waited))")
      text.finish()
    }
  }

  static func combineLatestOfEveryArityInline() async throws {
    var sums: [Int] = []
    for await (a, b) in combineLatest(one(1), one(2)) { sums.append(a + b) }
    for await (a, b, c) in combineLatest(one(1), one(2), one(3)) { sums.append(a + b + c) }
    for await (a, b, c, d) in combineLatest(one(1), one(2), one(3), one(4)) {
      sums.append(a + b + c + d)
    }
    for try await (a, b, c, d, e) in combineLatest(one(1), one(2), one(3), one(4), one(5)) {
      sums.append(a + b + c + d + e)
    }
    for try await (a, b, c, d, e, f)
      in combineLatest(one(1), one(2), one(3), one(4), one(5), one(6))
    {
      sums.append(a + b + c + d + e + f)
    }
    for try await (a, b, c, d, e, f, g)
      in combineLatest(one(1), one(2), one(3), one(4), one(5), one(6), one(7))
    {
      sums.append(a + b + c + d + e + f + g)
    }
    for try await (a, b, c, d, e, f, g, h)
      in combineLatest(one(1), one(2), one(3), one(4), one(5), one(6), one(7), one(8))
    {
      sums.append(a + b + c + d + e + f + g + h)
    }
    try expectEqual(sums, [3, 6, 10, 15, 21, 28, 36], "one tuple per arity")
  }

  static func combineLatestFollowsTheLatestValues() async throws {
    let query = AsyncCurrentValue("")
    let rating = AsyncCurrentValue(3)
    var seen: [String] = []
    for await (text, minimum) in combineLatest(query, rating) {
      seen.append("\(text)/\(minimum)")
      switch seen.count {
      case 1: query.send("kenya")
      case 2: rating.send(5)
      default:
        query.finish()
        rating.finish()
      }
    }
    try expectEqual(seen, ["/3", "kenya/3", "kenya/5"], "tuples")
  }

  static func shareGivesEveryConsumerEveryElement() async throws {
    let (source, input) = AsyncStream.makeStream(of: Int.self)
    let shared = source.share(replay: 1)
    let (ready, readyInput) = AsyncStream.makeStream(of: Void.self)
    let received = await withTaskGroup(of: [Int].self) { group in
      for _ in 0..<2 {
        group.addTask {
          var iterator = shared.makeAsyncIterator()
          readyInput.yield()
          var values: [Int] = []
          while let value = await iterator.next() { values.append(value) }
          return values
        }
      }
      // Both iterators exist before the first element: each gets every element.
      var readyCount = 0
      for await _ in ready {
        readyCount += 1
        if readyCount == 2 { break }
      }
      for value in 1...5 { input.yield(value) }
      input.finish()
      var all: [[Int]] = []
      for await values in group { all.append(values) }
      return all
    }
    try expectEqual(received, [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5]], "both consumers")
    // A consumer that comes after the finish gets the replayed last element, then the end.
    var late: [Int] = []
    for await value in shared { late.append(value) }
    try expectEqual(late.count <= 1, true, "a late consumer gets at most the replay")
  }

  static func currentValueGivesTheCurrentThenLaterValues() async throws {
    let rating = AsyncCurrentValue(3)
    var seen: [Int] = []
    for await value in rating {
      seen.append(value)
      if value == 3 { rating.value = 4 } else { rating.finish() }
    }
    try expectEqual(seen, [3, 4], "values")
    try expectEqual(rating.value, 4, "the current value")
  }

  static func removeDuplicatesWithEveryPredicate() async throws {
    let letters = ["a", "a", "A", "b", "b", "a"]
    var plain: [String] = []
    for await letter in elements(letters).removeDuplicates() { plain.append(letter) }
    var caseless: [String] = []
    for await letter in elements(letters).removeDuplicates(by: {
      $0.lowercased() == $1.lowercased()
    }) {
      caseless.append(letter)
    }
    var awaited: [String] = []
    for await letter in elements(letters).removeDuplicates(by: { a, b in
      await Task.yield()
      return a == b
    }) {
      awaited.append(letter)
    }
    var throwing: [String] = []
    for try await letter in elements(letters).removeDuplicates(by: { a, b in
      guard !a.isEmpty else { throw CheckFailure(description: "empty letter") }
      return a == b
    }) {
      throwing.append(letter)
    }
    try expectEqual(plain, ["a", "A", "b", "a"], "removeDuplicates()")
    try expectEqual(caseless, ["a", "b", "a"], "removeDuplicates(by:)")
    try expectEqual(awaited, ["a", "A", "b", "a"], "removeDuplicates(by:) async")
    try expectEqual(throwing, ["a", "A", "b", "a"], "removeDuplicates(by:) throws")
  }
}
