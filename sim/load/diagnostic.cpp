#include "sim/load/diagnostic.h"

#include "sim/load/quote.h"

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
  // Every part may hold input text (a file name, a key in the path, a name in `found`):
  // nothing reaches the terminal as a raw control byte or invalid UTF-8. Every line has the
  // same shape: a problem with no position in the file is placed at its start, and one with no
  // field path names the document or the file as a whole.
  std::string out = file.empty() ? std::string("<input>") : escape_text(file);
  out += mark.line > 0 ? fmt::format(":{}:{}", mark.line, mark.col) : std::string(":1:1");
  out += ": error: ";
  if (!path.empty()) {
    out += escape_text(path);
  } else {
    out += mark.line > 0 ? kDocumentPath : kFilePath;
  }
  out += ": " + escape_text(expected);
  if (!found.empty()) {
    out += ", got " + escape_text(found);
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
