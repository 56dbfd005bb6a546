import Synchronization

/// The least a `share(bufferingPolicy: .bounded(limit))` with one consumer of `Int`s can do per
/// element with the semantics it must keep, written by hand for the `floor-share-1` cases (and
/// `floor-buffer-bounded`: a bounded buffer read ahead by its own task is the same shape): no
/// generics, no state machine, no consumer registry. A waiting consumer ends when its task is
/// cancelled, through a cancellation handler per wait as the operator's.
///
/// The protocol is the operator's (Share rules 2 and 3): one upstream task reads the
/// base and deposits each element in the consumer's buffer, or hands it straight to the consumer
/// when it waits; when the buffer holds `limit` elements the upstream waits before reading on, and
/// it is resumed as soon as the consumer's take leaves fewer than `limit` (the same wake-up rule).
final class FloorShare: Sendable {
  private let state: Mutex<FloorShareState>

  /// A buffer of `limit` (at least 1) elements.
  init(limit: Int) {
    state = Mutex(FloorShareState(ring: Array(repeating: 0, count: limit)))
  }

  /// The upstream task: reads `base` to its end (specialised for each source it is called with).
  func upstream<Base: AsyncSequence>(_ base: Base) async
  where Base.Element == Int, Base.Failure == Never {
    var iterator = base.makeAsyncIterator()
    while let element = await iterator.next(isolation: nil) {
      let (consumer, full) = state.withLock { state -> (UnsafeContinuation<Int?, Never>?, Bool) in
        if let consumer = state.consumer {
          state.consumer = nil
          return (consumer, false)
        }
        state.append(element)
        return (nil, state.isFull)
      }
      consumer?.resume(returning: element)
      if full {
        await withUnsafeContinuation { (upstream: UnsafeContinuation<Void, Never>) in
          let room = state.withLock { state -> Bool in
            if !state.isFull { return true }
            state.upstream = upstream
            return false
          }
          if room { upstream.resume() }
        }
      }
    }
    let consumer = state.withLock { state -> UnsafeContinuation<Int?, Never>? in
      state.finished = true
      defer { state.consumer = nil }
      return state.consumer
    }
    consumer?.resume(returning: nil)
  }

  /// The next element, or `nil` once the upstream has finished and the buffer is empty.
  /// `beforeWaiting` runs when nothing is ready, before the consumer waits (a probe's clock read).
  func next(beforeWaiting: () -> Void = {}) async -> Int? {
    // Every operator asks this on its fast path too: a cancelled consumer ends at its next call,
    // even with an element ready.
    if Task.isCancelled {
      state.withLock { $0.ended = true }
      return nil
    }
    let ready = state.withLock { state -> (Int, UnsafeContinuation<Void, Never>?)?? in
      if state.ended { return .some(nil) }
      if let taken = state.take() { return .some(taken) }
      return state.finished ? .some(nil) : .none
    }
    if let ready {
      guard let (element, upstream) = ready else { return nil }
      upstream?.resume()
      return element
    }
    beforeWaiting()
    // The cancellation handler is what the semantics' "a cancelled consumer ends promptly" costs
    // a waiting consumer (the operators pay it on this path too); it only ends the consumer, as
    // the benchmark never cancels.
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: UnsafeContinuation<Int?, Never>) in
        let ready = state.withLock { state -> (Int, UnsafeContinuation<Void, Never>?)?? in
          if state.ended { return .some(nil) }
          if let taken = state.take() { return .some(taken) }
          if state.finished { return .some(nil) }
          state.consumer = consumer
          return .none
        }
        guard let ready else { return }
        guard let (element, upstream) = ready else { return consumer.resume(returning: nil) }
        upstream?.resume()
        consumer.resume(returning: element)
      }
    } onCancel: {
      state.withLock { $0.endConsumer() }?.resume(returning: nil)
    }
  }
}
