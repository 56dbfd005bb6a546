extension Publisher {
  /// Combines the latest values of this publisher and `other` into pairs.
  ///
  /// ```swift
  /// letters.combineLatest(numbers).sink { print("\($0)\($1)") }
  /// ```
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Combines the latest values of this publisher and `other` with `transform`.
  ///
  /// ```swift
  /// width.combineLatest(height) { $0 * $1 }.sink { print("area", $0) }
  /// ```
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
    combineLatest(other).map(transform)
  }

  /// Combines the latest values of this publisher, `b` and `c` into triples.
  public func combineLatest<B: Publisher, C: Publisher>(_ b: B, _ c: C)
    -> Publishers.CombineLatest3<Self, B, C>
  where B.Failure == Failure, C.Failure == Failure {
    Publishers.CombineLatest3(self, b, c)
  }

  /// Combines the latest values of this publisher, `b` and `c` with `transform`.
  public func combineLatest<B: Publisher, C: Publisher, T>(
    _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, T>
  where B.Failure == Failure, C.Failure == Failure {
    combineLatest(b, c).map(transform)
  }

  /// Combines the latest values of this publisher, `b`, `c` and `d` into quadruples.
  public func combineLatest<B: Publisher, C: Publisher, D: Publisher>(_ b: B, _ c: C, _ d: D)
    -> Publishers.CombineLatest4<Self, B, C, D>
  where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
    Publishers.CombineLatest4(self, b, c, d)
  }

  /// Combines the latest values of this publisher, `b`, `c` and `d` with `transform`.
  public func combineLatest<B: Publisher, C: Publisher, D: Publisher, T>(
    _ b: B, _ c: C, _ d: D, _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest4<Self, B, C, D>, T>
  where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
    combineLatest(b, c, d).map(transform)
  }
}
