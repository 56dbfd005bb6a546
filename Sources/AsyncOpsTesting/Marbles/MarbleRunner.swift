import AsyncOps
@_exported import MarbleNotation
import Synchronization
import Testing

/// Runs an operator on marble inputs, on virtual time, and records what each consumer receives.
///
/// Each input marble becomes an ``AsyncTestSource`` of `String`; `build` turns the sources into
/// the sequence under test, using the `TestClock` it is given for any timer. One tick is `tick` of
/// virtual time. At each tick, in this order: timers due at that tick fire and everything runs to
/// quiescence; consumers that leave at that tick are cancelled (their output just stops);
/// consumers that start at that tick make their iterator; then each input's events of
/// that tick are delivered in argument order, with quiescence after each. After the last tick, time
/// runs on until nothing is pending (at most `drainTicks` more ticks), and the consumers that are
/// still waiting are cancelled — which is not recorded as a finish.
///
/// ```swift
/// let outputs = try await recordMarbles(["a-b-|"]) { inputs, clock in
///   inputs[0].map { $0.uppercased() }
/// }
/// outputs[0].description   // "A-B-|"
/// ```
///
/// - Parameters:
///   - inputs: One marble per input, in argument order.
///   - tick: The virtual duration of one marble position. Default: 1 ms.
///   - consumers: The tick at which each consumer makes its iterator; one output per consumer.
///     Every consumer iterates the same sequence, so `share` can be observed. Default: `[0]`.
///   - leaves: The tick at which each consumer leaves (its task is cancelled; what it receives
///     from then on is not recorded), `nil` for one that stays; indexed like `consumers`, and
///     may be shorter. Default: none leaves.
///   - drainTicks: How long time may run on after the last input tick. Default: 10,000 ticks.
///   - render: How an element is written in the output marble. Default: `String(describing:)`.
///   - sourceLocation: Where an issue about left-over work is recorded (see `withVirtualTime`).
///   - build: Makes the sequence under test from the inputs and the clock.
/// - Returns: The timeline each consumer received, ending at its last event.
/// - Throws: `MarbleSyntaxError` for an invalid input marble, or a ``VirtualTimeError``.
public func recordMarbles<Output: AsyncSequence & Sendable>(
  _ inputs: [String],
  tick: Duration = .milliseconds(1),
  consumers: [Int] = [0],
  leaves: [Int?] = [],
  drainTicks: Int = 10_000,
  render: @escaping @Sendable (Output.Element) -> String = { String(describing: $0) },
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: @escaping @Sendable (_ inputs: [AsyncTestSource<String>], _ clock: TestClock) -> Output
) async throws -> [MarbleTimeline] {
  let timelines = try inputs.map { marble throws(MarbleSyntaxError) in
    try MarbleTimeline(parsing: marble)
  }
  return try await runMarbles(
    timelines, tick: tick, consumers: consumers, leaves: leaves, drainTicks: drainTicks,
    render: render,
    sourceLocation: sourceLocation,
    makeSource: { AsyncTestSource<String>(name: "input \($0 + 1)") },
    deliver: { $0.deliver($1) }, build)
}

/// The marble run shared by every `recordMarbles`: makes one source per input with `makeSource`,
/// delivers each event with `deliver`, and records what each consumer receives.
func runMarbles<Source: Sendable, Output: AsyncSequence & Sendable>(
  _ timelines: [MarbleTimeline],
  tick: Duration,
  consumers: [Int],
  leaves: [Int?] = [],
  drainTicks: Int,
  render: @escaping @Sendable (Output.Element) -> String,
  sourceLocation: SourceLocation,
  makeSource: @escaping @Sendable (Int) -> Source,
  deliver: @escaping @Sendable (Source, MarbleEvent) -> Void,
  _ build: @escaping @Sendable (_ inputs: [Source], _ clock: TestClock) -> Output
) async throws -> [MarbleTimeline] {
  precondition(consumers.allSatisfy { $0 >= 0 }, "a consumer cannot start before tick 0")
  precondition(leaves.count <= consumers.count, "a leave tick for a consumer that does not exist")
  let leaves = leaves + Array(repeating: nil, count: consumers.count - leaves.count)
  precondition(
    zip(consumers, leaves).allSatisfy { start, leave in leave.map { $0 > start } ?? true },
    "a consumer leaves after it starts")
  return try await withVirtualTime(sourceLocation: sourceLocation) { time in
    let sources = timelines.indices.map(makeSource)
    let output = build(sources, time.clock)
    let recorders = consumers.map { _ in MarbleRecorder(clock: time.clock, tick: tick) }
    let lastTick = max(
      timelines.map { $0.ticks.count - 1 }.max() ?? 0, consumers.max() ?? 0,
      leaves.compactMap(\.self).max() ?? 0)
    // A consumer that leaves runs in a task of its own, which is cancelled at its leave tick
    // (a child of the group cannot be cancelled alone); the others are the group's children.
    var leavingTasks: [Int: Task<Void, Never>] = [:]
    await withTaskGroup(of: Void.self) { group in
      for tickIndex in 0...max(lastTick, 0) {
        await time.advance(to: .zero.advanced(by: tick * tickIndex))
        for (index, leave) in leaves.enumerated() where leave == tickIndex {
          recorders[index].close()
          leavingTasks[index]?.cancel()
          await time.settle()
        }
        for (index, start) in consumers.enumerated() where start == tickIndex {
          let recorder = recorders[index]
          if leaves[index] != nil {
            leavingTasks[index] = Task { await recorder.consume(output, render: render) }
          } else {
            group.addTask { await recorder.consume(output, render: render) }
          }
          await time.settle()
        }
        for (source, timeline) in zip(sources, timelines) where tickIndex < timeline.ticks.count {
          for event in timeline.ticks[tickIndex] {
            deliver(source, event)
            await time.settle()
          }
        }
      }
      try? await time.runUntilIdle(within: tick * drainTicks)
      for recorder in recorders { recorder.close() }
      group.cancelAll()
    }
    for task in leavingTasks.values { await task.value }
    return recorders.map(\.timeline)
  }
}

/// Runs `build` on marble inputs like ``recordMarbles(_:tick:consumers:leaves:drainTicks:render:sourceLocation:_:)``
/// with one consumer, and records an issue at `sourceLocation` — both marbles, aligned, with the
/// first difference marked (a `MarbleMismatch`) — when the output is not `expected`.
///
/// ```swift
/// @Test func debounceKeepsTheLastOfABurst() async throws {
///   try await expectMarbles(["abcd----e---f-g----|"], "------d----e-----g-|") { inputs, clock in
///     inputs[0].debounce(for: .milliseconds(3), clock: clock)
///   }
/// }
/// ```
///
/// `expected` is parsed like the inputs and compared as a timeline, not as text: spaces are
/// ignored, `'a'` is `a`, and empty ticks after the last event (`a-b|--`) do not count. A typo
/// in it throws a `MarbleSyntaxError`, not a mismatch.
///
/// - Parameters:
///   - inputs: One marble per input, in argument order.
///   - expected: The marble the one consumer should receive.
///   - tick: The virtual duration of one marble position. Default: 1 ms.
///   - render: How an element is written in the output marble. Default: `String(describing:)`.
///   - sourceLocation: Where a mismatch is recorded; by default the call, as `#expect` does.
///   - build: Makes the sequence under test from the inputs and the clock.
/// - Throws: `MarbleSyntaxError` for an invalid input or expected marble, or a
///   ``VirtualTimeError``. A mismatch is recorded, not thrown.
public func expectMarbles<Output: AsyncSequence & Sendable>(
  _ inputs: [String],
  _ expected: String,
  tick: Duration = .milliseconds(1),
  render: @escaping @Sendable (Output.Element) -> String = { String(describing: $0) },
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: @escaping @Sendable (_ inputs: [AsyncTestSource<String>], _ clock: TestClock) -> Output
) async throws {
  let expectedTimeline = try MarbleTimeline(parsing: expected)
  let output = try await recordMarbles(
    inputs, tick: tick, render: render, sourceLocation: sourceLocation, build)[0]
  recordMismatch(output, expected: expectedTimeline, sourceLocation: sourceLocation)
}

/// Records an issue showing both marbles, the first difference marked, when they differ.
func recordMismatch(
  _ output: MarbleTimeline, expected: MarbleTimeline, sourceLocation: SourceLocation
) {
  guard output != expected else { return }
  // Both in canonical notation, so the caret lines up with the events that differ.
  if let mismatch = MarbleMismatch(expected: expected.description, actual: output.description) {
    Issue.record(mismatch, sourceLocation: sourceLocation)
  }
}

extension AsyncTestSource where Element == String {
  /// Sends one marble event: an element, the finish or the failure.
  public func deliver(_ event: MarbleEvent) {
    switch event {
    case .value(let text): send(text)
    case .finish: finish()
    case .failure: fail()
    }
  }
}

/// Collects the events one consumer receives, with the tick at which each arrived.
final class MarbleRecorder: Sendable {
  private struct State: Sendable {
    var events: [(tick: Int, event: MarbleEvent)] = []
    var closed = false
  }

  private let clock: TestClock
  private let tick: Duration
  private let state = Mutex(State())

  init(clock: TestClock, tick: Duration) {
    self.clock = clock
    self.tick = tick
  }

  var timeline: MarbleTimeline {
    MarbleTimeline(events: state.withLock { $0.events })
  }

  /// Stops recording: what a consumer sees after this (its cancellation) is not its output.
  func close() {
    state.withLock { $0.closed = true }
  }

  func consume<Output: AsyncSequence & Sendable>(
    _ output: Output, render: @Sendable (Output.Element) -> String
  ) async {
    do {
      for try await element in output {
        record(.value(render(element)))
      }
      record(.finish)
    } catch {
      record(.failure)
    }
  }

  private func record(_ event: MarbleEvent) {
    let tickIndex = Int((clock.now.offset / tick).rounded(.down))
    state.withLock { state in
      guard !state.closed else { return }
      state.events.append((tick: tickIndex, event: event))
    }
  }
}
