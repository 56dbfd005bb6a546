extension Publishers {
  /// A publisher that combines the latest values of two upstreams.
  ///
  /// Nothing is published until both have produced; then every value of either yields one
  /// pair with the latest of the other. It finishes when both have finished and fails as soon as
  /// either fails (cancelling the other).
  ///
  /// ```swift
  /// Publishers.CombineLatest(letters, numbers).sink { print($0, $1) }
  /// ```
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
  where A.Failure == B.Failure {
    /// A pair of the latest values.
    public typealias Output = (A.Output, B.Output)
    /// The upstreams' shared failure type.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B

    /// Creates a publisher combining the latest values of `a` and `b`.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Attaches `subscriber`, then subscribes to `a` and `b` in that order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = CombineLatestCore(downstream: subscriber, arity: 2) { latest in
        (latest[0] as! A.Output, latest[1] as! B.Output)
      }
      core.start([
        { a.subscribe(CombineLatestSide<A.Output, S>(core: $0, index: 0)) },
        { b.subscribe(CombineLatestSide<B.Output, S>(core: $0, index: 1)) },
      ])
    }
  }

  /// A publisher that combines the latest values of three upstreams; see ``CombineLatest``.
  ///
  /// ```swift
  /// Publishers.CombineLatest3(text, method, rating).sink { print($0, $1, $2) }
  /// ```
  public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    /// A triple of the latest values.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// The upstreams' shared failure type.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B
    /// The third upstream.
    public let c: C

    /// Creates a publisher combining the latest values of `a`, `b` and `c`.
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Attaches `subscriber`, then subscribes to `a`, `b` and `c` in that order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = CombineLatestCore(downstream: subscriber, arity: 3) { latest in
        (latest[0] as! A.Output, latest[1] as! B.Output, latest[2] as! C.Output)
      }
      core.start([
        { a.subscribe(CombineLatestSide<A.Output, S>(core: $0, index: 0)) },
        { b.subscribe(CombineLatestSide<B.Output, S>(core: $0, index: 1)) },
        { c.subscribe(CombineLatestSide<C.Output, S>(core: $0, index: 2)) },
      ])
    }
  }

  /// A publisher that combines the latest values of four upstreams; see ``CombineLatest``.
  ///
  /// ```swift
  /// Publishers.CombineLatest4(debouncedText, method, rating, brews)
  ///   .map { text, method, rating, brews in filter(brews, text, method, rating) }
  ///   .sink { filteredBrews = $0 }
  /// ```
  public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
    /// A quadruple of the latest values.
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    /// The upstreams' shared failure type.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B
    /// The third upstream.
    public let c: C
    /// The fourth upstream.
    public let d: D

    /// Creates a publisher combining the latest values of `a`, `b`, `c` and `d`.
    public init(_ a: A, _ b: B, _ c: C, _ d: D) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    /// Attaches `subscriber`, then subscribes to `a`, `b`, `c` and `d` in that order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = CombineLatestCore(downstream: subscriber, arity: 4) { latest in
        (
          latest[0] as! A.Output, latest[1] as! B.Output, latest[2] as! C.Output,
          latest[3] as! D.Output
        )
      }
      core.start([
        { a.subscribe(CombineLatestSide<A.Output, S>(core: $0, index: 0)) },
        { b.subscribe(CombineLatestSide<B.Output, S>(core: $0, index: 1)) },
        { c.subscribe(CombineLatestSide<C.Output, S>(core: $0, index: 2)) },
        { d.subscribe(CombineLatestSide<D.Output, S>(core: $0, index: 3)) },
      ])
    }
  }
}
