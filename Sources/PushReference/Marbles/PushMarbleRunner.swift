@_exported import MarbleNotation

/// Runs a push pipeline on marble inputs, on virtual time, and records what each consumer
/// receives — the push twin of `AsyncOpsTesting`'s `recordMarbles`.
///
/// Each input marble becomes a `PassthroughSubject<String, MarbleFailure>`; `build` turns the
/// subjects into the publisher under test, using the ``VirtualTimeScheduler`` it is given for any
/// timer. One tick is `tick` of virtual time, on the same timeline as `TestClock`. At each tick,
/// in this order: scheduled actions due at that tick run; consumers that leave at that tick
/// cancel (their output just stops); consumers that start at that tick
/// subscribe (a sink with unlimited demand); then each input's events of that tick are sent, in
/// argument order. After the last tick, the scheduler runs until no action is pending (at most
/// `drainTicks` more ticks); then the consumers are cancelled, which is not recorded.
///
/// ```swift
/// let outputs = try recordPushMarbles(["a-b-c-|", "-x-y-z|"], render: { "\($0.0)\($0.1)" }) {
///   inputs, _ in inputs[0].combineLatest(inputs[1])
/// }
/// outputs[0].description   // "-'ax''bx''by''cy''cz'|"
/// ```
///
/// - Parameters:
///   - inputs: One marble per input, in argument order.
///   - tick: The virtual duration of one marble position. Default: 1 ms.
///   - consumers: The tick at which each consumer subscribes; one output per consumer. Every
///     consumer subscribes to the same publisher, so `share` can be observed. Default: `[0]`.
///   - leaves: The tick at which each consumer cancels its subscription (what it receives from
///     then on is not recorded), `nil` for one that stays; indexed like `consumers`, and may be
///     shorter. Default: none leaves.
///   - drainTicks: How long time may run on after the last input tick. Default: 10,000 ticks.
///   - render: How a value is written in the output marble. Default: `String(describing:)`.
///   - build: Makes the publisher under test from the subjects and the scheduler.
/// - Returns: The timeline each consumer received, ending at its last event.
/// - Throws: ``MarbleSyntaxError`` for an invalid input marble.
public func recordPushMarbles<Output: Publisher>(
  _ inputs: [String],
  tick: Duration = .milliseconds(1),
  consumers: [Int] = [0],
  leaves: [Int?] = [],
  drainTicks: Int = 10_000,
  render: @escaping (Output.Output) -> String = { String(describing: $0) },
  _ build: (
    _ inputs: [PassthroughSubject<String, MarbleFailure>], _ scheduler: VirtualTimeScheduler
  ) -> Output
) throws -> [MarbleTimeline] {
  let timelines = try inputs.map { marble throws(MarbleSyntaxError) in
    try MarbleTimeline(parsing: marble)
  }
  precondition(consumers.allSatisfy { $0 >= 0 }, "a consumer cannot start before tick 0")
  precondition(tick > .zero, "a tick must be a positive duration")
  precondition(leaves.count <= consumers.count, "a leave tick for a consumer that does not exist")
  let leaves = leaves + Array(repeating: nil, count: consumers.count - leaves.count)
  precondition(
    zip(consumers, leaves).allSatisfy { start, leave in leave.map { $0 > start } ?? true },
    "a consumer leaves after it starts")
  let scheduler = VirtualTimeScheduler()
  let subjects = timelines.map { _ in PassthroughSubject<String, MarbleFailure>() }
  let output = build(subjects, scheduler)
  let recorders = consumers.map { _ in PushMarbleRecorder(scheduler: scheduler, tick: tick) }
  var subscriptions: [Int: AnyCancellable] = [:]
  let lastTick = max(
    timelines.map { $0.ticks.count - 1 }.max() ?? 0, consumers.max() ?? 0,
    leaves.compactMap(\.self).max() ?? 0)
  for tickIndex in 0...max(lastTick, 0) {
    scheduler.advance(to: .init(offset: tick * tickIndex))
    for (index, leave) in leaves.enumerated() where leave == tickIndex {
      recorders[index].close()
      subscriptions[index]?.cancel()
      scheduler.advance()
    }
    for (index, start) in consumers.enumerated() where start == tickIndex {
      subscriptions[index] = recorders[index].consume(output, render: render)
      scheduler.advance()
    }
    for (subject, timeline) in zip(subjects, timelines) where tickIndex < timeline.ticks.count {
      for event in timeline.ticks[tickIndex] {
        subject.deliver(event)
        scheduler.advance()  // what the event made due now runs now, as the pull side settles
      }
    }
  }
  scheduler.run(within: tick * drainTicks)
  for recorder in recorders { recorder.close() }
  for index in subscriptions.keys.sorted() { subscriptions[index]?.cancel() }
  return recorders.map(\.timeline)
}

/// Runs `build` on marble inputs like
/// ``recordPushMarbles(_:tick:consumers:leaves:drainTicks:render:_:)`` with one consumer, and throws a
/// `MarbleMismatch` when the output is not `expected`.
///
/// ```swift
/// try expectPushMarbles(["abcd----e---f-g----|"], "------d----e-----g-|") { inputs, scheduler in
///   inputs[0].debounce(for: .milliseconds(3), scheduler: scheduler)
/// }
/// ```
public func expectPushMarbles<Output: Publisher>(
  _ inputs: [String],
  _ expected: String,
  tick: Duration = .milliseconds(1),
  render: @escaping (Output.Output) -> String = { String(describing: $0) },
  _ build: (
    _ inputs: [PassthroughSubject<String, MarbleFailure>], _ scheduler: VirtualTimeScheduler
  ) -> Output
) throws {
  let output = try recordPushMarbles(inputs, tick: tick, render: render, build)[0]
  if let mismatch = MarbleMismatch(expected: expected, actual: output.description) {
    throw mismatch
  }
}

extension PassthroughSubject where Output == String, Failure == MarbleFailure {
  /// Sends one marble event: a value, the finish (`|`) or the failure (`^`).
  ///
  /// ```swift
  /// subject.deliver(.value("a"))
  /// ```
  public func deliver(_ event: MarbleEvent) {
    switch event {
    case .value(let text): send(text)
    case .finish: send(completion: .finished)
    case .failure: send(completion: .failure(MarbleFailure()))
    }
  }
}
