/// One benchmark case: a named workload that processes a number of elements.
///
/// A case has two phases. `prepare` runs once per case, untimed (build inputs, indexes, ...), and
/// returns the timed body. The harness calls the body once per warm-up and once per repetition and
/// times only that call. The body returns a ``RunOutcome`` naming how many elements it processed
/// and a checksum of what it saw, which the harness verifies, so a consumer that skipped elements
/// or code the optimiser removed fails loudly instead of looking fast.
///
/// Adding a case takes a few lines in an `extension BenchCase` plus one entry in
/// ``BenchCase/registry``. Without a setup phase, `measure` is timed as a whole:
///
/// ```swift
/// extension BenchCase {
///   static let removeDuplicates = BenchCase(
///     name: "removeDuplicates", summary: "removeDuplicates of a synchronous source; per element",
///     size: 1_000_000, quickSize: 10_000,
///     measure: { count in
///       var sum = 0
///       for await value in numbers(count).removeDuplicates() { sum &+= value }
///       return RunOutcome(elements: count, checksum: sum, expected: triangular(count))
///     })
/// }
/// ```
///
/// With expensive input, build it in `prepare` and return the timed body:
///
/// ```swift
///   static let searchOnePass = BenchCase(
///     name: "search-1m", summary: "one full filter pass; per brew",
///     size: 1_000_000, quickSize: 10_000, repetitions: 3,
///     prepare: { count in
///       let index = makeIndex(brews: count)  // untimed, once per case
///       let expected = naiveMatchCount(index, "latte")
///       return {  // timed, once per warm-up and repetition
///         let matches = index.matches("latte").count
///         return RunOutcome(
///           elements: count, checksum: matches, expected: expected,
///           extraFields: [("matches", Double(matches))])
///       }
///     })
/// ```
///
/// (`numbers`, `makeIndex` and `naiveMatchCount` stand for whatever the case needs.)
struct BenchCase: Sendable {
  /// The timed part of a case: processes the prepared input once.
  typealias Body = @concurrent @Sendable () async throws -> RunOutcome

  /// The name used on the command line and in the `case` field of the JSON output.
  let name: String
  /// One line for `--help`: what is measured and what one "element" is.
  let summary: String
  /// The workload size (`N`) handed to `prepare` in a full run.
  let size: Int
  /// The workload size handed to `prepare` under `--quick`.
  let quickSize: Int
  /// Timed repetitions in a full run; the reported time is their median.
  let repetitions: Int
  /// Untimed runs before the repetitions (caches, lazy allocation, thread pool start-up).
  let warmups: Int
  /// Builds the input for a workload of the given size and returns the timed body.
  let prepare: @concurrent @Sendable (_ size: Int) async throws -> Body

  /// Creates a case whose untimed `prepare` builds the input and returns the timed body.
  init(
    name: String, summary: String, size: Int, quickSize: Int, repetitions: Int = 5,
    warmups: Int = 1, prepare: @escaping @concurrent @Sendable (_ size: Int) async throws -> Body
  ) {
    self.name = name
    self.summary = summary
    self.size = size
    self.quickSize = quickSize
    self.repetitions = repetitions
    self.warmups = warmups
    self.prepare = prepare
  }

  /// Creates a case without a setup phase: every warm-up and repetition calls `measure(size)`.
  init(
    name: String, summary: String, size: Int, quickSize: Int, repetitions: Int = 5,
    warmups: Int = 1,
    measure: @escaping @concurrent @Sendable (_ size: Int) async throws -> RunOutcome
  ) {
    self.init(
      name: name, summary: summary, size: size, quickSize: quickSize, repetitions: repetitions,
      warmups: warmups, prepare: { size in { try await measure(size) } })
  }
}
