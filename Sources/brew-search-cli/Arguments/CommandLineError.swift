/// A problem that ends the command: a message for stderr and the exit status.
///
/// Status 2 is bad input (usage, files, scripts, marbles); status 1 is reserved for a result that
/// is itself a "no" (the two engines of `replay --engine both` disagree).
struct CommandLineError: Error, CustomStringConvertible {
  var message: String
  var exitStatus: Int32 = 2

  init(_ message: String, exitStatus: Int32 = 2) {
    self.message = message
    self.exitStatus = exitStatus
  }

  var description: String { message }
}
