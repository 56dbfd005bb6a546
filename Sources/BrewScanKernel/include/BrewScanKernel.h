#ifndef BREW_SCAN_KERNEL_H
#define BREW_SCAN_KERNEL_H

#include <stdint.h>

/// The widest byte scan this CPU runs: 0 none (use the portable scan), 256 (AVX2) or 512
/// (AVX-512BW), from the CPU's own feature flags (ask once and keep the answer).
int brew_scan_kernel_width(void);

/// The first position `p` in `start ..< limit` where the `needle_count` bytes of `needle` occur
/// entirely before `limit`, or `limit` when there is none; compares `needle[rare_offset]` and
/// `needle[other_offset]` at 64 positions a step and verifies each position where both match.
/// Reads up to 64 bytes past `limit`. `width` is 256 or 512, at most `brew_scan_kernel_width()`
/// (which must not be 0).
intptr_t brew_scan_kernel_first_match(
  int width, const uint8_t *needle, intptr_t needle_count, intptr_t rare_offset,
  intptr_t other_offset, const uint8_t *text, intptr_t start, intptr_t limit);

#endif
