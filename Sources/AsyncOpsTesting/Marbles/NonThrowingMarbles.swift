import AsyncOps
import Testing

/// Like ``recordMarbles(_:tick:consumers:leaves:drainTicks:render:sourceLocation:_:)``, with inputs that
/// cannot fail, of the app's own type: each input marble becomes an
/// ``AsyncNonThrowingTestSource`` whose elements are `values(letter)`, so a pipeline typed
/// `some AsyncSequence<Query, Never>` is fed as it is.
///
/// ```swift
/// let outputs = try await recordMarbles(["s-a--|"], values: { ["s": "s", "a": "sa"][$0]! }) {
///   inputs, clock in inputs[0].debounce(for: .milliseconds(2), clock: clock)
/// }
/// ```
///
/// - Parameters:
///   - inputs: One marble per input, in argument order; a failure (`^`) has no place in them.
///   - values: The element a marble element stands for (`"a"` → `"sa"`, `"3"` → `3`).
///   - tick: The virtual duration of one marble position. Default: 1 ms.
///   - consumers: The tick at which each consumer makes its iterator; one output per consumer.
///     Default: `[0]`.
///   - drainTicks: How long time may run on after the last input tick. Default: 10,000 ticks.
///   - render: How an element is written in the output marble. Default: `String(describing:)`.
///   - sourceLocation: Where an issue about left-over work is recorded (see `withVirtualTime`).
///   - build: Makes the sequence under test from the inputs and the clock.
/// - Returns: The timeline each consumer received, ending at its last event.
/// - Throws: `MarbleSyntaxError` for an invalid input marble or one with a failure, or a
///   ``VirtualTimeError``.
public func recordMarbles<Value: Sendable, Output: AsyncSequence & Sendable>(
  _ inputs: [String],
  values: @escaping @Sendable (String) -> Value,
  tick: Duration = .milliseconds(1),
  consumers: [Int] = [0],
  drainTicks: Int = 10_000,
  render: @escaping @Sendable (Output.Element) -> String = { String(describing: $0) },
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build:
    @escaping @Sendable (
      _ inputs: [AsyncNonThrowingTestSource<Value>], _ clock: TestClock
    ) -> Output
) async throws -> [MarbleTimeline] {
  let timelines = try inputs.map { marble throws(MarbleSyntaxError) in
    let timeline = try MarbleTimeline(parsing: marble)
    if timeline.ticks.contains(where: { $0.contains(.failure) }) {
      let position = marble.distance(
        from: marble.startIndex, to: marble.firstIndex(of: "^") ?? marble.startIndex)
      throw MarbleSyntaxError(
        marble: marble, position: position,
        reason:
          "a failure (^) in the input of a source that cannot fail: use the AsyncTestSource form "
          + "(without `values:`) to test failures")
    }
    return timeline
  }
  return try await runMarbles(
    timelines, tick: tick, consumers: consumers, drainTicks: drainTicks, render: render,
    sourceLocation: sourceLocation,
    makeSource: { AsyncNonThrowingTestSource<Value>(name: "input \($0 + 1)") },
    deliver: { source, event in
      switch event {
      case .value(let letter): source.send(values(letter))
      case .finish: source.finish()
      case .failure: preconditionFailure("rejected above")
      }
    }, build)
}

/// Like ``expectMarbles(_:_:tick:render:sourceLocation:_:)``, with inputs that cannot fail, of the
/// app's own type: marble-tests a pipeline typed `some AsyncSequence<Element, Never>`.
///
/// ```swift
/// // The app's pipeline: what is typed in, what is shown.
/// func playerSearch(
///   _ query: some AsyncSequence<String, Never> & Sendable, clock: some Clock<Duration>
/// ) -> some AsyncSequence<[String], Never> & Sendable { ... }
///
/// @Test func typingSettlesIntoOneSearch() async throws {
///   let typed: @Sendable (String) -> String = { ["s": "s", "a": "sa"][$0]! }  // letters → values
///   let shown: @Sendable ([String]) -> String = { $0.joined(separator: ",") }  // values → marbles
///   try await expectMarbles(
///     ["sa------|"], "----'Saka,Salah'---|", values: typed, tick: .milliseconds(100),
///     render: shown
///   ) { inputs, clock in playerSearch(inputs[0], clock: clock) }
/// }
/// ```
///
/// - Parameters:
///   - inputs: One marble per input, in argument order; a failure (`^`) has no place in them.
///   - expected: The marble the one consumer should receive.
///   - values: The element a marble element stands for (`"a"` → `"sa"`; `\.self` for strings).
///   - tick: The virtual duration of one marble position. Default: 1 ms.
///   - render: How an element is written in the output marble. Default: `String(describing:)`.
///   - sourceLocation: Where a mismatch is recorded; by default the call, as `#expect` does.
///   - build: Makes the sequence under test from the inputs and the clock.
/// - Throws: `MarbleSyntaxError` for an invalid marble or an input with a failure, or a
///   ``VirtualTimeError``. A mismatch is recorded, not thrown.
public func expectMarbles<Value: Sendable, Output: AsyncSequence & Sendable>(
  _ inputs: [String],
  _ expected: String,
  values: @escaping @Sendable (String) -> Value,
  tick: Duration = .milliseconds(1),
  render: @escaping @Sendable (Output.Element) -> String = { String(describing: $0) },
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build:
    @escaping @Sendable (
      _ inputs: [AsyncNonThrowingTestSource<Value>], _ clock: TestClock
    ) -> Output
) async throws {
  let expectedTimeline = try MarbleTimeline(parsing: expected)
  let output = try await recordMarbles(
    inputs, values: values, tick: tick, render: render, sourceLocation: sourceLocation, build)[0]
  recordMismatch(output, expected: expectedTimeline, sourceLocation: sourceLocation)
}
