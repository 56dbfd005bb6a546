import AsyncOps
import Synchronization
import Testing

/// AsyncCurrentValue under real concurrency: real tasks on the global executor, bounded in size
/// and in time. Each check holds for every interleaving, so none can pass or fail by timing luck.
@Suite(.timeLimit(.minutes(1))) struct CurrentValueConcurrencyTests {
  private static let sendCount = 10_000
  private static let senderCount = 4

  /// 2 consumers, 10,000 sends from 4 tasks; the sends are numbered in the order they reach the
  /// channel (number and send under one lock), so "ordered" means strictly increasing.
  @Test func eachConsumerSeesAStrictlyIncreasingSubsequenceEndingWithTheLastValue() async {
    let channel = AsyncCurrentValue(0)
    let numbering = SendNumbering()
    let received = await withTaskGroup(of: [Int].self) { group in
      for _ in 0..<2 {
        let iterator = channel.makeAsyncIterator()  // registered before any send
        group.addTask {
          var iterator = iterator
          var received: [Int] = []
          while let value = await iterator.next() { received.append(value) }
          return received
        }
      }
      await withTaskGroup(of: Void.self) { senders in
        for _ in 0..<Self.senderCount {
          senders.addTask {
            for _ in 0..<(Self.sendCount / Self.senderCount) {
              numbering.sendNext(to: channel)
            }
          }
        }
      }
      channel.finish()
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(received.count == 2)
    for values in received {
      #expect(values.last == Self.sendCount)
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    }
  }

  private struct Stamp: Hashable, Sendable {
    var sender: Int
    var sequence: Int
  }

  /// The same without any lock around the sends: each sender's values stay in its own order,
  /// none is repeated, and every consumer ends with the channel's final value.
  @Test func unsynchronisedSendersValuesArriveInEachSendersOrderWithoutDuplicates() async {
    let channel = AsyncCurrentValue(Stamp(sender: -1, sequence: 0))
    let (received, last) = await withTaskGroup(of: [Stamp].self) { group in
      for _ in 0..<2 {
        let iterator = channel.makeAsyncIterator()  // registered before any send
        group.addTask {
          var iterator = iterator
          var received: [Stamp] = []
          while let value = await iterator.next() { received.append(value) }
          return received
        }
      }
      await withTaskGroup(of: Void.self) { senders in
        for sender in 0..<Self.senderCount {
          senders.addTask {
            for sequence in 1...(Self.sendCount / Self.senderCount) {
              channel.send(Stamp(sender: sender, sequence: sequence))
            }
          }
        }
      }
      let last = channel.value
      channel.finish()
      return (await group.reduce(into: []) { $0.append($1) }, last)
    }
    for values in received {
      #expect(values.last == last)
      #expect(Set(values).count == values.count)
      for sender in 0..<Self.senderCount {
        let sequences = values.filter { $0.sender == sender }.map(\.sequence)
        #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 })
      }
    }
  }

  /// Consumers made while another task sends: each starts from the value it could already read
  /// before registering, or a later one — never an older one.
  @Test func aConsumerMadeAfterASendNeverSeesAnOlderValue() async {
    let channel = AsyncCurrentValue(0)
    let violations = await withTaskGroup(of: Int.self) { group in
      group.addTask {
        for value in 1...(Self.sendCount * 2) { channel.send(value) }
        return 0
      }
      for _ in 0..<3 {
        group.addTask {
          var violations = 0
          for _ in 0..<2_000 {
            let floor = channel.value
            var iterator = channel.makeAsyncIterator()
            let first = await iterator.next()
            if let first, first < floor { violations += 1 }
          }
          return violations
        }
      }
      return await group.reduce(0, +)
    }
    #expect(violations == 0)
  }
}

/// Numbers sends in the order they reach the channel: the number is taken and sent under one lock.
private final class SendNumbering: Sendable {
  private let lastNumber = Mutex(0)

  func sendNext(to channel: AsyncCurrentValue<Int>) {
    lastNumber.withLock { number in
      number += 1
      channel.send(number)
    }
  }
}
