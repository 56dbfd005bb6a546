import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The runtime's own "which executor is the main actor's", which a hook calls when it does not
/// answer itself.
typealias MainExecutorLookup = @convention(thin) () -> UnownedSerialExecutor
/// The shape of `swift_task_getMainExecutor_hook`. Runtime ABI, verified on Swift 6.3.1 Linux:
/// `SerialExecutorRef` is two words and comes back in registers, as `UnownedSerialExecutor` does.
typealias MainExecutorLookupHook = @convention(thin) (MainExecutorLookup) -> UnownedSerialExecutor

/// The runtime's enqueue on a given executor: how a main-actor job the driver does not own reaches
/// the real main executor.
@_silgen_name("swift_task_enqueue")
func runtimeEnqueue(_ job: UnownedJob, on executor: UnownedSerialExecutor)

/// Makes "the main actor" mean ``VirtualMainExecutor`` on a thread that runs a driver's job.
///
/// Every main-actor executor reference the runtime builds (`MainActor.sharedUnownedExecutor`, a
/// hop to a `@MainActor` function, an isolation check) goes through
/// `swift_task_getMainExecutor_hook`. On a driver's thread the hook answers the virtual main, so
/// a hop made there enqueues on ``VirtualMainExecutor``, which hands the job to its driver; and an
/// isolation check made there compares the virtual main with itself and passes. Everywhere else it
/// answers what it would without us (the hook installed before ours, else the runtime's), so
/// other tests' main-actor work is untouched. (`swift_task_enqueueMainExecutor_hook` cannot do
/// this: on Swift 6.3 no main-actor hop calls it.)
///
/// The hook runs for every main-actor reference of the process, so it costs one thread-specific
/// read and a branch.
enum MainExecutorHook {
  /// The real main executor, read before the hook is installed (after, on a driver's thread, it
  /// would be the virtual one).
  static let realMain: UnownedSerialExecutor = MainActor.sharedUnownedExecutor

  /// The hook another library installed before ours, called for every lookup we do not answer.
  // nonisolated(unsafe): written exactly once, inside `install`'s one-time initializer, before our
  // hook (its only reader besides `install`) is stored; never written again.
  nonisolated(unsafe) private static var previousHook: MainExecutorLookupHook?

  /// Whether main-actor work of a driver's tasks runs on the driver: the hook is installed and the
  /// runtime consults it (checked once, on the first driver's thread). When it is `false` (a future
  /// runtime that stops asking), main-actor hops reach the real main actor and a body that waits
  /// on them is reported as stalled, as before this hook existed.
  static let isRoutingMainActor = Atomic<Bool>(false)

  private static let installOnce: Void = {
    _ = realMain
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getMainExecutor_hook") else {
      return  // no such hook: the main actor stays the real one; stalls are reported
    }
    let slot = symbol.assumingMemoryBound(to: MainExecutorLookupHook?.self)
    previousHook = slot.pointee
    slot.pointee = { original in
      if JobRouter.isDriverThread {
        return VirtualMainExecutor.reference
      }
      if let previous = MainExecutorHook.previousHook {
        return previous(original)
      }
      return original()
    }
  }()

  /// Installs the hook (once per process) and, on the calling driver thread, checks that the
  /// runtime consults it.
  static func installAndVerify() {
    _ = installOnce
    let answered = MainActor.sharedUnownedExecutor
    isRoutingMainActor.store(
      answered.isSame(as: VirtualMainExecutor.reference), ordering: .relaxed)
  }
}

extension UnownedSerialExecutor {
  /// Whether two references name the same executor (the type is not `Equatable`).
  func isSame(as other: UnownedSerialExecutor) -> Bool {
    withUnsafeBytes(of: self) { lhs in
      withUnsafeBytes(of: other) { rhs in lhs.elementsEqual(rhs) }
    }
  }
}

extension MainExecutorHook {
  /// Appended to a stall report when the runtime did not consult the hook, so that main-actor
  /// work is named as what the driver could not run.
  static var stallNote: String {
    isRoutingMainActor.load(ordering: .relaxed)
      ? ""
      : "; note: this runtime does not let the driver run main-actor work, so the main actor is "
        + "one of those"
  }
}
