#include "sim/load/diagnostic.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace drasim::sim {
namespace {

std::string join_messages(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    out += d.to_string();
    out += '\n';
  }
  return out;
}

}  // namespace

std::string Diagnostic::to_string() const {
  std::string out = file.empty() ? std::string("<input>") : file;
  if (mark.line > 0) {
    out += fmt::format(":{}:{}", mark.line, mark.col);
  }
  out += ": error: ";
  if (!path.empty()) {
    out += path + ": ";
  }
  out += expected;
  if (!found.empty()) {
    out += ", got " + found;
  }
  return out;
}

InputError::InputError(std::vector<Diagnostic> diagnostics)
    : std::runtime_error(join_messages(diagnostics)), diagnostics_(std::move(diagnostics)) {}

void Diagnostics::throw_if_errors() const {
  if (errors_.empty()) {
    return;
  }
  std::vector<Diagnostic> sorted = errors_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.file, a.mark.line, a.mark.col) < std::tie(b.file, b.mark.line, b.mark.col);
  });
  throw InputError(std::move(sorted));
}

}  // namespace drasim::sim
