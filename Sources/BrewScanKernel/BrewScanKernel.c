// The wide byte scan of BrewSearch's text-driven pass: AVX-512BW or AVX2 on the x86-64 CPUs that
// have them, chosen at run time (a binary built for baseline x86-64 still runs everywhere).
//
// Why C: Swift compiles a whole module for one CPU baseline (SSE2 on x86-64) and has no
// per-function target attribute, so 256- and 512-bit compares are out of its reach without
// raising the baseline for every user. Here only the functions marked with `target` use the wide
// instructions, and only after the CPU said it has them. The portable scan stays in Swift
// (`SubstringScanner.firstMatch`), and both are tested against a naive search.
#include "BrewScanKernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

// Whether the `count` bytes at `text` equal the needle's.
static inline int brew_scan_equal(const uint8_t *text, const uint8_t *needle, intptr_t count) {
  for (intptr_t offset = 0; offset < count; offset++) {
    if (text[offset] != needle[offset]) return 0;
  }
  return 1;
}

// Walks the candidates of one 64-position step (bit i: position `position + i`), in order.
// Returns the match, `limit` when a candidate lies past the last start, or -1 to go on.
static inline intptr_t brew_scan_verify(
  uint64_t bits, intptr_t position, intptr_t last_start, intptr_t limit, const uint8_t *text,
  const uint8_t *needle, intptr_t needle_count) {
  while (bits != 0) {
    intptr_t candidate = position + (intptr_t)__builtin_ctzll(bits);
    if (candidate > last_start) return limit;
    if (brew_scan_equal(text + candidate, needle, needle_count)) return candidate;
    bits &= bits - 1;
  }
  return -1;
}

__attribute__((target("avx512f,avx512bw")))
static intptr_t brew_scan_first_match_512(
  const uint8_t *needle, intptr_t needle_count, intptr_t rare_offset, intptr_t other_offset,
  const uint8_t *text, intptr_t start, intptr_t limit) {
  intptr_t last_start = limit - needle_count;
  if (start > last_start) return limit;
  const __m512i rare = _mm512_set1_epi8((char)needle[rare_offset]);
  const __m512i other = _mm512_set1_epi8((char)needle[other_offset]);
  const uint8_t *rare_bytes = text + rare_offset;
  const uint8_t *other_bytes = text + other_offset;
  for (intptr_t position = start; position <= last_start; position += 64) {
    __mmask64 first = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(rare_bytes + position), rare);
    __mmask64 both = _mm512_mask_cmpeq_epi8_mask(
      first, _mm512_loadu_si512(other_bytes + position), other);
    if (both != 0) {
      intptr_t found = brew_scan_verify(
        (uint64_t)both, position, last_start, limit, text, needle, needle_count);
      if (found >= 0) return found;
    }
  }
  return limit;
}

__attribute__((target("avx2")))
static intptr_t brew_scan_first_match_256(
  const uint8_t *needle, intptr_t needle_count, intptr_t rare_offset, intptr_t other_offset,
  const uint8_t *text, intptr_t start, intptr_t limit) {
  intptr_t last_start = limit - needle_count;
  if (start > last_start) return limit;
  const __m256i rare = _mm256_set1_epi8((char)needle[rare_offset]);
  const __m256i other = _mm256_set1_epi8((char)needle[other_offset]);
  const uint8_t *rare_bytes = text + rare_offset;
  const uint8_t *other_bytes = text + other_offset;
  for (intptr_t position = start; position <= last_start; position += 64) {
    __m256i low = _mm256_and_si256(
      _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(rare_bytes + position)), rare),
      _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(other_bytes + position)), other));
    __m256i high = _mm256_and_si256(
      _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(rare_bytes + position + 32)), rare),
      _mm256_cmpeq_epi8(
        _mm256_loadu_si256((const __m256i *)(other_bytes + position + 32)), other));
    if (!_mm256_testz_si256(_mm256_or_si256(low, high), _mm256_or_si256(low, high))) {
      uint64_t bits = (uint64_t)(uint32_t)_mm256_movemask_epi8(low)
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(high) << 32;
      intptr_t found = brew_scan_verify(
        bits, position, last_start, limit, text, needle, needle_count);
      if (found >= 0) return found;
    }
  }
  return limit;
}

int brew_scan_kernel_width(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512f")) return 512;
  if (__builtin_cpu_supports("avx2")) return 256;
  return 0;
}

intptr_t brew_scan_kernel_first_match(
  int width, const uint8_t *needle, intptr_t needle_count, intptr_t rare_offset,
  intptr_t other_offset, const uint8_t *text, intptr_t start, intptr_t limit) {
  if (width == 512) {
    return brew_scan_first_match_512(
      needle, needle_count, rare_offset, other_offset, text, start, limit);
  }
  return brew_scan_first_match_256(
    needle, needle_count, rare_offset, other_offset, text, start, limit);
}

#else

int brew_scan_kernel_width(void) { return 0; }

intptr_t brew_scan_kernel_first_match(
  int width, const uint8_t *needle, intptr_t needle_count, intptr_t rare_offset,
  intptr_t other_offset, const uint8_t *text, intptr_t start, intptr_t limit) {
  (void)width;
  (void)needle;
  (void)needle_count;
  (void)rare_offset;
  (void)other_offset;
  (void)text;
  (void)start;
  return limit;
}

#endif
