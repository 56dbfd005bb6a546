import AsyncOps

/// Names the tasks a body left suspended, and what each waits on (the counterpart of Kotlin
/// `runTest`'s "uncompleted coroutines").
extension VirtualTimeDriver {
  /// One description per task of the body that is still suspended, e.g.
  /// `task 42, on a continuation nobody resumed (...)`.
  func describeSuspendedTasks(requests: [Request]) -> [String] {
    let sleepers = Dictionary(
      clock.pendingSleeperTasks.map { ($0.taskAddress, $0.deadline) }, uniquingKeysWith: min)
    let requestsByTask = Dictionary(
      requests.map { ($0.taskAddress, $0.summary) }, uniquingKeysWith: { first, _ in first })
    return taskTracker.suspended().map { task in
      let place: String
      if let deadline = sleepers[task.address] {
        place = "sleeping on the TestClock until \(deadline)"
      } else if let request = requestsByTask[task.address] {
        place = "inside \(request) (resumed now, time unmoved)"
      } else {
        place = Self.describe(task.wait)
      }
      return "task \(task.id), \(place)"
    }
  }

  private static func describe(_ wait: RuntimeTaskState.Wait) -> String {
    switch wait {
    case .taskValue(let id): "awaiting the value of task \(id)"
    case .taskGroup: "awaiting a task group's next result"
    case .continuation:
      "on a continuation nobody resumed (an AsyncSequence's next() waiting for an element, a "
        + "withCheckedContinuation, ...)"
    case .executor: "queued on an executor the driver does not run"
    case .unknown: "suspended"
    }
  }

  /// The suspended tasks in a line, for a failure report.
  func suspendedTaskSummary() -> String {
    let tasks = describeSuspendedTasks(requests: [])
    guard !tasks.isEmpty else {
      return RuntimeTaskState.isVerified ? "none" : "unknown on this runtime"
    }
    return tasks.prefix(10).joined(separator: "; ") + (tasks.count > 10 ? "; ..." : "")
  }
}
