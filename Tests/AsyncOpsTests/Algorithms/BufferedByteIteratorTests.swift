import AsyncOps
import Synchronization
import Testing

/// SAA 1.1.5 Tests/AsyncAlgorithmsTests/TestBufferedByteIterator.swift, rewritten in Swift
/// Testing.
@Suite(.timeLimit(.minutes(1))) struct BufferedByteIteratorTests {
  /// Counts the calls of a read function.
  private final class ReadCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    /// Counts a call and returns how many came before it.
    func increment() -> Int {
      count.withLock { count in
        defer { count += 1 }
        return count
      }
    }
  }

  /// A read function that fills the buffer with 1, 2, 3 `passes` times, then returns 0, and
  /// throws instead on the pass `failing`.
  private static func reader(
    counter: ReadCounter, passes: Int, failing: Int? = nil
  ) -> @Sendable (UnsafeMutableRawBufferPointer) async throws -> Int {
    { buffer in
      #expect(buffer.count == 3)
      let pass = counter.increment()
      if pass == failing { throw AlgorithmFailure() }
      guard pass < passes else { return 0 }
      buffer.copyBytes(from: [1, 2, 3])
      return 3
    }
  }

  /// test_immediately_empty
  @Test func aFirstReadOfZeroEndsTheIteration() async throws {
    let counter = ReadCounter()
    var iterator = AsyncBufferedByteIterator(
      capacity: 3, readFunction: Self.reader(counter: counter, passes: 0))
    #expect(counter.value == 0)  // nothing is read before the first `next()`
    #expect(try await iterator.next() == nil)
    #expect(counter.value == 1)
  }

  /// test_one_pass
  @Test func readsOnlyWhenTheBufferIsEmpty() async throws {
    let counter = ReadCounter()
    var iterator = AsyncBufferedByteIterator(
      capacity: 3, readFunction: Self.reader(counter: counter, passes: 1))
    for byte: UInt8 in [1, 2, 3] {
      #expect(try await iterator.next() == byte)
      #expect(counter.value == 1)
    }
    #expect(try await iterator.next() == nil)
    #expect(counter.value == 2)
    #expect(try await iterator.next() == nil)
    #expect(counter.value == 2)  // never reads again after the end
  }

  /// test_three_pass
  @Test func refillsTheBufferForEachPass() async throws {
    let counter = ReadCounter()
    var iterator = AsyncBufferedByteIterator(
      capacity: 3, readFunction: Self.reader(counter: counter, passes: 3))
    for pass in 1...3 {
      for byte: UInt8 in [1, 2, 3] {
        #expect(try await iterator.next() == byte)
        #expect(counter.value == pass)
      }
    }
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
    #expect(counter.value == 4)
  }

  /// test_three_pass_throwing
  @Test func aReadErrorEndsTheIterationForEver() async throws {
    let counter = ReadCounter()
    var iterator = AsyncBufferedByteIterator(
      capacity: 3, readFunction: Self.reader(counter: counter, passes: 3, failing: 2))
    var bytes: [UInt8] = []
    await #expect(throws: AlgorithmFailure()) {
      while let byte = try await iterator.next() { bytes.append(byte) }
    }
    #expect(bytes == [1, 2, 3, 1, 2, 3])
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
    #expect(counter.value == 3)
  }

  /// test_cancellation
  @Test func cancellingTheConsumerThrowsCancellationErrorAtTheNextRead() async {
    struct RepeatingBytes: AsyncSequence {
      typealias Element = UInt8
      func makeAsyncIterator() -> AsyncBufferedByteIterator {
        AsyncBufferedByteIterator(capacity: 3) { buffer in
          buffer.copyBytes(from: [1, 2, 3])
          return 3
        }
      }
    }
    let (started, signal) = AsyncStream.makeStream(of: Void.self)
    let task = Task { () -> (any Error)? in
      var first = true
      do {
        for try await _ in RepeatingBytes() {
          if first { signal.yield() }
          first = false
          await Task.yield()  // see `elementsTakenUntilCancelled`
        }
        return nil
      } catch {
        return error
      }
    }
    var waiter = started.makeAsyncIterator()
    await waiter.next()
    task.cancel()
    #expect(await task.value is CancellationError)
  }

  @Test func aCancellationErrorAlsoEndsTheIterationForEver() async {
    let counter = ReadCounter()
    let task = Task { () -> (Bool, UInt8??) in
      var iterator = AsyncBufferedByteIterator(
        capacity: 3, readFunction: Self.reader(counter: counter, passes: 5))
      withUnsafeCurrentTask { $0?.cancel() }
      var firstWasCancellation = false
      do { _ = try await iterator.next() } catch {
        firstWasCancellation = error is CancellationError
      }
      let second = try? await iterator.next()
      return (firstWasCancellation, second)
    }
    let (firstWasCancellation, second) = await task.value
    #expect(firstWasCancellation)
    #expect(second == .some(nil))
    #expect(counter.value == 0)
  }
}
