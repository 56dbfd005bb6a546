import Synchronization

/// The publications of a search model, in order: the instant of each `onFilterApplied` callback
/// and how many brews it published. The typing replay awaits them one by one.
final class PublishLog: Sendable {
  /// One published pass.
  struct Publication: Sendable {
    /// When the callback ran.
    let instant: ContinuousClock.Instant
    /// How many brews were published.
    let count: Int
  }

  private struct State {
    var queued: [Publication] = []
    var waiter: UnsafeContinuation<Publication, Never>?
  }

  private let state = Mutex(State())

  /// Records a publication; resumes the waiting reader, if any (outside the lock).
  func record(_ publication: Publication) {
    let waiter = state.withLock { state -> UnsafeContinuation<Publication, Never>? in
      guard let waiter = state.waiter.take() else {
        state.queued.append(publication)
        return nil
      }
      return waiter
    }
    waiter?.resume(returning: publication)
  }

  /// The oldest publication not yet taken, waiting for one if none is queued. One reader only.
  func next() async -> Publication {
    await withUnsafeContinuation { continuation in
      let ready = state.withLock { state -> Publication? in
        guard state.queued.isEmpty else { return state.queued.removeFirst() }
        precondition(state.waiter == nil, "PublishLog: two readers")
        state.waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Takes publications until one published `count` brews; returns it and how many it skipped.
  func next(publishing count: Int) async -> (Publication, skipped: Int) {
    var skipped = 0
    while true {
      let publication = await next()
      if publication.count == count { return (publication, skipped) }
      skipped += 1
    }
  }
}
