import AsyncOps
import AsyncOpsTesting
import Synchronization
import Testing

private let chunksArticleJoined: @Sendable ([String]) -> String = { $0.joined() }

// The sample of "Chunking" (AsyncOps.docc/Chunks.md), verbatim.
func uploadInBatches(
  events: some AsyncSequence<String, Never> & Sendable,
  clock: some Clock<Duration>,
  upload: @Sendable ([String]) async -> Void
) async {
  let batches = events.chunks(ofCount: 50, or: .repeating(every: .milliseconds(100), clock: clock))
  for await batch in batches {
    await upload(batch)
  }
}

/// Every code sample and marble diagram of AsyncOps.docc/Chunks.md.
@Suite struct ChunksArticleTests {
  @Test func theSampleUploadsByCountOrTime() async throws {
    let uploads = try await withVirtualTime { time in
      let (events, input) = AsyncStream<String>.makeStream()
      let uploads = Mutex<[Int]>([])
      let uploading = Task {
        await uploadInBatches(events: events, clock: time.clock) { batch in
          uploads.withLock { $0.append(batch.count) }
        }
      }
      await time.settle()
      for index in 0..<120 { input.yield("event \(index)") }
      await time.advance(by: .milliseconds(100))
      input.finish()
      await uploading.value
      return uploads.withLock { $0 }
    }
    #expect(uploads == [50, 50, 20])
  }

  @Test func aChunkIsEmittedWhenFull() async throws {
    try await expectMarbles(["abcdefgh|"], "--'abc'--'def'--['gh'|]", render: chunksArticleJoined) {
      inputs, _ in inputs[0].chunks(ofCount: 3)
    }
  }

  @Test func aTimerCutsAndAnEmptyChunkIsNeverEmitted() async throws {
    try await expectMarbles(
      ["abc-def-gh---|"], "----'abc'---'def'---'gh'|", render: chunksArticleJoined
    ) { inputs, clock in inputs[0].chunked(by: .repeating(every: .milliseconds(4), clock: clock)) }
  }

  @Test func countOrTimeWhicheverComesFirst() async throws {
    try await expectMarbles(
      ["abc-d--efgh-|"], "-'ab'--c--'de'-'fg'--[h|]", render: chunksArticleJoined
    ) { inputs, clock in
      inputs[0].chunks(ofCount: 2, or: .repeating(every: .milliseconds(4), clock: clock))
    }
  }

  @Test func aFailureDropsThePartialChunk() async throws {
    try await expectMarbles(["ab-c^"], "----['abc'^]", render: chunksArticleJoined) {
      inputs, clock in
      inputs[0].chunked(by: .repeating(every: .milliseconds(4), clock: clock))
    }
  }
}
