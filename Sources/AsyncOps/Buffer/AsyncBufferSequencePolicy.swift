/// How ``_Concurrency/AsyncSequence/buffer(policy:)`` buffers: how many elements it keeps, and what happens
/// when that many are waiting for the consumer.
///
/// ```swift
/// let smoothed = frames.buffer(policy: .bounded(8))          // read ahead up to 8, then wait
/// let newest = sensorReadings.buffer(policy: .bufferingLatest(1))   // only the newest reading
/// ```
///
/// A limit of 0 buffers nothing: the base is read only when the consumer asks, in its own task.
public struct AsyncBufferSequencePolicy: Sendable {
  @usableFromInline
  enum Policy: Sendable {
    case bounded(Int)
    case unbounded
    case bufferingLatest(Int)
    case bufferingOldest(Int)
  }

  @usableFromInline let policy: Policy

  @inlinable
  init(policy: Policy) {
    self.policy = policy
  }

  /// Reads the base ahead, up to `limit` elements not yet taken, then waits for the consumer to
  /// take one: nothing is dropped.
  ///
  /// ```swift
  /// for await page in pages.buffer(policy: .bounded(2)) { render(page) }
  /// ```
  public static func bounded(_ limit: Int) -> Self {
    precondition(limit >= 0, "buffer: the limit must be 0 or more")
    return Self(policy: .bounded(limit))
  }

  /// Reads the base as fast as it produces and keeps every element until the consumer takes it:
  /// nothing is dropped, and nothing bounds the memory.
  ///
  /// ```swift
  /// for await event in events.buffer(policy: .unbounded) { log(event) }
  /// ```
  public static var unbounded: Self {
    Self(policy: .unbounded)
  }

  /// Reads the base as fast as it produces and keeps the newest `limit` elements not yet taken:
  /// a new element evicts the oldest one.
  ///
  /// ```swift
  /// for await reading in sensor.buffer(policy: .bufferingLatest(1)) { show(reading) }
  /// ```
  public static func bufferingLatest(_ limit: Int) -> Self {
    precondition(limit >= 0, "buffer: the limit must be 0 or more")
    return Self(policy: .bufferingLatest(limit))
  }

  /// Reads the base as fast as it produces and keeps the oldest `limit` elements not yet taken:
  /// a new element is dropped while the buffer is full.
  ///
  /// ```swift
  /// for await job in jobs.buffer(policy: .bufferingOldest(100)) { await run(job) }
  /// ```
  public static func bufferingOldest(_ limit: Int) -> Self {
    precondition(limit >= 0, "buffer: the limit must be 0 or more")
    return Self(policy: .bufferingOldest(limit))
  }

  /// The machine's limit, or `nil` for a limit of 0 (no buffer: the base is read in place).
  @inlinable
  var limit: BufferLimit? {
    switch policy {
    case .bounded(...0), .bufferingLatest(...0), .bufferingOldest(...0): return nil
    case .bounded(let limit): return .bounded(limit)
    case .unbounded: return .unbounded
    case .bufferingLatest(let limit): return .latest(limit)
    case .bufferingOldest(let limit): return .oldest(limit)
    }
  }
}
