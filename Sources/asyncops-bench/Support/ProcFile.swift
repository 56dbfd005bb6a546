import Glibc

/// Small readers and writers for Linux `/proc` files, which report a size of 0 and so must be
/// read until end of file.
enum ProcFile {
  /// The whole text of `path`, or `nil` if it cannot be opened.
  static func read(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Writes `text` to `path`; `true` if every byte was written.
  static func write(_ text: String, to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var text = text
    return text.withUTF8 { Glibc.write(descriptor, $0.baseAddress, $0.count) == $0.count }
  }

  /// The value of a `Key: value` line (e.g. `model name` in `/proc/cpuinfo`), trimmed.
  static func field(_ key: String, in text: String) -> String? {
    for line in text.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      if line[..<colon].trimmingWhitespace() == key {
        return String(line[line.index(after: colon)...].trimmingWhitespace())
      }
    }
    return nil
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = lastIndex(where: { !isSpace($0) })!
    return self[first...last]
  }
}
