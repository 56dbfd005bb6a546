/// Starts one reader per base for two to four bases in code the compiler can specialise; the same
/// workaround as ``CombineLatestFanOut`` (docs/compiler-workarounds.md): the generic
/// ``MergeStorage/readAll()`` reaches each base through the parameter pack, which Swift 6.3
/// compiles generically, so every element would pay a generic async call per layer of its base.
/// Five to eight bases keep the generic fan-out.
@usableFromInline
enum MergeFanOut {
  /// Reads two bases.
  @inlinable
  static func read<
    Element: Sendable, Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable
  >(_ storage: MergeStorage<Element, Failure, A, B>) async {
    await readConcurrently(
      { await storage.read(storage.bases.0) },
      { await storage.read(storage.bases.1) }
    )
  }

  /// Reads three bases.
  @inlinable
  static func read<
    Element: Sendable, Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
    C: AsyncSequence & Sendable
  >(_ storage: MergeStorage<Element, Failure, A, B, C>) async {
    await readConcurrently(
      { await storage.read(storage.bases.0) },
      { await storage.read(storage.bases.1) },
      { await storage.read(storage.bases.2) }
    )
  }

  /// Reads four bases.
  @inlinable
  static func read<
    Element: Sendable, Failure: Error, A: AsyncSequence & Sendable, B: AsyncSequence & Sendable,
    C: AsyncSequence & Sendable, D: AsyncSequence & Sendable
  >(_ storage: MergeStorage<Element, Failure, A, B, C, D>) async {
    await readConcurrently(
      { await storage.read(storage.bases.0) },
      { await storage.read(storage.bases.1) },
      { await storage.read(storage.bases.2) },
      { await storage.read(storage.bases.3) }
    )
  }
}
