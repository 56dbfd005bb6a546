/// Starts one reader per base, and takes each tuple, for two or three bases in code the compiler
/// can specialise; the same workaround as ``CombineLatestFanOut`` (docs/compiler-workarounds.md):
/// the generic ``ZipStorage/readAll()`` and ``ZipStorage/genericTuple()`` reach each base through
/// the parameter pack, which Swift 6.3 compiles generically, so every element would pay a generic
/// async call per layer of its base, and every tuple a generic call per base.
@usableFromInline
enum ZipFanOut {
  /// Reads two bases.
  @inlinable
  static func read<Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
    _ storage: ZipStorage<Failure, A, B>
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
    _ storage: ZipStorage<Failure, A, B, C>
  ) async where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
    await readConcurrently(
      { await storage.read(storage.bases.0, into: storage.slots.0) },
      { await storage.read(storage.bases.1, into: storage.slots.1) },
      { await storage.read(storage.bases.2, into: storage.slots.2) }
    )
  }

  /// The tuple of two bases, emptying their slots.
  @inlinable
  static func tuple<Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable>(
    _ storage: ZipStorage<Failure, A, B>
  ) -> (A.Element, B.Element) where A.Element: Sendable, B.Element: Sendable {
    (storage.slots.0.take(), storage.slots.1.take())
  }

  /// The tuple of three bases, emptying their slots.
  @inlinable
  static func tuple<
    Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
    C: AsyncSequence & Sendable
  >(
    _ storage: ZipStorage<Failure, A, B, C>
  ) -> (A.Element, B.Element, C.Element)
  where A.Element: Sendable, B.Element: Sendable, C.Element: Sendable {
    (storage.slots.0.take(), storage.slots.1.take(), storage.slots.2.take())
  }
}
