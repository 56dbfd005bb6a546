// A small program written against swift-async-algorithms 1.1.5 and moved to AsyncOps by changing
// its import line alone. It prints the same lines with either package.
import AsyncOps

/// A brew as a grinder and a kettle report it: which bean, and how long the pour took.
struct Pour: Sendable, Hashable {
  let bean: String
  let seconds: Int
}

let morning = [
  Pour(bean: "kenya", seconds: 30), Pour(bean: "kenya", seconds: 32),
  Pour(bean: "bogota", seconds: 28), Pour(bean: "bogota", seconds: 35),
  Pour(bean: "sidamo", seconds: 31),
]
let evening = [Pour(bean: "decaf", seconds: 40), Pour(bean: "decaf", seconds: 41)]

// Sequence algorithms over a synchronous source.
let all = chain(morning.async, evening.async)
print("chain:", await Array(all.map(\.seconds)))
print("adjacentPairs:", await Array(all.map(\.seconds).adjacentPairs().map { $1 - $0 }))
print("running total:", await Array(all.map(\.seconds).reductions(+)))
print("from 100:", await Array(all.map(\.seconds).reductions(100) { $0 + $1 }))
print("chunks of 2:", await Array(all.map(\.seconds).chunks(ofCount: 2)))
print("by bean:", await Array(all.chunked(on: \.bean).map { "\($0.0)×\($0.1.count)" }))
print("rising runs:", await Array(all.map(\.seconds).chunked(by: { $0 <= $1 })))
print("beans:", await Array(all.map(\.bean).removeDuplicates()))
print(
  "interspersed:",
  await Array(["kenya", "bogota", "sidamo"].async.interspersed(with: "/")).joined())
print("joined:", await String(["ab".async, "cd".async].async.joined(separator: "-".async)))
print("compacted:", await Array([Int?.some(1), nil, 3].async.compacted()))
print("beans seen:", await Set(all.map(\.bean)).sorted())
let longest = await Dictionary(all.map { ($0.bean, $0.seconds) }, uniquingKeysWith: max)
print("longest pour:", longest.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
let grouped = await Dictionary(grouping: all.map(\.seconds), by: { $0 >= 32 ? "long" : "short" })
print("grouped:", grouped.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })

// Several sources at once.
let pairs = zip(morning.async.map(\.bean), evening.async.map(\.seconds))
print("zip:", await Array(pairs.map { "\($0)@\($1)" }))
let merged = await Array(merge(morning.async.map(\.seconds), evening.async.map(\.seconds)))
print("merge:", merged.sorted())
for await (bean, seconds) in combineLatest(["kenya"].async, [30].async) {
  print("combineLatest:", bean, seconds)
}

// A channel between two tasks, back-pressured: each send waits for the reader.
let orders = AsyncChannel<String>()
let barista = Task {
  for bean in ["kenya", "bogota", "sidamo"] { await orders.send(bean) }
  orders.finish()
}
var taken: [String] = []
for await order in orders.buffer(policy: .bounded(2)) { taken.append(order) }
await barista.value
print("channel:", taken)

// A failing channel: the error ends the iteration.
struct OutOfBeans: Error {}
let shots = AsyncThrowingChannel<Int, any Error>()
Task {
  await shots.send(1)
  shots.fail(OutOfBeans())
}
do {
  for try await shot in shots { print("shot:", shot) }
} catch {
  print("failed:", error is OutOfBeans)
}

// Time: a pour that settles, a timer, and chunks closed by count or by a timer.
let settled = await Array(morning.async.map(\.seconds).debounce(for: .milliseconds(5)))
print("debounce:", settled)
var ticks = 0
for await _ in AsyncTimerSequence.repeating(every: .milliseconds(2), clock: ContinuousClock()) {
  ticks += 1
  if ticks == 3 { break }
}
print("timer ticks:", ticks)
let batches = all.map(\.seconds).chunks(
  ofCount: 3, or: .repeating(every: .seconds(60), clock: ContinuousClock()))
print("chunks of 3 or a minute:", await Array(batches))
