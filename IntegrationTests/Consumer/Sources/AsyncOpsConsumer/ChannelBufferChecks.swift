import AsyncOps

/// The channels and `buffer(policy:)` as an app uses them, on real threads. Each check passes
/// whatever the machine's load: a dropping buffer policy may keep more or fewer elements, and is
/// checked only for what it always keeps.
enum ChannelBufferChecks {
  struct ImportFailed: Error {}

  static func channelHandsEveryElementToAConsumerInOrder() async throws {
    let channel = AsyncChannel<Int>()
    let sender = Task {
      for value in 1...100 { await channel.send(value) }
      channel.finish()
    }
    var received: [Int] = []
    for await value in channel { received.append(value) }
    await sender.value
    try expectEqual(received, Array(1...100), "AsyncChannel elements")
  }

  static func throwingChannelDeliversTheFailureAfterTheElements() async throws {
    let channel = AsyncThrowingChannel<Int, any Error>()
    let sender = Task {
      for value in 1...3 { await channel.send(value) }
      channel.fail(ImportFailed())
    }
    var received: [Int] = []
    var failed = false
    do {
      for try await value in channel { received.append(value) }
    } catch {
      failed = error is ImportFailed
    }
    await sender.value
    try expectEqual(received, [1, 2, 3], "AsyncThrowingChannel elements")
    try expectEqual(failed, true, "AsyncThrowingChannel failure")
  }

  static func bufferWithEveryPolicy() async throws {
    let values = Array(0..<200)
    var bounded: [Int] = []
    for await value in OperatorChecks.elements(values).buffer(policy: .bounded(8)) {
      bounded.append(value)
    }
    try expectEqual(bounded, values, "buffer(.bounded(8))")
    var unbounded: [Int] = []
    for await value in OperatorChecks.elements(values).buffer(policy: .unbounded) {
      unbounded.append(value)
    }
    try expectEqual(unbounded, values, "buffer(.unbounded)")
    var latest: [Int] = []
    for await value in OperatorChecks.elements(values).buffer(policy: .bufferingLatest(4)) {
      latest.append(value)
    }
    try expectEqual(latest.last, 199, "buffer(.bufferingLatest(4)) keeps the newest")
    try expectEqual(latest, latest.sorted(), "buffer(.bufferingLatest(4)) keeps the order")
    var oldest: [Int] = []
    for await value in OperatorChecks.elements(values).buffer(policy: .bufferingOldest(4)) {
      oldest.append(value)
    }
    try expectEqual(oldest.first, 0, "buffer(.bufferingOldest(4)) keeps the oldest")
    try expectEqual(oldest, oldest.sorted(), "buffer(.bufferingOldest(4)) keeps the order")
  }
}
