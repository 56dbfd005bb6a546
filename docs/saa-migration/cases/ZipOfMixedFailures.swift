// The zip of a sequence that cannot fail and one that throws `any Error`, returned under
// swift-async-algorithms' type name: the signature an SAA user wrote, unchanged.

import AsyncOps

// saa: zip(_:_:), AsyncZip2Sequence
/// Pairs `a` with `b`.
public func zipMixed(
  _ a: AsyncStream<Int>, _ b: AsyncThrowingStream<Int, any Error>
) -> AsyncZip2Sequence<AsyncStream<Int>, AsyncThrowingStream<Int, any Error>> {
  zip(a, b)
}
