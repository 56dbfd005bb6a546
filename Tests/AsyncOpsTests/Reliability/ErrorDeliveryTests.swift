import AsyncOps
import AsyncOpsTesting
import Testing

/// An upstream's error reaches every consumer exactly once — whether the consumer was waiting in
/// `next()` when it happened or busy elsewhere — and every `next()` after it returns `nil`.
/// (AsyncCurrentValue cannot fail; it is not here.)
@Suite(.timeLimit(.minutes(1))) struct ErrorDeliveryTests {
  /// One operator and arity, the failing base, and whether the consumer waits when it fails.
  struct Case: Sendable, CustomTestStringConvertible {
    enum Shape: Sendable {
      case debounce
      case removeDuplicates
      case combineLatest(arity: Int, failing: Int)
      /// With three consumers, the first is busy or waiting as the case says; the others wait.
      case share(consumers: Int)
    }

    var shape: Shape
    var consumerWaits: Bool

    var testDescription: String {
      let when = consumerWaits ? "waiting" : "busy"
      return switch shape {
      case .debounce: "debounce, \(when)"
      case .removeDuplicates: "removeDuplicates, \(when)"
      case .combineLatest(let arity, let failing):
        "combineLatest of \(arity), base \(failing) fails, \(when)"
      case .share(let consumers): "share with \(consumers) consumers, first \(when)"
      }
    }

    static let all: [Case] = {
      var shapes: [Shape] = [
        .debounce, .removeDuplicates, .share(consumers: 1), .share(consumers: 3),
      ]
      for arity in [2, 3, 4, 6] {
        for failing in 0..<arity { shapes.append(.combineLatest(arity: arity, failing: failing)) }
      }
      return shapes.flatMap {
        [Case(shape: $0, consumerWaits: true), Case(shape: $0, consumerWaits: false)]
      }
    }()
  }

  @Test(arguments: Case.all)
  func anUpstreamErrorReachesEveryConsumerExactlyOnceThenNextReturnsNil(
    _ errorCase: Case
  ) async throws {
    let (ready, logs, failure) = try await withVirtualTime { time in
      let gate = errorCase.consumerWaits ? nil : Gate()
      let (sources, consumers, failing) = Self.start(errorCase.shape, gate: gate, clock: time.clock)
      await time.advance(by: .milliseconds(3))  // every consumer has its first element
      let ready = consumers.allSatisfy { $0.log.values.count == 1 }
      sources[failing].fail()
      await time.settle()
      gate?.open()
      for consumer in consumers { await consumer.task.value }
      let failure = "\(TestSourceFailure(source: "input \(failing)"))"
      return (ready, consumers.map(\.log.values), failure)
    }
    // Checked here, outside `withVirtualTime`, where an expectation is attributed to the test.
    #expect(ready)
    for log in logs {
      #expect(log.dropFirst() == ["^\(failure)", "nil", "nil"])
    }
  }

  struct Consumer: Sendable {
    var task: Task<Void, Never>
    var log: ReliabilityLog<String>
  }

  /// Starts the consumers of `shape` and sends every source its first element. Returns the
  /// sources, the consumers, and the index of the source to fail.
  private static func start(
    _ shape: Case.Shape, gate: Gate?, clock: TestClock
  ) -> ([AsyncTestSource<String>], [Consumer], Int) {
    func sources(_ count: Int) -> [AsyncTestSource<String>] {
      (0..<count).map { AsyncTestSource<String>(name: "input \($0)") }
    }
    switch shape {
    case .debounce:
      let inputs = sources(1)
      let debounced = inputs[0].debounce(for: .milliseconds(3), clock: clock)
      inputs[0].send("a")
      return (inputs, [consumer(gate: gate) { debounced.makeAsyncIterator() }], 0)
    case .removeDuplicates:
      let inputs = sources(1)
      let deduplicated = inputs[0].removeDuplicates()
      inputs[0].send("a")
      return (inputs, [consumer(gate: gate) { deduplicated.makeAsyncIterator() }], 0)
    case .combineLatest(let arity, let failing):
      let inputs = sources(arity)
      let combined = CombinedSources(inputs)
      for (index, input) in inputs.enumerated() { input.send("\(index)") }
      return (inputs, [consumer(gate: gate) { combined.makeAsyncIterator() }], failing)
    case .share(let count):
      let inputs = sources(1)
      let shared = inputs[0].share()
      let consumers = (0..<count).map { index in
        // Registered now, before the first element: `share` has no replay here.
        let iterator = Transfer(shared.makeAsyncIterator())
        return consumer(gate: index == 0 ? gate : nil) { iterator.take() }
      }
      inputs[0].send("a")
      return (inputs, consumers, 0)
    }
  }

  /// A consumer that logs each element, `"^"` and the error's description at a failure, `"|"` at
  /// the end, then what two more `next()` calls return. With a gate, it is busy at the gate
  /// after its first element.
  private static func consumer<Iterator: AsyncIteratorProtocol & SendableMetatype>(
    gate: Gate?, _ makeIterator: @escaping @Sendable () -> Iterator
  ) -> Consumer {
    let log = ReliabilityLog<String>()
    let task = Task {
      var iterator = makeIterator()
      do {
        while let element = try await iterator.next(isolation: nil) {
          log.append("\(element)")
          await gate?.wait()
        }
        log.append("|")
      } catch {
        log.append("^\(error)")
      }
      for _ in 0..<2 {
        do {
          log.append(try await iterator.next(isolation: nil) == nil ? "nil" : "element")
        } catch {
          log.append("throw")
        }
      }
    }
    return Consumer(task: task, log: log)
  }
}
