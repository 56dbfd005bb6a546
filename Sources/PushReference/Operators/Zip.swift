extension Publishers {
  /// A publisher of pairs: the n-th value of each of two upstreams.
  ///
  /// Values are buffered without limit until the other upstream has produced its counterpart. It
  /// finishes when an upstream has finished and its buffer is empty, and fails as soon as either
  /// fails.
  ///
  /// ```swift
  /// Publishers.Zip(requests, responses).sink { print($0, $1) }
  /// ```
  public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    /// The upstreams\' output type.
    public typealias Output = (A.Output, B.Output)
    /// The upstreams\' shared failure type.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B

    /// Creates a publisher zipping `a` and `b`.
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Attaches `subscriber`, then subscribes to `a` and `b` in that order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = ZipCore(downstream: subscriber, arity: 2) { values in
        (values[0] as! A.Output, values[1] as! B.Output)
      }
      core.start([
        { a.subscribe(ZipSide<A.Output, S>(core: $0, index: 0)) },
        { b.subscribe(ZipSide<B.Output, S>(core: $0, index: 1)) },
      ])
    }
  }

  /// A publisher of triples: the n-th value of each of three upstreams; see ``Zip``.
  ///
  /// ```swift
  /// Publishers.Zip3(xs, ys, zs).sink { plot($0, $1, $2) }
  /// ```
  public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, B.Failure == C.Failure {
    /// The upstreams\' output type.
    public typealias Output = (A.Output, B.Output, C.Output)
    /// The upstreams\' shared failure type.
    public typealias Failure = A.Failure

    /// The first upstream.
    public let a: A
    /// The second upstream.
    public let b: B
    /// The third upstream.
    public let c: C

    /// Creates a publisher zipping `a`, `b` and `c`.
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Attaches `subscriber`, then subscribes to `a`, `b` and `c` in that order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let core = ZipCore(downstream: subscriber, arity: 3) { values in
        (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output)
      }
      core.start([
        { a.subscribe(ZipSide<A.Output, S>(core: $0, index: 0)) },
        { b.subscribe(ZipSide<B.Output, S>(core: $0, index: 1)) },
        { c.subscribe(ZipSide<C.Output, S>(core: $0, index: 2)) },
      ])
    }
  }
}

extension Publisher {
  /// Zips this publisher with `other`: the n-th value of each, as a pair.
  ///
  /// ```swift
  /// requests.zip(responses).sink { print($0, $1) }
  /// ```
  public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
    Publishers.Zip(self, other)
  }

  /// Zips this publisher with `b` and `c`: the n-th value of each, as a triple.
  public func zip<B: Publisher, C: Publisher>(_ b: B, _ c: C) -> Publishers.Zip3<Self, B, C>
  where B.Failure == Failure, C.Failure == Failure {
    Publishers.Zip3(self, b, c)
  }
}
