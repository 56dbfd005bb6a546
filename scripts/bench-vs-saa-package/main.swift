// The side-by-side runner of scripts/bench-vs-saa: every shared case of both libraries, one
// warm-up each, then repetition by repetition, SAA and AsyncOps alternating (which goes first
// alternates too), checksums verified on every run. Prints one tab-separated line per case:
// name, SAA median ns/element, AsyncOps median ns/element, SAA min–max, AsyncOps min–max.
import Foundation
import OursCases
import SAACases

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--list" {
  for shared in OursCases.cases { print(shared.name) }
  exit(0)
}
let repetitions = arguments.first.flatMap { Int($0) } ?? 5
let scale = arguments.dropFirst().first.flatMap { Double($0) } ?? 1
let only = Set(arguments.dropFirst(2))

/// `BENCH_VS_SAA_TRACE=1`: each run's label on stderr before it starts (which library a crash is in).
let trace = ProcessInfo.processInfo.environment["BENCH_VS_SAA_TRACE"] == "1"

func nanoseconds(_ body: () async -> (Int, Int, Int), label: String) async -> Double {
  if trace { FileHandle.standardError.write("\(label)\n".data(using: .utf8)!) }
  let start = ContinuousClock.now
  let (elements, checksum, expected) = await body()
  let elapsed = ContinuousClock.now - start
  guard checksum == expected else {
    FileHandle.standardError.write(
      "\(label): checksum \(checksum), expected \(expected)\n".data(using: .utf8)!)
    exit(1)
  }
  let (seconds, attoseconds) = elapsed.components
  return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(elements)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

precondition(SAACases.cases.map(\.name) == OursCases.cases.map(\.name), "case lists differ")
for (theirs, ours) in zip(SAACases.cases, OursCases.cases)
where only.isEmpty || only.contains(theirs.name) {
  let count = max(1, Int(Double(theirs.size) * scale))
  let runSAA = { () async -> (Int, Int, Int) in
    let outcome = await theirs.run(count)
    return (outcome.elements, outcome.checksum, outcome.expected)
  }
  let runOurs = { () async -> (Int, Int, Int) in
    let outcome = await ours.run(count)
    return (outcome.elements, outcome.checksum, outcome.expected)
  }
  _ = await nanoseconds(runSAA, label: "SAA \(theirs.name)")
  _ = await nanoseconds(runOurs, label: "AsyncOps \(ours.name)")
  var saa: [Double] = []
  var asyncOps: [Double] = []
  for repetition in 0..<repetitions {
    if repetition % 2 == 0 {
      saa.append(await nanoseconds(runSAA, label: "SAA \(theirs.name)"))
      asyncOps.append(await nanoseconds(runOurs, label: "AsyncOps \(ours.name)"))
    } else {
      asyncOps.append(await nanoseconds(runOurs, label: "AsyncOps \(ours.name)"))
      saa.append(await nanoseconds(runSAA, label: "SAA \(theirs.name)"))
    }
  }
  func figure(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.0f", value) }
  print(
    [
      theirs.name, figure(median(saa)), figure(median(asyncOps)),
      "\(figure(saa.min()!))–\(figure(saa.max()!))",
      "\(figure(asyncOps.min()!))–\(figure(asyncOps.max()!))",
    ].joined(separator: "\t"))
  fflush(nil)
}
