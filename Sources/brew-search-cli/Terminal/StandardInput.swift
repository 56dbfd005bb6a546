import Foundation

/// Standard input, read on a thread of its own so that no cooperative thread blocks on it.
enum StandardInput {
  /// The lines of standard input (invalid UTF-8 is repaired with U+FFFD), ending at end of input.
  static func lines() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let reader = Thread {
      while let line = readLine(strippingNewline: true) {
        continuation.yield(line)
      }
      continuation.finish()
    }
    reader.start()
    return stream
  }

  /// The bytes of each read from the terminal in raw mode: one key press, or an escape sequence.
  static func keyPresses() -> AsyncStream<[UInt8]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, 64) }
        if count <= 0 { break }
        continuation.yield(Array(buffer[0..<count]))
      }
      continuation.finish()
    }
    reader.start()
    return stream
  }
}
