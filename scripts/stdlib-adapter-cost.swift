// The driver of scripts/stdlib-adapter-cost: per-element costs of AsyncOps operators whose base
// is a standard-library adapter (`map`, `filter`) of a synchronous source, beside a hand loop
// over the same adapter and the same operators over the source itself. No task, no scheduler:
// every case runs in one task, as a task-free operator does.

import AsyncOps

#if canImport(Glibc)
  import Glibc
#endif

/// `0..<count`, produced without suspending; declared here so that every case specialises it.
struct Counting: AsyncSequence, Sendable {
  let count: Int

  struct AsyncIterator: AsyncIteratorProtocol {
    var next = 0
    let count: Int

    mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      guard next < count else { return nil }
      defer { next += 1 }
      return next
    }

    mutating func next() async -> Int? { await next(isolation: nil) }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
}

/// Reads any sequence of `Int` to its end through the generic requirement, as an operator does.
@inline(never)
func genericSum<Base: AsyncSequence>(_ base: Base) async -> Int
where Base.Element == Int, Base.Failure == Never {
  var iterator = base.makeAsyncIterator()
  var sum = 0
  while let value = await iterator.next(isolation: nil) { sum &+= value }
  return sum
}

/// One line of the table: a base (the source, its `map`, its `filter`) and what reads it.
struct Case {
  let reader: String
  let base: String
  let run: @Sendable (Int) async -> Int
}

func plusOne(_ value: Int) -> Int { value &+ 1 }
func always(_ value: Int) -> Bool { value >= 0 }

let cases: [Case] = [
  Case(reader: "hand loop", base: "source") { n in
    var sum = 0
    for await value in Counting(count: n) { sum &+= value &+ 1 }
    return sum
  },
  Case(reader: "hand loop", base: "map") { n in
    var sum = 0
    for await value in Counting(count: n).map(plusOne) { sum &+= value }
    return sum
  },
  Case(reader: "hand loop", base: "filter") { n in
    var sum = 0
    for await value in Counting(count: n).filter(always) { sum &+= value &+ 1 }
    return sum
  },
  Case(reader: "generic loop", base: "map") { n in
    await genericSum(Counting(count: n).map(plusOne))
  },
  Case(reader: "removeDuplicates()", base: "source") { n in
    var sum = 0
    for await value in Counting(count: n).removeDuplicates() { sum &+= value &+ 1 }
    return sum
  },
  Case(reader: "removeDuplicates()", base: "map") { n in
    var sum = 0
    for await value in Counting(count: n).map(plusOne).removeDuplicates() { sum &+= value }
    return sum
  },
  Case(reader: "removeDuplicates()", base: "filter") { n in
    var sum = 0
    for await value in Counting(count: n).filter(always).removeDuplicates() { sum &+= value &+ 1 }
    return sum
  },
  Case(reader: "reductions(0, +) (last value)", base: "map") { n in
    var last = 0
    for await value in Counting(count: n).map(plusOne).reductions(0, { $0 &+ $1 }) {
      last = value
    }
    return last
  },
  Case(reader: "chunks(ofCount: 16) (sum)", base: "map") { n in
    var sum = 0
    for await chunk in Counting(count: n).map(plusOne).chunks(ofCount: 16) {
      for value in chunk { sum &+= value }
    }
    return sum
  },
  Case(reader: "compacted() (direct read, for comparison)", base: "map") { n in
    var sum = 0
    for await value in Counting(count: n).map({ Optional(plusOne($0)) }).compacted() {
      sum &+= value
    }
    return sum
  },
]

let quick = CommandLine.arguments.contains("--quick")
let elements = quick ? 2_000 : 1_000_000
let rounds = quick ? 1 : 5
let clock = ContinuousClock()

/// Every case but `reductions` sums `1...n`; `reductions`' last value is that sum too.
let expected = elements * (elements + 1) / 2

func nanoseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

func formatted(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = hundredths % 100
  return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
}

/// Runs on the global executor, off the main actor: top-level code would hop to it and back on
/// every element of a `map`, whose transform is not isolated.
@concurrent
func measure() async -> Bool {
  print("ns per element, median of \(rounds) rounds of \(elements) elements")
  print("| reader | base | ns/element |")
  print("|---|---|---:|")
  var agreed = true
  for entry in cases {
    var samples: [Double] = []
    for _ in 0..<rounds {
      let start = clock.now
      let result = await entry.run(elements)
      samples.append(nanoseconds(clock.now - start) / Double(elements))
      if result != expected {
        print("\(entry.reader) over \(entry.base): got \(result), expected \(expected)")
        agreed = false
      }
    }
    samples.sort()
    print("| \(entry.reader) | \(entry.base) | \(formatted(samples[samples.count / 2])) |")
  }
  return agreed
}

if await !measure() {
  print("stdlib-adapter-cost: a case computed a wrong sum (above)")
  exit(1)
}
