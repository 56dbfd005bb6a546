import AsyncOpsTesting
import Testing

@testable import AsyncOps

/// CurrentValue rules 1–4 (`AsyncCurrentValue`), one behaviour per test.
@Suite struct CurrentValueTests {
  @Test func aConsumerGetsTheCurrentValueFirst() async {
    let channel = AsyncCurrentValue("a")
    var iterator = channel.makeAsyncIterator()
    let first = await iterator.next()  // no `try`: the failure type is Never
    #expect(first == "a")
  }

  @Test func aConsumerMadeAfterASendStartsFromThatValue() async {
    let channel = AsyncCurrentValue("a")
    channel.send("b")
    var iterator = channel.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first == "b")
  }

  @Test func aWaitingConsumerGetsEachLaterValue() async throws {
    let received = try await withVirtualTime { time in
      let channel = AsyncCurrentValue("a")
      let consumer = Task { await collectElements(channel) }
      await time.settle()
      for value in ["b", "c", "d"] {
        channel.send(value)
        await time.settle()
      }
      channel.finish()
      return await consumer.value
    }
    #expect(received == ["a", "b", "c", "d"])
  }

  @Test func settingTheValueSendsIt() async throws {
    let channel = AsyncCurrentValue(1)
    var iterator = channel.makeAsyncIterator()
    _ = await iterator.next()
    channel.value = 2
    #expect(channel.value == 2)
    let next = await iterator.next()
    #expect(next == 2)
  }

  @Test func aConsumerThatFellBehindGetsTheNewestValueOnly() async {
    let channel = AsyncCurrentValue(0)
    var iterator = channel.makeAsyncIterator()
    let first = await iterator.next()
    for value in 1...5 { channel.send(value) }
    let second = await iterator.next()
    channel.finish()
    let end = await iterator.next()
    #expect([first, second, end] == [0, 5, nil])
  }

  @Test func aValueIsNeverDeliveredTwiceToOneConsumer() async throws {
    let received = try await withVirtualTime { time in
      let channel = AsyncCurrentValue(0)
      var iterator = channel.makeAsyncIterator()
      let first = await iterator.next()
      let waiting = Task { [iterator] in
        var iterator = iterator
        return await iterator.next()
      }
      await time.settle()
      channel.finish()  // the consumer has seen 0: it ends instead of seeing 0 again
      return [first, await waiting.value]
    }
    #expect(received == [0, nil])
  }

  @Test func finishEndsEachConsumerAfterItHasSeenTheLastValue() async {
    let channel = AsyncCurrentValue("a")
    var upToDate = channel.makeAsyncIterator()
    _ = await upToDate.next()
    var behind = channel.makeAsyncIterator()
    channel.send("last")
    channel.finish()
    let upToDateRest = await collectRest(&upToDate)
    let behindRest = await collectRest(&behind)
    #expect(upToDateRest == ["last"])
    #expect(behindRest == ["last"])
  }

  @Test func aConsumerMadeAfterTheFinishGetsTheLastValueThenEnds() async {
    let channel = AsyncCurrentValue("a")
    channel.finish()
    #expect(await collectElements(channel) == ["a"])
  }

  @Test func sendsAfterTheFinishAreIgnored() async {
    let channel = AsyncCurrentValue("a")
    channel.finish()
    channel.send("b")
    channel.value = "c"
    #expect(channel.value == "a")
    #expect(await collectElements(channel) == ["a"])
  }

  @Test func everyConsumerGetsEveryValueItWaitsFor() async throws {
    let received = try await withVirtualTime { time in
      let channel = AsyncCurrentValue(0)
      let consumers = (0..<3).map { _ in Task { await collectElements(channel) } }
      await time.settle()
      for value in 1...3 {
        channel.send(value)
        await time.settle()
      }
      channel.finish()
      var received: [[Int]] = []
      for consumer in consumers { received.append(await consumer.value) }
      return received
    }
    #expect(received == Array(repeating: [0, 1, 2, 3], count: 3))
  }

  @Test func cancellingAWaitingConsumerEndsOnlyThatConsumer() async throws {
    let (cancelled, other) = try await withVirtualTime { time in
      let channel = AsyncCurrentValue(0)
      let cancelled = Task { await collectElements(channel) }
      let other = Task { await collectElements(channel) }
      await time.settle()
      cancelled.cancel()
      await time.settle()
      channel.send(1)
      channel.finish()
      return (await cancelled.value, await other.value)
    }
    #expect(cancelled == [0])
    #expect(other == [0, 1])
  }

  @Test func aConsumerCancelledBeforeItWaitsStillGetsAnUnseenValue() async throws {
    let received = try await withVirtualTime { _ in
      let channel = AsyncCurrentValue(7)
      let consumer = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        var iterator = channel.makeAsyncIterator()
        return [await iterator.next(), await iterator.next()]
      }
      return await consumer.value
    }
    // The current value is ready, so it is delivered; the wait that follows ends at once.
    #expect(received == [7, nil])
  }

  private func collectRest(_ iterator: inout AsyncCurrentValue<String>.Iterator) async -> [String] {
    var rest: [String] = []
    while let value = await iterator.next() { rest.append(value) }
    return rest
  }
}
