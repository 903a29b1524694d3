// The hostile inputs of issue 17 (tests/hostile/*.yaml): each file states, in `# error:` lines
// at its end, every error drasim must report for it, exactly. Every line must also fit the
// contract's grammar (tests/error_grammar.h), and nothing may be written past the errors.
#include "sim/load/diagnostic.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>

#include "tests/error_grammar.h"
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace drasim::sim {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> stated_errors(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::vector<std::string> out;
  const std::string prefix = "# error: FILE";
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(prefix, 0) == 0) {
      out.push_back(file.filename().string() + line.substr(prefix.size()));
    }
  }
  return out;
}

TEST_CASE("every hostile input gets exactly its stated errors, each in the error grammar") {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(DRASIM_SOURCE_DIR) / "tests/hostile")) {
    files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  CHECK(files.size() == 15);  // the corpus as committed; a new file raises the count
  for (const fs::path& file : files) {
    CAPTURE(file);
    const std::vector<std::string> want = stated_errors(file);
    REQUIRE_FALSE(want.empty());
    std::vector<std::string> got;
    try {
      (void)load_scenario({file.string()});
    } catch (const InputError& e) {
      for (const Diagnostic& d : e.diagnostics()) {
        std::string line = d.to_string();
        CHECK(fits_error_grammar(line));
        // Messages name the file as given; the corpus states it by its file name.
        const std::string full = file.string();
        if (line.rfind(full, 0) == 0) {
          line = file.filename().string() + line.substr(full.size());
        }
        got.push_back(line);
      }
    }
    CHECK(got == want);
  }
}

TEST_CASE("the error grammar check refuses lines without a position, a path or a found part") {
  CHECK(fits_error_grammar("a.yaml:3:7: error: spec.x: a number, got \"y\""));
  CHECK(fits_error_grammar("a.yaml:1:1: error: <file>: valid YAML, got a stray character"));
  CHECK_FALSE(fits_error_grammar("a.yaml: error: valid YAML, got end"));             // no line:col
  CHECK_FALSE(fits_error_grammar("a.yaml:3:7: error: a number, got \"y\""));         // no path
  CHECK_FALSE(fits_error_grammar("a.yaml:3:7: error: spec.x: a number"));            // no found
  CHECK_FALSE(fits_error_grammar("a.yaml:3:7: error: spec.x: a, got \"\x1b[2J\""));  // raw ESC
}

}  // namespace
}  // namespace drasim::sim
