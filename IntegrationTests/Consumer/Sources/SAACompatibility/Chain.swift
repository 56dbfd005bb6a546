// chain of 2 and 3 bases, as swift-async-algorithms 1.1.5 allows: generic functions with only
// chain's own constraints, and bases of differing failure types. See Combining.swift for the
// other combining operators' `// saa:` lines.

import AsyncOps

// saa: chain(_:_:), AsyncChain2Sequence
/// A generic function over two bases with only chain's own constraints.
public func chainAny<Base1: AsyncSequence, Base2: AsyncSequence>(
  _ base1: Base1, _ base2: Base2
) -> AsyncChain2Sequence<Base1, Base2> where Base1.Element == Base2.Element {
  chain(base1, base2)
}

// saa: chain(_:_:_:), AsyncChain3Sequence
/// A generic function over three bases with only chain's own constraints.
public func chainAny<Base1: AsyncSequence, Base2: AsyncSequence, Base3: AsyncSequence>(
  _ base1: Base1, _ base2: Base2, _ base3: Base3
) -> AsyncChain3Sequence<Base1, Base2, Base3>
where Base1.Element == Base2.Element, Base1.Element == Base3.Element {
  chain(base1, base2, base3)
}

/// Runs chain of 2 and 3 with same and mixed failure types; returns what it produced.
public func runChain() async throws -> [String] {
  // saa: AsyncChain2Sequence.Element, AsyncChain2Sequence.Iterator, AsyncChain2Sequence.Iterator.next(), AsyncChain2Sequence.makeAsyncIterator()
  var pairIterator: AsyncChain2Sequence<Numbers, Numbers>.Iterator =
    chain([1].async, [2].async).makeAsyncIterator()
  var values: [AsyncChain2Sequence<Numbers, Numbers>.Element] = []
  while let value = await pairIterator.next() { values.append(value) }
  // saa: AsyncChain3Sequence.Element, AsyncChain3Sequence.Iterator, AsyncChain3Sequence.Iterator.next(), AsyncChain3Sequence.makeAsyncIterator()
  var tripleIterator: AsyncChain3Sequence<Numbers, Numbers, Numbers>.Iterator =
    chain([3].async, [4].async, [5].async).makeAsyncIterator()
  while let value: AsyncChain3Sequence<Numbers, Numbers, Numbers>.Element =
    await tripleIterator
    .next()
  {
    values.append(value)
  }
  // Mixed failures: the first base's failure type is the chain's (as in swift-async-algorithms).
  for try await value in chainAny(throwingStream([6]), [7].async) { values.append(value) }
  for await value in chainAny([8].async, throwingStream([9]), [10].async) { values.append(value) }
  return ["chain \(values)"]
}
