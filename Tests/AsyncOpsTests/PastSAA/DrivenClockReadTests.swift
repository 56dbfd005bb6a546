import Testing

@testable import AsyncOps

/// The driven operators read their clock only when their machine needs the instant: a clock read
/// is a system call's worth of time, and the shell used to pay two per element (one by the reader
/// for every element it read, one by every `next()`) whether the machine looked at them or not.
@Suite struct DrivenClockReadTests {
  /// timeout needs the instant only to set the deadline of a consumer that is about to wait.
  @Test func timeoutReadsItsClockAtMostOncePerElement() async throws {
    let clock = TickingClock()
    let elements = 1_000
    var received = 0
    for try await _ in (0..<elements).async.timeout(after: .seconds(1), clock: clock) {
      received += 1
    }
    #expect(received == elements)
    #expect(clock.readCount <= elements + 1, "one read per waiting next() at most")
  }

  /// delay with no interval hands each element on at once: it needs no instant for any of them.
  @Test func delayWithoutAnIntervalReadsItsClockOnlyForTheEnd() async {
    let clock = TickingClock()
    let elements = 1_000
    var received = 0
    for await _ in (0..<elements).async.delay(for: .zero, clock: clock) { received += 1 }
    #expect(received == elements)
    #expect(clock.readCount < 10, "the end is stamped; the elements are not")
  }
}
