import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// Channel rules 1–3 (`AsyncChannel` and `AsyncThrowingChannel`), one test each, on virtual
/// time: `settle()` runs every task to quiescence, so "has not returned yet" is exact.
@Suite struct ChannelTests {
  struct Failure: Error, Equatable {}

  /// Sends `element` in a task of its own and logs `sent <element>` when `send` returns.
  static func sending<C: Sendable>(
    _ element: Int, into log: ExampleLog<String>, _ send: @escaping @Sendable (Int) async -> C
  ) -> Task<Void, Never> {
    Task {
      _ = await send(element)
      log.append("sent \(element)")
    }
  }

  @Test func channelRule1_sendReturnsOnlyOnceAConsumerTookTheElement() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncChannel<Int>()
      let log = ExampleLog<String>()
      let sender = Self.sending(1, into: log) { await channel.send($0) }
      await time.settle()
      #expect(log.all.isEmpty)
      var iterator = channel.makeAsyncIterator()
      let taken = await iterator.next()
      await sender.value
      #expect(taken == 1)
      #expect(log.all == ["sent 1"])
    }
  }

  @Test func channelRule2_elementsAreTakenInTheOrderTheirSendBegan() async throws {
    let received = try await withVirtualTime { time async throws in
      let channel = AsyncChannel<Int>()
      let log = ExampleLog<String>()
      var senders: [Task<Void, Never>] = []
      for value in 1...5 {
        senders.append(Self.sending(value, into: log) { await channel.send($0) })
        await time.settle()  // this send began (and waits) before the next one
      }
      var received: [Int] = []
      var iterator = channel.makeAsyncIterator()
      for _ in 1...5 { received.append(await iterator.next()!) }
      for sender in senders { await sender.value }
      return received
    }
    #expect(received == [1, 2, 3, 4, 5])
  }

  @Test func channelRule2_eachElementGoesToOneConsumerInTheOrderTheyBeganToWait() async throws {
    let received = try await withVirtualTime { time async throws in
      let channel = AsyncChannel<Int>()
      let log = ExampleLog<String>()
      var consumers: [Task<Void, Never>] = []
      for name in ["c1", "c2", "c3"] {
        consumers.append(
          Task {
            var iterator = channel.makeAsyncIterator()
            while let value = await iterator.next() { log.append("\(name):\(value)") }
          })
        await time.settle()  // this consumer waits before the next one begins
      }
      for value in 1...3 { await channel.send(value) }
      channel.finish()
      for consumer in consumers { await consumer.value }
      return log.all
    }
    // c1 took 1 and waits again behind c2 and c3, so 2 and 3 go to them.
    #expect(received == ["c1:1", "c2:2", "c3:3"])
  }

  @Test func channelRule3_finishResumesEverySendAndEndsEveryConsumerNowAndLater() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncChannel<Int>()
      let log = ExampleLog<String>()
      let senders = (1...2).map { value in Self.sending(value, into: log) { await channel.send($0) }
      }
      await time.settle()
      channel.finish()
      for sender in senders { await sender.value }
      #expect(Set(log.all) == ["sent 1", "sent 2"])
      var late = channel.makeAsyncIterator()
      #expect(await late.next() == nil)

      let waiting = AsyncChannel<Int>()
      let consumers = (0..<2).map { _ in
        Task {
          var iterator = waiting.makeAsyncIterator()
          return await iterator.next()
        }
      }
      await time.settle()
      waiting.finish()
      for consumer in consumers { #expect(await consumer.value == nil) }
    }
  }

  @Test func channelRule3_aSendAfterFinishReturnsAtOnceAndIsNotDelivered() async throws {
    try await withVirtualTime { _ async throws in
      let channel = AsyncChannel<Int>()
      channel.finish()
      await channel.send(1)
      var iterator = channel.makeAsyncIterator()
      #expect(await iterator.next() == nil)
    }
  }

  @Test func channelRule3_cancellingASendResumesItAndItsElementIsNotDelivered() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncChannel<Int>()
      let log = ExampleLog<String>()
      let first = Self.sending(1, into: log) { await channel.send($0) }
      await time.settle()
      let second = Self.sending(2, into: log) { await channel.send($0) }
      await time.settle()
      first.cancel()
      await first.value
      #expect(log.all == ["sent 1"])
      var iterator = channel.makeAsyncIterator()
      #expect(await iterator.next() == 2)
      await second.value
    }
  }

  @Test func channelRule3_cancellingAConsumerEndsItOnlyAndTheOthersGoOn() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncChannel<Int>()
      let cancelled = Task {
        var iterator = channel.makeAsyncIterator()
        return await iterator.next()
      }
      await time.settle()
      let other = Task {
        var iterator = channel.makeAsyncIterator()
        return await iterator.next()
      }
      await time.settle()
      cancelled.cancel()
      #expect(await cancelled.value == nil)
      await channel.send(1)
      #expect(await other.value == 1)
    }
  }

  @Test func anIteratorThatEndedReturnsNilAfterwardsWithoutTakingAnElement() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncChannel<Int>()
      let consumer = Task {
        var iterator = channel.makeAsyncIterator()
        let first = await iterator.next()  // cancelled: nil
        let second = await iterator.next()  // still nil: the iterator ended
        return [first, second]
      }
      consumer.cancel()
      let log = ExampleLog<String>()
      let sender = Self.sending(1, into: log) { await channel.send($0) }
      #expect(await consumer.value == [nil, nil])
      await time.settle()
      #expect(log.all.isEmpty)
      channel.finish()
      await sender.value
    }
  }

  @Test func throwingChannel_everyWaitingConsumerThrowsTheFailureThenEveryNextIsNil() async throws {
    try await withVirtualTime { time async throws in
      let channel = AsyncThrowingChannel<Int, any Error>()
      let consumers = (0..<2).map { _ in
        Task { () -> [String] in
          var iterator = channel.makeAsyncIterator()
          var log: [String] = []
          do {
            _ = try await iterator.next()
          } catch {
            log.append("threw")
          }
          do {
            log.append(try await iterator.next() == nil ? "nil" : "element")
          } catch {
            log.append("threw again")
          }
          return log
        }
      }
      await time.settle()
      channel.fail(Failure())
      for consumer in consumers { #expect(await consumer.value == ["threw", "nil"]) }
      var late = channel.makeAsyncIterator()
      #expect(try await late.next() == nil)
    }
  }

  @Test func throwingChannel_aFailureNobodyWaitedForIsThrownByTheNextNextOnce() async throws {
    try await withVirtualTime { _ async throws in
      let channel = AsyncThrowingChannel<Int, Failure>()
      channel.fail(Failure())
      var first = channel.makeAsyncIterator()
      var second = channel.makeAsyncIterator()
      await #expect(throws: Failure()) { try await first.next() }
      #expect(try await first.next() == nil)
      #expect(try await second.next() == nil)
    }
  }

  @Test func throwingChannel_failureIsTyped() async throws {
    try await withVirtualTime { _ async throws in
      let channel = AsyncThrowingChannel<Int, Failure>()
      channel.fail(Failure())
      var iterator = channel.makeAsyncIterator()
      do throws(Failure) {
        _ = try await iterator.next()
        Issue.record("expected the failure")
      } catch {
        let typed: Failure = error  // typed throws: no cast
        #expect(typed == Failure())
      }
    }
  }

  @MainActor @Test func nextWithIsolationRunsOnTheCallersActor() async {
    let channel = AsyncChannel<Int>()
    let sender = Task { await channel.send(1) }
    var iterator = channel.makeAsyncIterator()
    let value = await iterator.next(isolation: MainActor.shared)
    MainActor.assertIsolated()
    #expect(value == 1)
    await sender.value
  }
}
