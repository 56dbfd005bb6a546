extension SetAlgebra {
  /// Creates a set of every element of an asynchronous sequence.
  ///
  /// ```swift
  /// let tags = await Set(tagStream)
  /// ```
  ///
  /// It runs in the caller's isolation and returns when `source` ends; an error of `source` is
  /// rethrown.
  ///
  /// - Parameter source: The sequence to collect.
  @inlinable
  public nonisolated(nonsending) init<Source: AsyncSequence>(_ source: Source) async rethrows
  where Source.Element == Element {
    self.init()
    for try await element in source {
      insert(element)
    }
  }
}
