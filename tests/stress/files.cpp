// Whole-file reads and writes, and the head of a file for the failure listing.
#include "tests/stress/files.h"

#include <fstream>
#include <sstream>

namespace drasim::stress {

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return std::nullopt;
  }
  // Through a stringstream: GCC 12 at -O2 reports a false null dereference inside the
  // istreambuf_iterator range constructor (-Wnull-dereference), which broke the release preset.
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

std::string head_lines(const std::string& path, int n) {
  const std::string text = read_file(path).value_or("");
  std::istringstream in(text);
  std::string out;
  std::string line;
  for (int i = 0; i < n && std::getline(in, line); ++i) {
    out += "      " + line.substr(0, 300) + "\n";
  }
  return out.empty() ? "      (empty)\n" : out;
}

}  // namespace drasim::stress
