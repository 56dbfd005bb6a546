extension Publishers {
  /// A publisher that passes on the values of two upstreams as they arrive.
  ///
  /// It finishes when both have finished and fails as soon as either fails (cancelling the
  /// other).
  ///
  /// ```swift
  /// Publishers.Merge(taps, keys).sink { handle($0) }
  /// ```
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure {
    /// The upstreams\' output type.
    public typealias Output = A.Output
    /// The upstreams\' shared failure type.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B

    /// Creates a publisher merging `a` and `b`.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Attaches `subscriber`, then subscribes to `a` and `b` in that order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = MergeCore(downstream: subscriber, arity: 2)
      core.start([
        { a.subscribe(MergeSide(core: $0, index: 0)) },
        { b.subscribe(MergeSide(core: $0, index: 1)) },
      ])
    }
  }

  /// A publisher that passes on the values of three upstreams as they arrive; see ``Merge``.
  ///
  /// ```swift
  /// Publishers.Merge3(inbox, outbox, drafts).sink { show($0) }
  /// ```
  public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
    /// The upstreams\' output type.
    public typealias Output = A.Output
    /// The upstreams\' shared failure type.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B
    /// The third upstream.
    public let c: C

    /// Creates a publisher merging `a`, `b` and `c`.
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Attaches `subscriber`, then subscribes to `a`, `b` and `c` in that order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = MergeCore(downstream: subscriber, arity: 3)
      core.start([
        { a.subscribe(MergeSide(core: $0, index: 0)) },
        { b.subscribe(MergeSide(core: $0, index: 1)) },
        { c.subscribe(MergeSide(core: $0, index: 2)) },
      ])
    }
  }

  /// A publisher that passes on the values of any number of upstreams of one type as they
  /// arrive; see ``Merge``. With no upstream it finishes at once.
  ///
  /// ```swift
  /// Publishers.MergeMany(sensors).sink { record($0) }
  /// ```
  public struct MergeMany<Upstream: Publisher>: Publisher {
    /// The upstreams\' output type.
    public typealias Output = Upstream.Output
    /// The upstreams\' shared failure type.
    public typealias Failure = Upstream.Failure

    /// The upstreams, in argument order.
    public let publishers: [Upstream]

    /// Creates a publisher merging `upstreams`.
    public init(_ upstreams: Upstream...) {
      publishers = upstreams
    }

    /// Creates a publisher merging the publishers of `upstreams`.
    public init<S: Swift.Sequence>(_ upstreams: S) where S.Element == Upstream {
      publishers = Array(upstreams)
    }

    /// Attaches `subscriber`, then subscribes to each upstream in order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = MergeCore(downstream: subscriber, arity: publishers.count)
      core.start(
        publishers.enumerated().map { index, upstream in
          { upstream.subscribe(MergeSide(core: $0, index: index)) }
        })
    }
  }
}

extension Publisher {
  /// Merges this publisher's values with those of `other`, as they arrive.
  ///
  /// ```swift
  /// taps.merge(with: keys).sink { handle($0) }
  /// ```
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Merge(self, other)
  }

  /// Merges this publisher's values with those of `b` and `c`, as they arrive.
  public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
  where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
    Publishers.Merge3(self, b, c)
  }
}
