/// The operators that read several inputs of one element type and are not `combineLatest`:
/// `merge`, `zip` and `chain`, as `brew-search marbles` spells them.
///
/// ```swift
/// let operation = try MarbleOperator(parsing: "zip")   // .fanIn(.zip)
/// ```
public enum FanInOperator: String, CaseIterable, Hashable, Sendable {
  /// Elements of every input as they arrive (Combine: `Merge`, `MergeMany`).
  case merge
  /// Tuples of the n-th element of each input, written as their parts concatenated (`'ax'`)
  /// (Combine: `Zip`; beyond three inputs, nested `zip`).
  case zip
  /// Elements of each input after those of the one before (Combine: `append`).
  case chain
}
