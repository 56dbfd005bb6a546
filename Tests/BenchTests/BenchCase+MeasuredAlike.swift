import Testing

@testable import asyncops_bench

/// Expects `copy` to be measured as `original` is: the same N, quick N, repetitions and warm-ups
/// (a control beside its floor, a probe comparison beside its operator case).
func expectMeasuredAlike(
  _ copy: BenchCase, as original: BenchCase, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(copy.size == original.size, "\(copy.name): the same N", sourceLocation: sourceLocation)
  #expect(
    copy.quickSize == original.quickSize, "\(copy.name): the same quick N",
    sourceLocation: sourceLocation)
  #expect(
    copy.repetitions == original.repetitions, "\(copy.name): the same repetitions",
    sourceLocation: sourceLocation)
  #expect(
    copy.warmups == original.warmups, "\(copy.name): the same warm-ups",
    sourceLocation: sourceLocation)
}
