#include "model/k8s/generated_name.h"

namespace drasim::model {
namespace {

/// splitmix64 finaliser: a well-mixed 64-bit hash step.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30U)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27U)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31U);
}

}  // namespace

uint64_t seeded_hash(uint64_t seed, std::string_view text, uint32_t salt) {
  uint64_t h = mix(seed ^ mix(salt));
  for (const char c : text) {
    h = mix(h ^ static_cast<unsigned char>(c));
  }
  return h;
}

std::string name_suffix(uint64_t seed, std::string_view base, uint32_t salt) {
  constexpr std::string_view kAlphabet = "bcdfghjklmnpqrstvwxz2456789";
  uint64_t h = seeded_hash(seed, base, salt);
  std::string out;
  for (int i = 0; i < 5; ++i) {
    out += kAlphabet[h % kAlphabet.size()];
    h = mix(h);
  }
  return out;
}

std::string template_claim_generate_name(std::string_view pod, std::string_view pod_claim) {
  constexpr size_t kMaxBase = 57;  // 63 minus the five random characters and one hyphen
  const size_t full = pod.size() + 1 + pod_claim.size() + 1;
  if (full <= kMaxBase) {
    return std::string(pod) + "-" + std::string(pod_claim) + "-";
  }
  return std::string(pod.substr(0, pod.size() * kMaxBase / full)) + "-"
         + std::string(pod_claim.substr(0, pod_claim.size() * kMaxBase / full));
}

}  // namespace drasim::model
