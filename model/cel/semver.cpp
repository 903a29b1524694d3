#include "model/cel/semver.h"

#include <algorithm>

// Grammar and precedence follow github.com/blang/semver/v4 (semver.go: Parse, Compare,
// PRVersion.Compare); normalisation follows k8s.io/apiserver/pkg/cel/library/semverlib.go
// (normalizeVersion).

namespace drasim::model::cel {

namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool ident_chars(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
  });
}

std::optional<uint64_t> parse_number(std::string_view s) {
  if (!all_digits(s) || (s.size() > 1 && s[0] == '0') || s.size() > 19) {
    return std::nullopt;
  }
  uint64_t v = 0;
  for (const char c : s) {
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t pos = s.find(sep, start);
    if (pos == std::string_view::npos) {
      out.push_back(s.substr(start));
      return out;
    }
    out.push_back(s.substr(start, pos - start));
    start = pos + 1;
  }
}

int compare_prerelease_part(const std::string& a, const std::string& b) {
  const bool an = all_digits(a);
  const bool bn = all_digits(b);
  if (an && bn) {
    if (a.size() != b.size()) {
      return a.size() < b.size() ? -1 : 1;
    }
    return a < b ? -1 : (a > b ? 1 : 0);
  }
  if (an != bn) {
    return an ? -1 : 1;  // numeric identifiers have lower precedence
  }
  return a < b ? -1 : (a > b ? 1 : 0);
}

}  // namespace

std::optional<Semver> Semver::parse(std::string_view text) {
  Semver v;
  std::string_view rest = text;
  if (const auto plus = rest.find('+'); plus != std::string_view::npos) {
    for (const auto part : split(rest.substr(plus + 1), '.')) {
      if (!ident_chars(part)) {
        return std::nullopt;
      }
      v.build.emplace_back(part);
    }
    rest = rest.substr(0, plus);
  }
  if (const auto dash = rest.find('-'); dash != std::string_view::npos) {
    for (const auto part : split(rest.substr(dash + 1), '.')) {
      if (!ident_chars(part) || (all_digits(part) && part.size() > 1 && part[0] == '0')) {
        return std::nullopt;
      }
      v.prerelease.emplace_back(part);
    }
    rest = rest.substr(0, dash);
  }
  const auto parts = split(rest, '.');
  if (parts.size() != 3) {
    return std::nullopt;
  }
  const auto major = parse_number(parts[0]);
  const auto minor = parse_number(parts[1]);
  const auto patch = parse_number(parts[2]);
  if (!major || !minor || !patch) {
    return std::nullopt;
  }
  v.major = *major;
  v.minor = *minor;
  v.patch = *patch;
  return v;
}

std::optional<Semver> Semver::parse_normalized(std::string_view text) {
  std::string_view s = text;
  if (!s.empty() && s[0] == 'v') {
    s.remove_prefix(1);
  }
  std::size_t core_end = s.find_first_of("-+");
  if (core_end == std::string_view::npos) {
    core_end = s.size();
  }
  auto parts = split(s.substr(0, core_end), '.');
  if (parts.size() > 3) {
    return std::nullopt;
  }
  std::string normalized;
  for (std::size_t i = 0; i < 3; ++i) {
    if (i > 0) {
      normalized += '.';
    }
    if (i >= parts.size()) {
      normalized += '0';
      continue;
    }
    std::string_view p = parts[i];
    while (p.size() > 1 && p[0] == '0') {
      p.remove_prefix(1);
    }
    normalized.append(p);
  }
  normalized.append(s.substr(core_end));
  return parse(normalized);
}

int Semver::compare(const Semver& other) const {
  if (major != other.major) {
    return major < other.major ? -1 : 1;
  }
  if (minor != other.minor) {
    return minor < other.minor ? -1 : 1;
  }
  if (patch != other.patch) {
    return patch < other.patch ? -1 : 1;
  }
  if (prerelease.empty() || other.prerelease.empty()) {
    if (prerelease.empty() == other.prerelease.empty()) {
      return 0;
    }
    return prerelease.empty() ? 1 : -1;  // a release outranks its pre-releases
  }
  const std::size_t n = std::min(prerelease.size(), other.prerelease.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (const int c = compare_prerelease_part(prerelease[i], other.prerelease[i]); c != 0) {
      return c;
    }
  }
  if (prerelease.size() == other.prerelease.size()) {
    return 0;
  }
  return prerelease.size() < other.prerelease.size() ? -1 : 1;
}

std::string Semver::to_string() const {
  std::string out =
      std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
  for (std::size_t i = 0; i < prerelease.size(); ++i) {
    out += (i == 0 ? "-" : ".") + prerelease[i];
  }
  for (std::size_t i = 0; i < build.size(); ++i) {
    out += (i == 0 ? "+" : ".") + build[i];
  }
  return out;
}

}  // namespace drasim::model::cel
