#include "model/k8s/name_rules.h"

#include <algorithm>

namespace drasim::model {
namespace {

bool lower_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool alnum(char c) {
  return lower_alnum(c) || (c >= 'A' && c <= 'Z');
}

/// `s` is 1 to `max` characters, ends are `edge`, and everything is `edge` or in `inner`.
template <typename Edge>
bool shaped(std::string_view s, size_t max, Edge edge, std::string_view inner) {
  return !s.empty() && s.size() <= max && edge(s.front()) && edge(s.back())
         && std::all_of(s.begin(), s.end(),
                        [&](char c) { return edge(c) || inner.find(c) != std::string_view::npos; });
}

}  // namespace

bool is_dns_subdomain(std::string_view s, size_t max_size) {
  // Each dot-separated part starts and ends with a letter or digit (no empty parts); unlike a
  // label, a part may be longer than 63 characters.
  if (!shaped(s, max_size, lower_alnum, "-.")) {
    return false;
  }
  size_t start = 0;
  while (start <= s.size()) {
    const size_t dot = std::min(s.find('.', start), s.size());
    if (!shaped(s.substr(start, dot - start), 253, lower_alnum, "-")) {
      return false;
    }
    start = dot + 1;
  }
  return true;
}

bool is_dns_label(std::string_view s) {
  return shaped(s, 63, lower_alnum, "-");
}

bool is_qualified_name(std::string_view s) {
  const size_t slash = s.find('/');
  if (slash != std::string_view::npos && !is_dns_subdomain(s.substr(0, slash))) {
    return false;
  }
  return is_qualified_name_part(slash == std::string_view::npos ? s : s.substr(slash + 1));
}

bool is_qualified_name_part(std::string_view s) {
  return shaped(s, 63, alnum, "-_.");
}

bool is_label_value(std::string_view s) {
  return s.empty() || shaped(s, 63, alnum, "-_.");
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

}  // namespace drasim::model
