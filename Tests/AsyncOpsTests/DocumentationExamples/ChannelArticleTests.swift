import AsyncOps
import AsyncOpsTesting
import Testing

// The sample of "Sending with back pressure" (AsyncOps.docc/Channel.md), verbatim.
func importRecords(
  _ records: [String], save: @escaping @Sendable (String) async -> Void
) async {
  let channel = AsyncChannel<String>()
  await withDiscardingTaskGroup { group in
    group.addTask {
      for record in records { await channel.send(record) }  // waits for the saver each time
      channel.finish()
    }
    group.addTask {
      for await record in channel { await save(record) }
    }
  }
}

/// The code sample of AsyncOps.docc/Channel.md.
@Suite struct ChannelArticleTests {
  @Test func importRecordsSavesEveryRecordInOrderOneAtATime() async throws {
    let saved = try await withVirtualTime { time async throws in
      let log = ExampleLog<String>()
      await importRecords(["a", "b", "c"]) { record in
        log.append("save \(record)")
        try? await time.clock.sleep(for: .milliseconds(10))  // a slow save
        log.append("saved \(record)")
      }
      return log.all
    }
    #expect(saved == ["save a", "saved a", "save b", "saved b", "save c", "saved c"])
  }
}
