import Testing

@testable import AsyncOps

/// AsyncChannel on real threads: several senders and consumers at full speed, with seeded
/// cancellations of senders, of consumers and of consuming tasks mid-way. What is asserted holds
/// however the threads interleave: every element whose `send` reported delivery was received
/// exactly once, no other element was received, no element twice; each consumer saw each sender's
/// elements in order; and nothing is left waiting in the channel.
@Suite(.timeLimit(.minutes(3))) struct ChannelStressTests {
  static let senderCount = 4
  static let consumerCount = 4
  static let elementsPerSender = 400

  /// What happened to one sender: each element and whether a consumer took it.
  struct SenderRecord: Sendable {
    var outcomes: [(element: Int, delivered: Bool)] = []
    var cancelledAt: Int?
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func channelStress_everyDeliveredElementIsReceivedOnceAndNothingElse(seed: UInt64) async {
    var random = ShareSeededRandom(seed: seed * 104_729)
    let channel = AsyncChannel<Int>()
    let storage = channel.storage

    // Consumers 0 and 1 run to the end; the others are cancelled after a seeded count, from
    // inside (their own task) or from a sender.
    var consumerSlots: [TaskSlot<[Int]>] = []
    var consumers: [Task<[Int], Never>] = []
    for index in 0..<Self.consumerCount {
      let cancelAfter = index < 2 ? nil : Int(random.next() % 200)
      let slot = TaskSlot<[Int]>()
      let task = Task {
        var iterator = channel.makeAsyncIterator()
        var received: [Int] = []
        while let value = await iterator.next() {
          received.append(value)
          if received.count == cancelAfter { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return received
      }
      slot.fill(task)
      consumerSlots.append(slot)
      consumers.append(task)
    }

    // Sender s sends s * 10_000 + 0..<elementsPerSender; half of them are cancelled mid-way,
    // and one of those cancels a consumer from outside as it goes.
    var senders: [Task<SenderRecord, Never>] = []
    for index in 0..<Self.senderCount {
      let cancelAt = index % 2 == 1 ? Int(random.next() % UInt64(Self.elementsPerSender)) : nil
      let victim = index == 1 ? consumerSlots[Self.consumerCount - 1] : nil
      let base = index * 10_000
      senders.append(
        Task {
          var record = SenderRecord(cancelledAt: cancelAt)
          for offset in 0..<Self.elementsPerSender {
            if offset == cancelAt { withUnsafeCurrentTask { $0?.cancel() } }
            if offset == Self.elementsPerSender / 2 { victim?.cancel() }
            let delivered = await storage.send(base + offset)
            record.outcomes.append((base + offset, delivered))
          }
          return record
        })
    }
    var records: [SenderRecord] = []
    for sender in senders { records.append(await sender.value) }
    channel.finish()
    var receivedByConsumer: [[Int]] = []
    for consumer in consumers { receivedByConsumer.append(await consumer.value) }

    let received = receivedByConsumer.flatMap { $0 }
    let delivered = records.flatMap { $0.outcomes.filter(\.delivered).map(\.element) }
    #expect(received.count == Set(received).count, "an element was received twice")
    #expect(Set(received) == Set(delivered), "received and delivered differ")
    for record in records where record.cancelledAt == nil {
      #expect(
        record.outcomes.allSatisfy { $0.delivered }, "a send that was not cancelled was dropped")
    }
    for record in records {
      if let cancelledAt = record.cancelledAt {
        // Once its task is cancelled, a sender's sends return at once, undelivered.
        #expect(record.outcomes.dropFirst(cancelledAt).allSatisfy { !$0.delivered })
      }
    }
    for stream in receivedByConsumer {
      for sender in 0..<Self.senderCount {
        let fromSender = stream.filter { $0 / 10_000 == sender }
        #expect(
          fromSender.isStrictlyIncreasing, "a consumer saw one sender's elements out of order")
      }
    }
    let leftover = storage.machine.withLock { ($0.waitingSends.count, $0.waitingConsumers.count) }
    #expect(leftover == (0, 0))
  }

  @Test(arguments: [UInt64(1), 2])
  func throwingChannelStress_aFailureEndsEverySenderAndConsumer(seed: UInt64) async {
    var random = ShareSeededRandom(seed: seed * 7_919)
    struct Failure: Error {}
    let channel = AsyncThrowingChannel<Int, any Error>()
    let failAfter = Int(random.next() % 300) + 1
    let consumers = (0..<Self.consumerCount).map { _ in
      Task { () -> (count: Int, threw: Bool, afterEnd: Int?) in
        var iterator = channel.makeAsyncIterator()
        var count = 0
        do {
          while try await iterator.next() != nil { count += 1 }
          return (count, false, try? await iterator.next())
        } catch {
          return (count, true, try? await iterator.next())
        }
      }
    }
    let sentCount = ReadCounter()
    let senders = (0..<Self.senderCount).map { index in
      Task {
        for offset in 0..<Self.elementsPerSender {
          await channel.send(index * 10_000 + offset)
          if sentCount.increment() == failAfter {
            channel.fail(Failure())
          }
        }
      }
    }
    for sender in senders { await sender.value }
    channel.finish()  // when the failure came after every element (too few sends)
    var results: [(count: Int, threw: Bool, afterEnd: Int?)] = []
    for consumer in consumers { results.append(await consumer.value) }
    #expect(results.allSatisfy { $0.afterEnd == nil })
    #expect(results.filter(\.threw).count <= Self.consumerCount)
    #expect(results.map(\.count).reduce(0, +) <= Self.senderCount * Self.elementsPerSender)
    let leftover = channel.storage.machine.withLock {
      ($0.waitingSends.count, $0.waitingConsumers.count)
    }
    #expect(leftover == (0, 0))
  }
}
