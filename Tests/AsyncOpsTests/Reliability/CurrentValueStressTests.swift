import Synchronization
import Testing

@testable import AsyncOps

/// AsyncCurrentValue on real threads: several senders at full speed, many consumers at once,
/// each with a seeded plan (run to the end, cancel itself, be cancelled by a sender, drop its
/// iterator).
@Suite(.timeLimit(.minutes(3))) struct CurrentValueStressTests {
  static let senderCount = 4
  static let sendsPerSender = 2_000
  static let consumerCount = 8

  @Test(arguments: [UInt64(1), 2, 3])
  func valuesStrictlyIncreaseEndWithTheLastAndACancelledConsumerStopsPromptly(
    seed: UInt64
  ) async {
    let lastValue = Self.senderCount * Self.sendsPerSender
    var random = ShareSeededRandom(seed: seed * 6_700_417)
    let plans = (0..<Self.consumerCount).map { consumer in
      consumer == 0
        ? StressPlan.runToEnd
        : StressPlan.random(
          using: &random, elementCount: lastValue, receivingLimit: 50, allowingFailure: false)
    }
    let channel = AsyncCurrentValue(0)
    let watch = WeakWatch(channel)
    let slots = plans.map { _ in TaskSlot<Consumption<Int>>() }
    let tasks = zip(plans, slots).map { plan, slot in
      let iterator = channel.makeAsyncIterator()  // registered before any send
      let task = Task {
        var iterator = iterator
        return await consume(&iterator, plan: plan)
      }
      slot.fill(task)
      return task
    }
    await Self.send(to: channel, cancelling: Array(zip(plans, slots)))
    channel.finish()
    for (plan, task) in zip(plans, tasks) {
      let consumption = await task.value
      let received = consumption.elements
      let context = Comment(rawValue: "\(plan)")
      #expect(received.isStrictlyIncreasing, context)
      #expect(consumption.endedCleanly, context)
      let reachedEnd = received.last == lastValue && consumption.ending == .end
      switch plan {
      case .runToEnd:
        #expect(reachedEnd, context)
      case .cancelSelf(let count):
        // The value ready when it noticed the cancellation may still come, no more.
        #expect((count...(count + 1)).contains(received.count) || reachedEnd, context)
      case .drop(let count):
        #expect(received.count == count && consumption.ending == .dropped || reachedEnd, context)
      case .cancelFromUpstream(let value):
        #expect(received.count { $0 > value } <= 2, context)
      case .upstreamFails:
        Issue.record("AsyncCurrentValue cannot fail")
      }
    }
    #expect(channel.machine.withLock { $0.waiting.isEmpty })
    _ = consume channel
    await eventually { !watch.isAlive }
  }

  /// Sends 1, 2, 3, … from several tasks at once, numbered in the order they reach the channel;
  /// a consumer planned to be cancelled by the upstream is cancelled right after its value.
  private static func send(
    to channel: AsyncCurrentValue<Int>,
    cancelling consumers: [(StressPlan, TaskSlot<Consumption<Int>>)]
  ) async {
    let cancellations = consumers.compactMap { plan, slot in
      plan.cancelledAt.map { (value: $0, slot: slot) }
    }
    let numbering = Numbering()
    await withTaskGroup(of: Void.self) { senders in
      for _ in 0..<senderCount {
        senders.addTask {
          for _ in 0..<sendsPerSender {
            numbering.sendNext(to: channel) { number in
              for cancellation in cancellations where cancellation.value == number {
                cancellation.slot.cancel()
              }
            }
          }
        }
      }
    }
  }
}

/// Numbers sends in the order they reach the channel: the number is taken and sent under one lock.
private final class Numbering: Sendable {
  private let lastNumber = Mutex(0)

  /// Sends the next number, then calls `afterSending` with it, both under the numbering lock: no
  /// other sender can send between the two, so a consumer cancelled in `afterSending` is
  /// cancelled before any later value exists, however the senders are scheduled.
  func sendNext(to channel: AsyncCurrentValue<Int>, afterSending: (Int) -> Void) {
    lastNumber.withLock { number in
      number += 1
      channel.send(number)
      afterSending(number)
    }
  }
}
