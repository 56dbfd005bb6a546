/// A byte iterator over a read function that fills a buffer: the building block of a byte
/// `AsyncSequence` over a file, a socket or a pipe.
///
/// ```swift
/// struct FileBytes: AsyncSequence {
///   typealias Element = UInt8
///   let descriptor: Int32
///   func makeAsyncIterator() -> AsyncBufferedByteIterator {
///     AsyncBufferedByteIterator(capacity: 16_384) { buffer in
///       read(descriptor, buffer.baseAddress, buffer.count)   // 0 at the end of the file
///     }
///   }
/// }
/// ```
///
/// `next()` returns the buffered bytes one by one and calls `readFunction` only when the buffer
/// is empty. A read that returns 0 ends the iteration; a read that throws ends it with that
/// error. A read is not started once the task is cancelled: `next()` throws
/// `CancellationError`. After the end or an error, `next()` returns `nil` and never reads again.
///
/// The iterator is not `Sendable`, and its copies share one buffer: iterate one copy only.
public struct AsyncBufferedByteIterator: AsyncIteratorProtocol {
  /// A byte.
  public typealias Element = UInt8
  /// The read function's error, or `CancellationError`.
  public typealias Failure = any Error

  @usableFromInline let buffer: ByteBuffer
  /// The next byte to return; `end` when the buffer is empty.
  @usableFromInline var position = 0
  @usableFromInline var end = 0
  @usableFromInline var finished = false

  /// Creates an iterator that reads through `readFunction` into a buffer of `capacity` bytes.
  ///
  /// ```swift
  /// var bytes = AsyncBufferedByteIterator(capacity: 4096) { buffer in try await socket.read(into: buffer) }
  /// ```
  ///
  /// - Parameters:
  ///   - capacity: The buffer's size in bytes; greater than 0.
  ///   - readFunction: Fills the start of the buffer it is given and returns how many bytes it
  ///     wrote; 0 means the end.
  public init(
    capacity: Int,
    readFunction: @Sendable @escaping (UnsafeMutableRawBufferPointer) async throws -> Int
  ) {
    precondition(capacity > 0, "AsyncBufferedByteIterator needs a capacity > 0, got \(capacity)")
    buffer = ByteBuffer(capacity: capacity, read: readFunction)
  }

  /// The next byte; `nil` at the end, and for ever after the end or an error.
  ///
  /// ```swift
  /// while let byte = try await bytes.next(isolation: #isolation) { parser.feed(byte) }
  /// ```
  @inlinable
  public mutating func next(
    isolation actor: isolated (any Actor)? = #isolation
  ) async throws(any Error) -> UInt8? {
    if position < end {
      defer { position += 1 }
      return buffer.bytes[position]
    }
    return try await reloadAndNext(isolation: actor)
  }

  /// The next byte; see ``next(isolation:)``.
  @inlinable
  public mutating func next() async throws(any Error) -> UInt8? {
    try await next(isolation: nil)
  }

  /// The slow path, out of line: refills the buffer.
  @usableFromInline
  mutating func reloadAndNext(
    isolation actor: isolated (any Actor)?
  ) async throws(any Error) -> UInt8? {
    guard !finished else { return nil }
    do {
      try Task.checkCancellation()
      // The read function may run off the consumer's isolation, so the buffer is handed over:
      // safe because the iterator awaits the read and touches the buffer neither during it nor
      // from another task (the iterator is not `Sendable`), so there is no concurrent access.
      nonisolated(unsafe) let bytes = buffer.bytes
      let count = try await buffer.read(bytes)
      precondition(
        (0...buffer.bytes.count).contains(count),
        "AsyncBufferedByteIterator: the read function returned \(count) for a buffer of \(buffer.bytes.count)"
      )
      guard count > 0 else {
        finished = true
        return nil
      }
      position = 1
      end = count
      return buffer.bytes[0]
    } catch {
      finished = true
      throw error
    }
  }
}

@available(*, unavailable)
extension AsyncBufferedByteIterator: Sendable {}

/// The buffer of an ``AsyncBufferedByteIterator``, freed with its last copy.
@usableFromInline
final class ByteBuffer {
  @usableFromInline let bytes: UnsafeMutableRawBufferPointer
  let read: @Sendable (UnsafeMutableRawBufferPointer) async throws -> Int

  init(
    capacity: Int,
    read: @Sendable @escaping (UnsafeMutableRawBufferPointer) async throws -> Int
  ) {
    bytes = .allocate(byteCount: capacity, alignment: MemoryLayout<UInt>.alignment)
    self.read = read
  }

  deinit {
    bytes.deallocate()
  }
}
