// The driver of scripts/share-machine-cost: share's state machine and FloorShare's state, each in
// a `Mutex` as their storages hold them, stepped through the same steady state (the upstream
// fills a consumer's `.bounded(64)` buffer, the consumer drains it) with no task, no
// continuation and no scheduler around them. What it prints is the per-element cost of each
// side's lock bodies alone, which the pinned mode of the benchmark multiplies with kernel time.

import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

typealias Machine = ShareStateMachine<
  Int, Never, UnsafeContinuation<Result<Int?, Never>, Never>, UnsafeContinuation<Bool, Never>
>

let limit = 64

/// Nanoseconds spent producing and consuming, over `elements` elements.
struct SideTimes {
  var upstream: Duration = .zero
  var consumer: Duration = .zero
  var checksum = 0
}

@inline(never)
func runMachine(elements: Int) -> SideTimes {
  let state = Mutex(Machine(replay: 0, policy: .bounded(limit)))
  let id = state.withLock { $0.register() }
  var slot = 0
  var resuming: [UnsafeContinuation<Result<Int?, Never>, Never>] = []
  var times = SideTimes()
  var produced = 0
  let clock = ContinuousClock()
  while produced < elements {
    let start = clock.now
    while produced < elements {
      let element = produced
      produced += 1
      let action = state.withLock { $0.upstreamProduced(element, run: 0, resuming: &resuming) }
      precondition(resuming.isEmpty, "no consumer waits in this driver")
      if action == .awaitDemand { break }
    }
    let drained = clock.now
    times.upstream += drained - start
    while case .element(let element, _) = state.withLock({ $0.next(consumer: id, slot: &slot) }) {
      times.checksum &+= element
    }
    times.consumer += clock.now - drained
  }
  return times
}

@inline(never)
func runFloor(elements: Int) -> SideTimes {
  let state = Mutex(FloorShareState(ring: Array(repeating: 0, count: limit)))
  var times = SideTimes()
  var produced = 0
  let clock = ContinuousClock()
  while produced < elements {
    let start = clock.now
    while produced < elements {
      let element = produced
      produced += 1
      let full = state.withLock { state -> Bool in
        precondition(state.consumer == nil, "no consumer waits in this driver")
        state.append(element)
        return state.isFull
      }
      if full { break }
    }
    let drained = clock.now
    times.upstream += drained - start
    while let (element, _) = state.withLock({ $0.take() }) {
      times.checksum &+= element
    }
    times.consumer += clock.now - drained
  }
  return times
}

func nanoseconds(_ duration: Duration, per count: Int) -> Double {
  let (seconds, attoseconds) = duration.components
  return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(count)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// `value` with two decimal places.
func twoPlaces(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = String(hundredths % 100)
  return "\(hundredths / 100)." + (fraction.count == 1 ? "0" + fraction : fraction)
}

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let elements = quick ? 100_000 : 5_000_000
let rounds = quick ? 1 : 7
let expected = elements * (elements - 1) / 2

var rows: [String: [Double]] = [:]
for _ in 0..<rounds {
  for (name, run) in [("floor", runFloor), ("machine", runMachine)] {
    let times = run(elements)
    guard times.checksum == expected else {
      print("share-machine-cost: \(name) summed \(times.checksum), expected \(expected)")
      exit(1)
    }
    let upstream = nanoseconds(times.upstream, per: elements)
    let consumer = nanoseconds(times.consumer, per: elements)
    rows[name + " upstream", default: []].append(upstream)
    rows[name + " consumer", default: []].append(consumer)
    rows[name + " both", default: []].append(upstream + consumer)
  }
}

print("ns per element, median of \(rounds) rounds of \(elements) elements (.bounded(\(limit)))")
print("| side | FloorShareState | ShareStateMachine | ratio |")
print("|---|---:|---:|---:|")
for side in ["upstream", "consumer", "both"] {
  let floor = median(rows["floor " + side]!)
  let machine = median(rows["machine " + side]!)
  print("| \(side) | \(twoPlaces(floor)) | \(twoPlaces(machine)) | \(twoPlaces(machine / floor)) |")
}
