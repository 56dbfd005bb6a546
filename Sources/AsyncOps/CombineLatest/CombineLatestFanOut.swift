/// Starts one reader per base, and builds each tuple, for two, three or four bases in code the
/// compiler can specialise.
///
/// The generic fan-out, ``CombineLatestStorage/readAll()``, reaches each base through the
/// parameter pack: a pack expansion is a loop over the pack's elements, so Swift 6.3 compiles the
/// reader it starts (and every `next()` of the base inside it) once, generically, even when the
/// caller's bases are concrete types. Each element then pays a generic async call per layer of the
/// base, each with its own frame and executor check (docs/performance.md, "Floors of the shapes the
/// semantics require": that alone was most of combineLatest2's extra cost over its floor). The
/// consumer's tuple, `(repeat (each slots).value(...))`, is a pack expansion too: one generic call
/// per base for every tuple.
///
/// The fixed-arity `combineLatest` functions know their bases as separate generic parameters, so
/// they pass one of these functions instead: it names each base and slot by tuple position, and a
/// caller's specialisation of the function specialises each reader for its base, and the tuple. Same readers,
/// same order, one child task each as in the generic fan-out; only the dispatch differs.
@usableFromInline
enum CombineLatestFanOut {
  /// Reads two bases.
  @inlinable
  static func read<Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
    _ storage: CombineLatestStorage<Failure, A, B>
  ) async where A.Element: Sendable, B.Element: Sendable {
    await readConcurrently(
      { await storage.read(storage.bases.0, into: storage.slots.0) },
      { await storage.read(storage.bases.1, into: storage.slots.1) }
    )
  }

  /// Reads three bases.
  @inlinable
  static func read<
    Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
    C: AsyncSequence & Sendable
  >(
    _ storage: CombineLatestStorage<Failure, A, B, C>
  ) async where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
    await readConcurrently(
      { await storage.read(storage.bases.0, into: storage.slots.0) },
      { await storage.read(storage.bases.1, into: storage.slots.1) },
      { await storage.read(storage.bases.2, into: storage.slots.2) }
    )
  }

  /// Reads four bases.
  @inlinable
  static func read<
    Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
    C: AsyncSequence & Sendable, D: AsyncSequence & Sendable
  >(
    _ storage: CombineLatestStorage<Failure, A, B, C, D>
  ) async where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable, D.Element: Sendable {
    await readConcurrently(
      { await storage.read(storage.bases.0, into: storage.slots.0) },
      { await storage.read(storage.bases.1, into: storage.slots.1) },
      { await storage.read(storage.bases.2, into: storage.slots.2) },
      { await storage.read(storage.bases.3, into: storage.slots.3) }
    )
  }

  /// The tuple of two bases.
  @inlinable
  static func tuple<Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
    _ storage: CombineLatestStorage<Failure, A, B>, promoting promoted: Int
  ) -> (A.Element, B.Element) where A.Element: Sendable, B.Element: Sendable {
    (storage.slots.0.value(promoting: promoted), storage.slots.1.value(promoting: promoted))
  }

  /// The tuple of three bases.
  @inlinable
  static func tuple<
    Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
    C: AsyncSequence & Sendable
  >(
    _ storage: CombineLatestStorage<Failure, A, B, C>, promoting promoted: Int
  ) -> (A.Element, B.Element, C.Element)
  where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
    (
      storage.slots.0.value(promoting: promoted), storage.slots.1.value(promoting: promoted),
      storage.slots.2.value(promoting: promoted)
    )
  }

  /// The tuple of four bases.
  @inlinable
  static func tuple<
    Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
    C: AsyncSequence & Sendable, D: AsyncSequence & Sendable
  >(
    _ storage: CombineLatestStorage<Failure, A, B, C, D>, promoting promoted: Int
  ) -> (A.Element, B.Element, C.Element, D.Element)
  where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable, D.Element: Sendable {
    (
      storage.slots.0.value(promoting: promoted), storage.slots.1.value(promoting: promoted),
      storage.slots.2.value(promoting: promoted), storage.slots.3.value(promoting: promoted)
    )
  }
}
