import Synchronization

/// The least a `mapLatest` of `Int`s can do per element with the semantics it must keep, written
/// by hand for the `floor-mapLatest-switch` case: no generics, no state machine.
///
/// The shape (MapLatest rules 1–3), as the operator has it: each element supersedes the previous
/// one under one lock; a transform task is launched for an element only when no launched task is
/// still waiting to begin (one that waits takes the newest element when it begins, so an upstream
/// that outpaces task creation leaves no backlog of tasks), and the launch cancels the previous
/// task; a transform's result is emitted only if no newer element has arrived (handed to the
/// waiting consumer, or kept for it, replacing a result not yet taken); the finish waits for the
/// latest transform's result. Per element: one lock, plus a task for those that find none waiting.
/// The waiting consumer ends when its task is cancelled, through a cancellation handler per wait
/// as the operator's (it ends only the consumer: the benchmark never cancels).
final class FloorMapLatest: Sendable {
  private struct State: CancellableConsumerState {
    /// The latest element and its number.
    var latest = 0
    var generation = 0
    /// A launched transform task has not begun yet: it will take `latest`.
    var launchWaiting = false
    /// The last launched transform.
    var running: Task<Void, Never>?
    /// A result the consumer has not taken.
    var result: Int?
    var latestDone = true
    var finished = false
    var consumer: UnsafeContinuation<Int?, Never>?
    /// Set when the consumer is cancelled.
    var ended = false
  }

  private let state = Mutex(State())
  /// The transform a transform task calls between taking the newest element and delivering its
  /// result, as any `mapLatest` calls its caller's; `nil`: none (the result is the element).
  private let transform: (@Sendable (Int) async -> Int)?

  init(transform: (@Sendable (Int) async -> Int)? = nil) {
    self.transform = transform
  }

  /// The reader task: reads `base` to its end, launching a transform when none waits to begin.
  func read(_ base: CountingSequence) async {
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      let launch = state.withLock { state -> Bool in
        state.latest = element
        state.generation += 1
        state.latestDone = false
        state.result = nil  // stale: a newer element has arrived
        guard !state.launchWaiting else { return false }
        state.launchWaiting = true
        return true
      }
      guard launch else { continue }
      let launched: Task<Void, Never>
      if let transform {
        launched = Task { await self.begin(transforming: transform) }
      } else {
        launched = Task { self.begin() }
      }
      let previous = state.withLock { state -> Task<Void, Never>? in
        defer { state.running = launched }
        return state.running
      }
      previous?.cancel()
    }
    let consumer = state.withLock { state -> UnsafeContinuation<Int?, Never>? in
      state.finished = true
      guard state.latestDone, state.result == nil else { return nil }
      defer { state.consumer = nil }
      return state.consumer
    }
    consumer?.resume(returning: nil)
  }

  /// A launched transform begins: it takes the newest element, then delivers its result.
  private func begin() {
    let (element, generation) = takeLatest()
    deliver(element, generation: generation)
  }

  /// ``begin()`` with the transform called on the element in between.
  private func begin(transforming transform: @Sendable (Int) async -> Int) async {
    let (element, generation) = takeLatest()
    deliver(await transform(element), generation: generation)
  }

  private func takeLatest() -> (element: Int, generation: Int) {
    state.withLock { state in
      state.launchWaiting = false
      return (state.latest, state.generation)
    }
  }

  /// A transform's end: its result (the element itself, or the transform's), emitted if it is
  /// still the latest.
  private func deliver(_ result: Int, generation: Int) {
    let consumer = state.withLock { state -> UnsafeContinuation<Int?, Never>? in
      guard generation == state.generation, !Task.isCancelled else { return nil }
      state.latestDone = true
      guard let consumer = state.consumer else {
        state.result = result
        return nil
      }
      state.consumer = nil
      return consumer
    }
    consumer?.resume(returning: result)
  }

  /// The next result, or `nil` once the upstream has finished and the latest result is taken.
  func next() async -> Int? {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
        let ready = state.withLock { state -> Int?? in
          if state.ended { return .some(nil) }
          if let result = state.result {
            state.result = nil
            return .some(result)
          }
          if state.finished && state.latestDone { return .some(nil) }
          state.consumer = consumer
          return .none
        }
        if let ready { consumer.resume(returning: ready) }
      }
    } onCancel: {
      state.withLock { $0.endConsumer() }?.resume(returning: nil)
    }
  }
}

extension BenchCase {
  /// `floor-mapLatest-switch`: `mapLatest-switch`'s work (a synchronous `0..<N`, the transform
  /// returns its element) done by ``FloorMapLatest``.
  static let floorMapLatestSwitch = BenchCase(
    name: "floor-mapLatest-switch",
    summary: "hand-written Int mapLatest { $0 } (a task launched only when none waits to "
      + "begin, the previous cancelled) of a synchronous 0..<N; per input element",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    measure: { count in await floorMapLatestRun(count) })

  /// `floor-mapLatest-switch-transformed`: `floor-mapLatest-switch` whose transform tasks call the
  /// transform, `{ $0 }`, handed in as a closure value and so called through it, as the operator
  /// calls its caller's: what calling a transform adds to the floor, not a shape's floor.
  static let floorMapLatestSwitchTransformed = BenchCase(
    name: "floor-mapLatest-switch-transformed",
    summary: "floor-mapLatest-switch whose transform tasks call { $0 } through a closure value "
      + "(as the operator calls its transform); per input element",
    size: 1_000_000, quickSize: 10_000, repetitions: 5,
    measure: { count in await floorMapLatestRun(count, transform: { $0 }) })
}

@inline(never)
private func floorMapLatestRun(
  _ count: Int, transform: (@Sendable (Int) async -> Int)? = nil
) async -> RunOutcome {
  let mapper = FloorMapLatest(transform: transform)
  var emitted = 0
  var last = -1
  var increasing = true
  await withTaskGroup(of: Void.self) { group in
    group.addTask { await mapper.read(CountingSequence(count: count)) }
    while let value = await mapper.next() {
      increasing = increasing && value > last
      emitted &+= 1
      last = value
    }
  }
  return RunOutcome(
    elements: count, checksum: increasing ? last : -1, expected: count &- 1,
    extraFields: [("emitted", Double(emitted))])
}
