import Testing

@testable import AsyncOps

/// Every interleaving of `share`'s tasks, explored exhaustively on the state machine.
///
/// The storage runs each event of ``ShareStateMachine`` under one lock, so the state machine sees
/// the tasks only as a sequence of events. This suite plays every order of those events that the
/// storage allows (a consumer's `next()` and its `suspend` are two lock acquisitions, and the
/// upstream may run between them; the upstream checks for demand before every read) and checks
/// every run: each consumer registered before the upstream started receives `0, 1, 2, …` without
/// a gap, a consumer registered later receives a contiguous run from the count produced when it
/// registered, and nothing deadlocks.
@Suite struct ShareInterleavingTests {
  /// Waiters: a consumer's is its index in `World.consumers`, the upstream's is "up".
  typealias Machine = ShareStateMachine<Int, Never, Int, String>

  /// What a consumer does next.
  enum ConsumerStep: Hashable {
    /// Not registered yet (the late joiner): registering is its next step.
    case unregistered
    /// Calls `next()`.
    case callNext
    /// `next()` answered `.wait`: stores its waiter with `suspend`.
    case callSuspend
    /// Its waiter is stored; only the upstream (or a cancellation) resumes it.
    case suspended
    /// Resumed with an element (or the end, `nil`), not yet taken.
    case resumed(Int?)
    case done
  }

  /// What the upstream task does next.
  enum UpstreamStep: Hashable {
    case notStarted
    /// Offers to wait for demand (before every read, the first included).
    case awaitDemand
    /// Suspended in the demand wait; a consumer's `.resume` effect wakes it.
    case suspended
    /// Reads the next element (or the end) and delivers it.
    case read
    case done
  }

  /// One consumer's role in the scenario.
  struct Role: Hashable {
    /// Stops (drops its iterator) after this many elements.
    var limit = Int.max
    /// May be cancelled at any moment.
    var cancellable = false
    /// Registers at some moment of the run rather than before the upstream starts.
    var joinsLate = false
  }

  struct World {
    var machine: Machine
    var roles: [Role]
    var ids: [Int?]
    var steps: [ConsumerStep]
    var received: [[Int]]
    /// The produced count at the moment each consumer registered.
    var producedAtRegistration: [Int?]
    /// Where each consumer's iterator looks for it first (the iterator's slot hint): stale once
    /// a consumer registered before it leaves.
    var slots: [Int]
    var upstream = UpstreamStep.notStarted
    var nextElement = 0
    let elementCount: Int

    /// Everything that decides the future of the run (the state machine's state included).
    var key: [Int] {
      var key = [nextElement, upstream.code, machine.phase.code, machine.fullConsumerCount]
      key += [machine.producedCount, machine.terminal == nil ? 0 : 1, machine.nextConsumerID]
      for consumer in machine.consumers {
        key += [-1, consumer.id, consumer.waiter ?? -1] + consumer.buffer.elements
      }
      for index in steps.indices {
        key += [-2, steps[index].code, ids[index] ?? -1, producedAtRegistration[index] ?? -1]
        key += [slots[index]]
        key += received[index]
      }
      return key
    }
  }

  @Test(arguments: [AsyncShareBufferingPolicy.bounded(1), .bounded(2), .unbounded])
  func noInterleavingLosesOrRepeatsAnElement(policy: AsyncShareBufferingPolicy) {
    // As in the real-thread stress test: two consumers that read to the end, one that breaks off,
    // one that is cancelled, all registered before the upstream starts; and one late joiner.
    let roles = [Role(), Role(limit: 1), Role(cancellable: true), Role(joinsLate: true)]
    let explored = explore(policy: policy, roles: roles, elementCount: 3)
    #expect(explored > 1_000)
  }

  /// Explores every reachable state depth-first; returns how many states it saw.
  private func explore(policy: AsyncShareBufferingPolicy, roles: [Role], elementCount: Int) -> Int {
    var start = World(
      machine: Machine(replay: 0, policy: policy), roles: roles,
      ids: Array(repeating: nil, count: roles.count),
      steps: Array(repeating: .unregistered, count: roles.count),
      received: Array(repeating: [], count: roles.count),
      producedAtRegistration: Array(repeating: nil, count: roles.count),
      slots: Array(repeating: 0, count: roles.count),
      elementCount: elementCount)
    for index in roles.indices where !roles[index].joinsLate { start.register(index) }
    var visited: Set<[Int]> = [start.key]
    var pending = [start]
    while let world = pending.popLast() {
      let successors = world.successors()
      // One failing run is enough to report.
      if successors.isEmpty, !check(world) { return visited.count }
      for successor in successors where visited.insert(successor.key).inserted {
        pending.append(successor)
      }
    }
    return visited.count
  }

  /// A run that cannot go on: everyone must be done, each with the run it is owed. Returns
  /// whether it is.
  private func check(_ world: World) -> Bool {
    guard world.isFinished else {
      Issue.record("deadlock: consumers \(world.steps), upstream \(world.upstream)")
      return false
    }
    var passed = true
    for index in world.roles.indices {
      let role = world.roles[index]
      let received = world.received[index]
      guard let first = world.producedAtRegistration[index] else { continue }  // never joined
      let expected = Array(first..<world.elementCount)
      // One that breaks off or is cancelled is owed a gapless prefix of that run.
      let owed = role.cancellable ? received.count : min(role.limit, expected.count)
      let owedRun = Array(expected.prefix(owed))
      passed = passed && received == owedRun
      #expect(received == owedRun, "consumer \(index) of \(world.roles)")
    }
    return passed
  }
}

extension ShareInterleavingTests.World {
  var isFinished: Bool {
    upstream == .done
      && steps.allSatisfy { step in
        switch step {
        case .done, .unregistered: true
        default: false
        }
      }
  }

  mutating func register(_ index: Int) {
    producedAtRegistration[index] = machine.producedCount
    ids[index] = machine.register()
    steps[index] = .callNext
  }

  /// Every world one event away.
  func successors() -> [Self] {
    var successors: [Self] = []
    for index in steps.indices {
      if let next = advancingConsumer(index) { successors.append(next) }
      if roles[index].cancellable, let id = ids[index], steps[index] != .done {
        var next = self
        next.cancel(index, id: id)
        successors.append(next)
      }
    }
    if let next = advancingUpstream() { successors.append(next) }
    return successors
  }

  func advancingConsumer(_ index: Int) -> Self? {
    var next = self
    switch steps[index] {
    case .unregistered:
      guard roles[index].joinsLate else { return nil }
      next.register(index)
    case .callNext:
      guard let id = ids[index] else { return nil }
      if received[index].count == roles[index].limit {
        next.cancel(index, id: id)  // `break`: the iterator is dropped
        return next
      }
      let action = next.machine.next(consumer: id, slot: &next.slots[index])
      next.take(action, index: index, suspended: .callSuspend)
    case .callSuspend:
      guard let id = ids[index] else { return nil }
      // With the slot `next` left, as the iterator suspends: stale when a consumer registered
      // before this one left in between.
      let action = next.machine.suspend(consumer: id, slot: next.slots[index], waiter: index)
      next.take(action, index: index, suspended: .suspended)
    case .resumed(let element?):
      next.received[index].append(element)
      next.steps[index] = .callNext
    case .resumed(nil):
      next.steps[index] = .done
    case .suspended, .done:
      return nil
    }
    return next
  }

  mutating func take(
    _ action: ShareInterleavingTests.Machine.NextAction, index: Int,
    suspended: ShareInterleavingTests.ConsumerStep
  ) {
    switch action {
    case .element(let element, let effect):
      received[index].append(element)
      steps[index] = .callNext
      perform(effect)
    case .end:
      steps[index] = .done
    case .wait(let effect):
      steps[index] = suspended
      perform(effect)
    }
  }

  mutating func cancel(_ index: Int, id: Int) {
    let (waiter, effect) = machine.cancel(consumer: id)
    precondition(waiter == nil || waiter == index)
    steps[index] = .done
    perform(effect)
  }

  mutating func perform(_ effect: ShareInterleavingTests.Machine.UpstreamEffect) {
    switch effect {
    case .none: break
    case .start:
      precondition(upstream == .notStarted, "the upstream started twice")
      upstream = .awaitDemand
    case .resume(let waiter):
      precondition(
        waiter == "up" && upstream == .suspended, "resumed an upstream that is not waiting")
      upstream = .read
    case .cancel:
      upstream = .done
    case .startStopTimer:
      preconditionFailure("a share without a stop delay armed a stop timer")
    }
  }

  func advancingUpstream() -> Self? {
    var next = self
    switch upstream {
    case .notStarted, .suspended, .done:
      return nil
    case .awaitDemand:
      switch next.machine.upstreamAwaitsDemand("up", run: 0) {
      case .resume(_, let readNext): next.upstream = readNext ? .read : .done
      case .suspended: next.upstream = .suspended
      }
    case .read:
      guard nextElement < elementCount else {
        let (waiters, _) = next.machine.upstreamEnded(nil, run: 0)
        for waiter in waiters { next.steps[waiter] = .resumed(nil) }
        next.upstream = .done
        return next
      }
      var resuming: [Int] = []
      let action = next.machine.upstreamProduced(nextElement, run: 0, resuming: &resuming)
      for waiter in resuming { next.steps[waiter] = .resumed(nextElement) }
      next.nextElement += 1
      switch action {
      case .readNext: next.upstream = .read
      case .awaitDemand: next.upstream = .awaitDemand
      case .stop: next.upstream = .done
      }
    }
    return next
  }
}

extension ShareInterleavingTests.ConsumerStep {
  var code: Int {
    switch self {
    case .unregistered: -1
    case .callNext: -2
    case .callSuspend: -3
    case .suspended: -4
    case .resumed(let element?): element
    case .resumed(nil): -5
    case .done: -6
    }
  }
}

extension ShareInterleavingTests.UpstreamStep {
  var code: Int {
    switch self {
    case .notStarted: 0
    case .awaitDemand: 1
    case .suspended: 2
    case .read: 3
    case .done: 4
    }
  }
}

extension ShareStateMachine.UpstreamPhase {
  var code: Int {
    switch self {
    case .notStarted: 0
    case .running: 1
    case .awaitingDemand: 2
    case .ended: 3
    case .cancelled: 4
    }
  }
}
