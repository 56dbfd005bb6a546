/// A first-in, first-out queue of jobs that does not shift the array on every pop.
struct JobQueue: Sendable {
  private var storage: [DriverJob] = []
  private var head = 0

  var count: Int { storage.count - head }
  var isEmpty: Bool { count == 0 }

  mutating func append(_ job: DriverJob) {
    storage.append(job)
  }

  mutating func popFirst() -> DriverJob? {
    guard head < storage.count else { return nil }
    let job = storage[head]
    head += 1
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return job
  }
}
