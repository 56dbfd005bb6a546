import Synchronization

extension Publishers {
  /// A publisher that shares one subscription to its upstream among all its subscribers:
  /// Combine's `multicast(PassthroughSubject())` with a reference-counted `autoconnect()`.
  ///
  /// - The first subscriber connects the upstream; later ones join the same stream.
  /// - No replay, no buffer: a late subscriber misses earlier values, and a subscriber without
  ///   demand loses the value. Once any subscriber has demand that holds whatever the upstream:
  ///   the shared subject then asks the upstream for everything, so a share is hot even when its
  ///   upstream would wait for demand. Before the first demand, such an upstream waits: a share
  ///   of a `CurrentValueSubject` keeps the current value for the first subscriber to ask.
  ///   (Without a share, a subscriber without demand loses values only from a hot upstream, such
  ///   as a subject; a cold one, such as `Just`, waits.)
  /// - When the last subscriber cancels, the upstream is cancelled; a later subscriber connects
  ///   it again.
  /// - Once the upstream has completed, a new subscriber receives only the completion.
  ///
  /// ```swift
  /// let debouncedText = searchText
  ///   .debounce(for: .milliseconds(300), scheduler: scheduler)
  ///   .share()
  /// debouncedText.sink { filter($0) }.store(in: &cancellables)
  /// debouncedText.sink { record($0) }.store(in: &cancellables)   // same timer, same values
  /// ```
  public final class Share<Upstream: Publisher>: Publisher, Equatable, Sendable {
    /// The output type is the upstream's.
    public typealias Output = Upstream.Output
    /// The failure type is the upstream's.
    public typealias Failure = Upstream.Failure

    private struct State {
      var subscriberCount = 0
      var connection: AnyCancellable?
    }

    /// The shared upstream.
    public var upstream: Upstream { upstreamBox.value }

    private let upstreamBox: UncheckedSendable<Upstream>
    private let subject = PassthroughSubject<Output, Failure>()
    private let state = Mutex(State())

    /// Creates a publisher sharing `upstream`.
    public init(upstream: Upstream) {
      upstreamBox = UncheckedSendable(upstream)
    }

    /// Attaches `subscriber` to the shared stream, connecting the upstream if it is the only
    /// subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let isFirst = state.withLock { state in
        state.subscriberCount += 1
        return state.subscriberCount == 1
      }
      subject.subscribe(ShareSubscription(downstream: subscriber, share: self))
      if isFirst, !subject.core.isCompleted { connect() }
    }

    /// Shares are equal only to themselves.
    public static func == (lhs: Share, rhs: Share) -> Bool {
      lhs === rhs
    }

    /// One subscriber has gone (cancelled or completed); the last one disconnects the upstream.
    func release() {
      let connection = state.withLock { state -> AnyCancellable? in
        state.subscriberCount -= 1
        guard state.subscriberCount == 0 else { return nil }
        defer { state.connection = nil }
        return state.connection
      }
      connection?.cancel()
    }

    private func connect() {
      let connection = upstream.subscribe(subject)
      let isStillWanted = state.withLock { state in
        guard state.subscriberCount > 0 else { return false }
        state.connection = connection
        return true
      }
      // Every subscriber left while connecting (a synchronous upstream, say).
      if !isStillWanted { connection.cancel() }
    }
  }
}

extension Publisher {
  /// Shares one subscription to this publisher among every subscriber (reference-counted
  /// multicast; see ``Publishers/Share``).
  ///
  /// ```swift
  /// let shared = expensiveRequest.share()
  /// shared.sink { show($0) }.store(in: &cancellables)
  /// shared.sink { cache($0) }.store(in: &cancellables)   // one request, two subscribers
  /// ```
  public func share() -> Publishers.Share<Self> {
    Publishers.Share(upstream: self)
  }
}
