import AsyncOpsTesting
import Synchronization
import Testing

@testable import AsyncOps

/// The operators (and shapes) whose cancellation is checked, one case each.
enum CancellationSubject: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// debounce with an element pending: its timer sleeps.
  case debounceWithTimerSleeping
  /// debounce with nothing pending: its timer is parked.
  case debounceWithTimerParked
  case removeDuplicates
  case combineLatest2
  case combineLatest3
  case combineLatest4
  case combineLatest6
  /// share with one consumer, the shared sequence gone: cancelling it cancels the upstream.
  case share
  /// share with three consumers: cancelling one leaves the upstream to the other two.
  case shareOneOfThree
  case currentValue

  var testDescription: String { rawValue }

  var sourceCount: Int {
    switch self {
    case .combineLatest2: 2
    case .combineLatest3: 3
    case .combineLatest4: 4
    case .combineLatest6: 6
    case .currentValue: 0
    default: 1
    }
  }

  /// Whether cancelling the one consumer must cancel the upstream read.
  var cancelsUpstream: Bool { self != .shareOneOfThree }
}

/// A consumer of one operator, blocked in `next()` once `blockedConsumerIsReady` holds.
struct CancellationScenario: Sendable {
  var subject: CancellationSubject
  var sources: [AsyncTestSource<String>]
  /// The consumer to cancel; it logs each element, then `"|"` at `nil`, `"^"` at a failure.
  var consumer: Task<Void, Never>
  var log: ReliabilityLog<String>
  /// Consumers that must keep going (share with three consumers).
  var others: [Task<Void, Never>] = []
  var otherLogs: [ReliabilityLog<String>] = []
  /// The operator's storage, when it has one: it is freed once every task it runs has ended.
  var storage = WeakWatch()
  var channel: AsyncCurrentValue<String>? = nil
  /// Where the consumer stops, busy, after its first element (when made `busyAfterFirst`).
  var gate: Gate? = nil

  /// How many elements the consumer receives before it blocks.
  var elementsBeforeBlocking: Int {
    switch subject {
    case .debounceWithTimerSleeping, .debounceWithTimerParked: 0
    default: 1
    }
  }

  /// The consumer has received its first elements and every upstream read waits.
  var blockedConsumerIsReady: Bool {
    log.values.count == elementsBeforeBlocking
      && otherLogs.allSatisfy { $0.values.count == elementsBeforeBlocking }
      && sources.allSatisfy { $0.waitingCount == 1 }
  }

  /// Sets up `subject` with `clock` for debounce (interval `interval`). Call
  /// ``blockedConsumerIsReady`` (after settling, on virtual time) before cancelling.
  static func make<C: Clock>(
    _ subject: CancellationSubject, clock: C, interval: Duration, busyAfterFirst: Bool = false
  ) -> CancellationScenario where C.Duration == Duration {
    let sources = (0..<subject.sourceCount).map { AsyncTestSource<String>(name: "input \($0)") }
    let log = ReliabilityLog<String>()
    let storage = WeakWatch()
    let gate = busyAfterFirst ? Gate() : nil
    var scenario = CancellationScenario(
      subject: subject, sources: sources, consumer: Task {}, log: log, storage: storage,
      gate: gate)
    switch subject {
    case .debounceWithTimerSleeping, .debounceWithTimerParked:
      let debounced = sources[0].debounce(for: interval, clock: clock)
      scenario.consumer = logging(into: log, gate: gate) {
        let iterator = debounced.makeAsyncIterator()
        storage.watch(iterator.lifetime!.storage)
        return iterator
      }
      if subject == .debounceWithTimerSleeping { sources[0].send("a") }
    case .removeDuplicates:
      let deduplicated = sources[0].removeDuplicates()
      scenario.consumer = logging(into: log, gate: gate) { deduplicated.makeAsyncIterator() }
    case .combineLatest2, .combineLatest3, .combineLatest4, .combineLatest6:
      let combined = CombinedSources(sources)
      scenario.consumer = logging(into: log, gate: gate) {
        let iterator = combined.makeAsyncIterator()
        storage.watch((iterator.box as! any ExposesStorage).storageObject)
        return iterator
      }
    case .share, .shareOneOfThree:
      let shared = sources[0].share()
      storage.watch(shared.lifetime.storage)
      // Every consumer registers now, before the first element: `share` has no replay here.
      scenario.consumer = logging(into: log, gate: gate, iterator: shared.makeAsyncIterator())
      if subject == .shareOneOfThree {
        scenario.otherLogs = [ReliabilityLog(), ReliabilityLog()]
        scenario.others = scenario.otherLogs.map { other in
          logging(into: other, gate: nil, iterator: shared.makeAsyncIterator())
        }
      }
    case .currentValue:
      let channel = AsyncCurrentValue("a")
      scenario.channel = channel
      scenario.consumer = logging(into: log, gate: gate) { channel.makeAsyncIterator() }
    }
    for (index, source) in sources.enumerated() where subject.sourceCount > 1 {
      source.send("\(index)")
    }
    if subject == .removeDuplicates || subject == .share || subject == .shareOneOfThree {
      sources[0].send("a")
    }
    return scenario
  }

  /// Starts a task that logs what `iterator` yields.
  private static func logging<Iterator: AsyncIteratorProtocol & SendableMetatype>(
    into log: ReliabilityLog<String>, gate: Gate?, iterator: sending Iterator
  ) -> Task<Void, Never> {
    let made = Transfer(iterator)
    return logging(into: log, gate: gate) { made.take() }
  }

  /// Starts a task that makes an iterator and logs what it yields.
  private static func logging<Iterator: AsyncIteratorProtocol & SendableMetatype>(
    into log: ReliabilityLog<String>, gate: Gate?,
    _ makeIterator: @escaping @Sendable () -> Iterator
  ) -> Task<Void, Never> {
    Task {
      var iterator = makeIterator()
      do {
        while let element = try await iterator.next(isolation: nil) {
          log.append("\(element)")
          if log.values.count == 1 { await gate?.wait() }
        }
        log.append("|")
      } catch {
        log.append("^")
      }
    }
  }
}

/// An erased `combineLatest` iterator that shows its storage, to watch it being freed.
protocol ExposesStorage {
  var storageObject: AnyObject { get }
}

extension RenderingIteratorBox: ExposesStorage {
  var storageObject: AnyObject { iterator.handle.storage }
}

/// A one-shot barrier that a task waits at, ignoring cancellation: the shape of a consumer busy
/// with something else between two `next()` calls.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiter: UnsafeContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  /// Waits until ``open()``; returns at once if it was already called.
  func wait() async {
    await withUnsafeContinuation { continuation in
      let open = state.withLock { state in
        if !state.isOpen { state.waiter = continuation }
        return state.isOpen
      }
      if open { continuation.resume() }
    }
  }

  /// Lets the waiting task (and every later one) through.
  func open() {
    state.withLock { state in
      state.isOpen = true
      return state.waiter.take()
    }?.resume()
  }
}
