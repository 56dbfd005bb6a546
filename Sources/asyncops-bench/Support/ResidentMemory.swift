/// The process's current resident set size, for cases that account for their own memory.
enum ResidentMemory {
  /// `VmRSS` from `/proc/self/status`, in bytes; 0 when unreadable.
  static func currentBytes() -> Int {
    guard let status = ProcFile.read("/proc/self/status"),
      let field = ProcFile.field("VmRSS", in: status),
      let kibibytes = field.split(separator: " ").first.flatMap({ Int($0) })
    else { return 0 }
    return kibibytes * 1024
  }

  /// The RSS growth while `body` runs (heap trimmed first so freed memory does not hide it), and
  /// `body`'s result.
  static func growth<T>(_ body: () throws -> T) rethrows -> (bytes: Int, value: T) {
    PeakMemoryProbe.trimHeap()
    let before = currentBytes()
    let value = try body()
    return (max(0, currentBytes() - before), value)
  }
}
