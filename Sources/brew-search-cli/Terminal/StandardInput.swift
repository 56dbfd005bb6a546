import Foundation

/// Standard input, read on a thread of its own so that no cooperative thread blocks on it.
enum StandardInput {
  /// The lines of standard input (invalid UTF-8 is repaired with U+FFFD), ending at end of input.
  /// LF and CRLF both end a line; a last line without a line break counts.
  static func lines() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    let reader = Thread {
      var splitter = LineSplitter()
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, 65_536) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        for line in splitter.lines(in: buffer[0..<count]) { continuation.yield(line) }
      }
      if let last = splitter.finish() { continuation.yield(last) }
      continuation.finish()
    }
    reader.start()
    return stream
  }
}

/// Cuts a byte stream into lines at LF, dropping a CR just before it (CRLF), whatever the chunks.
struct LineSplitter {
  private var partial: [UInt8] = []

  /// The lines that `bytes` complete.
  mutating func lines(in bytes: ArraySlice<UInt8>) -> [String] {
    var lines: [String] = []
    var start = bytes.startIndex
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      partial.append(contentsOf: bytes[start..<newline])
      lines.append(Self.text(of: partial))
      partial.removeAll(keepingCapacity: true)
      start = newline + 1
    }
    partial.append(contentsOf: bytes[start...])
    return lines
  }

  /// The last line, when the input did not end with a line break.
  mutating func finish() -> String? {
    defer { partial.removeAll() }
    return partial.isEmpty ? nil : Self.text(of: partial)
  }

  private static func text(of line: [UInt8]) -> String {
    let content = line.last == 0x0D ? line.dropLast() : line[...]
    return String(decoding: content, as: UTF8.self)
  }
}
