#include "sim/sweep/vary.h"

#include <fmt/format.h>

#include <charconv>

namespace drasim::sim {
namespace {

/// An integer and the unit after it (`10m` is 10 and `m`).
struct Number {
  int64_t value = 0;
  std::string_view unit;
};

bool parse_number(std::string_view text, Number& out) {
  const char* end = text.data() + text.size();
  const auto [rest, ec] = std::from_chars(text.data(), end, out.value);
  if (ec != std::errc() || rest == text.data()) {
    return false;
  }
  out.unit = text.substr(static_cast<size_t>(rest - text.data()));
  for (char c : out.unit) {
    if ((c < 'a' || c > 'z') && (c < 'A' || c > 'Z')) {
      return false;
    }
  }
  return true;
}

std::variant<std::vector<std::string>, std::string> parse_range(std::string_view text,
                                                                size_t dots) {
  const std::string_view from_text = text.substr(0, dots);
  std::string_view to_text = text.substr(dots + 2);
  std::string_view step_text;
  if (const size_t colon = to_text.find(':'); colon != std::string_view::npos) {
    step_text = to_text.substr(colon + 1);
    to_text = to_text.substr(0, colon);
  }
  Number from;
  Number to;
  Number step{1, from.unit};
  const auto bad = [&](std::string_view why) {
    return fmt::format("\"{}\" is not a range FROM..TO[:STEP] of integers ({})", text, why);
  };
  if (!parse_number(from_text, from) || !parse_number(to_text, to)
      || (!step_text.empty() && !parse_number(step_text, step))) {
    return bad("each bound an integer, with one unit such as 10m..60m:10m");
  }
  if (step_text.empty()) {
    step.unit = from.unit;
  }
  if (from.unit != to.unit || step.unit != from.unit) {
    return bad("one unit for all three");
  }
  if (step.value <= 0) {
    return bad("a step above 0");
  }
  if (to.value < from.value) {
    return bad("FROM at most TO");
  }
  const auto span = static_cast<uint64_t>(to.value) - static_cast<uint64_t>(from.value);
  if (span / static_cast<uint64_t>(step.value) >= kMaxRangeValues) {
    return bad(fmt::format("at most {} values", kMaxRangeValues));
  }
  std::vector<std::string> out;
  for (uint64_t k = 0; k <= span / static_cast<uint64_t>(step.value); ++k) {
    const auto v = static_cast<int64_t>(static_cast<uint64_t>(from.value)
                                        + k * static_cast<uint64_t>(step.value));
    out.push_back(fmt::format("{}{}", v, from.unit));
  }
  return out;
}

}  // namespace

std::variant<std::vector<std::string>, std::string> parse_values(std::string_view text) {
  if (const size_t dots = text.find("..");
      dots != std::string_view::npos && text.find(',') == std::string_view::npos) {
    return parse_range(text, dots);
  }
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t comma = text.find(',', start);
    const std::string_view v = text.substr(start, comma - start);
    if (v.empty()) {
      return fmt::format("\"{}\" has an empty value (values are separated by single commas)", text);
    }
    out.emplace_back(v);
    if (comma == std::string_view::npos) {
      return out;
    }
    start = comma + 1;
  }
}

std::variant<VaryFlag, std::string> parse_vary(std::string_view flag, std::string_view text) {
  auto parsed = parse_override(flag, text);
  if (auto* problem = std::get_if<std::string>(&parsed)) {
    return *problem;
  }
  Override& o = std::get<Override>(parsed);
  auto values = parse_values(o.value);
  if (auto* problem = std::get_if<std::string>(&values)) {
    return fmt::format("{} {}: {}", flag, text, *problem);
  }
  return VaryFlag{std::move(o.path), std::get<std::vector<std::string>>(std::move(values)),
                  std::string(flag)};
}

std::variant<std::vector<std::vector<std::string>>, std::string> expand_variants(
    const std::vector<VaryFlag>& flags, VariantMode mode) {
  std::vector<std::vector<std::string>> out;
  if (flags.empty()) {
    return out;
  }
  if (mode == VariantMode::kZip) {
    for (const VaryFlag& f : flags) {
      if (f.values.size() != flags.front().values.size()) {
        return fmt::format(
            "--zip pairs the values item by item, but {} has {} value(s) and {} "
            "has {}",
            flags.front().path.text, flags.front().values.size(), f.path.text, f.values.size());
      }
    }
    for (size_t i = 0; i < flags.front().values.size(); ++i) {
      std::vector<std::string>& row = out.emplace_back();
      for (const VaryFlag& f : flags) {
        row.push_back(f.values[i]);
      }
    }
    return out;
  }
  size_t total = 1;
  for (const VaryFlag& f : flags) {
    if (total > kMaxVariants / f.values.size()) {
      return fmt::format("the grid has more than {} variants", kMaxVariants);
    }
    total *= f.values.size();
  }
  out.reserve(total);
  for (size_t v = 0; v < total; ++v) {
    std::vector<std::string>& row = out.emplace_back(flags.size());
    size_t rest = v;
    for (size_t i = flags.size(); i-- > 0;) {  // the last flag changes fastest
      row[i] = flags[i].values[rest % flags[i].values.size()];
      rest /= flags[i].values.size();
    }
  }
  return out;
}

std::vector<Override> variant_overrides(const std::vector<VaryFlag>& flags,
                                        const std::vector<std::string>& values) {
  std::vector<Override> out;
  for (size_t i = 0; i < flags.size(); ++i) {
    out.push_back(Override{flags[i].path, values[i], flags[i].flag});
  }
  return out;
}

}  // namespace drasim::sim
