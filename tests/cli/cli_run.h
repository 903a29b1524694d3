#pragma once
// Running `drasim ...` in-process for the command-line tests: exit code, stdout and stderr.

#include "cli/app.h"

#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

namespace drasim::cli {

/// What one run_cli call did.
struct Run {
  int code = -1;
  std::string out;
  std::string err;
};

/// Runs `drasim <args...>` in-process.
inline Run drasim(std::initializer_list<std::string> args) {
  std::vector<std::string> storage{"drasim"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<const char*> argv;
  for (const std::string& a : storage) {
    argv.push_back(a.c_str());
  }
  std::ostringstream out;
  std::ostringstream err;
  Run r;
  r.code = run_cli(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

inline bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace drasim::cli
