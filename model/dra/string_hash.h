#pragma once
/// Transparent hashes for hash maps keyed by strings or pairs of strings (a namespace and a
/// name, a driver and a pool), so that lookups take string views and copy nothing.

#include <cstddef>
#include <functional>
#include <string_view>
#include <utility>

namespace drasim::model::dra {

struct StringHash {
  using is_transparent = void;

  size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};

struct StringPairHash {
  using is_transparent = void;

  size_t operator()(std::pair<std::string_view, std::string_view> p) const {
    const size_t h = std::hash<std::string_view>()(p.first);
    // boost::hash_combine's mixing step.
    return h
           ^ (std::hash<std::string_view>()(p.second) + 0x9e3779b97f4a7c15ULL + (h << 6)
              + (h >> 2));
  }
};

struct StringPairEqual {
  using is_transparent = void;

  template <typename A, typename B>
  bool operator()(const A& a, const B& b) const {
    return std::string_view(a.first) == std::string_view(b.first)
           && std::string_view(a.second) == std::string_view(b.second);
  }
};

}  // namespace drasim::model::dra
