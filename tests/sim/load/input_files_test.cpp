// Tests of the files a run may read (sim/load/input_files.h): references resolve against the
// referring file's directory and must stay inside the input roots after symlinks; only regular
// files are read; per-file and per-run byte caps. The hostile paths are the ones of issue 17.
#include "sim/load/input_files.h"

#include "sim/load/diagnostic.h"
#include "sim/scenario_loader.h"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/temp_dir.h"
#include <string>
#include <variant>
#include <vector>

namespace drasim::sim {
namespace {

namespace fs = std::filesystem;

std::string problem_of(const FileRead& r) {
  const auto* p = std::get_if<FileProblem>(&r);
  return p == nullptr ? "read" : p->expected + ", got " + p->found;
}

constexpr const char* kOutside = "a file inside the input roots (see --allow-path), got ";
constexpr const char* kRegular =
    "a regular file (devices, FIFOs, sockets, /proc and /sys are refused), got ";

TEST_CASE("a reference resolves against the referring file's directory inside the roots") {
  const TempDir dir;
  (void)dir.write("scenario.yaml", "");
  fs::create_directories(dir.path() / "more");
  (void)dir.write("more/nodes.yaml", "kind: Node\n");
  InputFiles files({(dir.path() / "scenario.yaml").string()}, {});
  const FileRead r =
      files.read_reference((dir.path() / "scenario.yaml").string(), "more/nodes.yaml");
  REQUIRE(std::holds_alternative<FileText>(r));
  // The name is the lexical join, as the user wrote it; the text is the file's 11 bytes.
  CHECK(std::get<FileText>(r).name == (dir.path() / "more/nodes.yaml").string());
  CHECK(std::get<FileText>(r).text == "kind: Node\n");
  CHECK(files.bytes_read() == 11);
}

TEST_CASE("absolute paths, .. escapes and symlinks out of the roots are refused") {
  const TempDir dir;
  fs::create_directories(dir.path() / "s");
  const std::string scenario = dir.write("s/scenario.yaml", "");
  (void)dir.write("secret.yaml", "token: x\n");  // beside the root, not inside it
  fs::create_symlink("/etc/passwd", dir.path() / "s/link.yaml");
  fs::create_symlink(dir.path() / "secret.yaml", dir.path() / "s/up.yaml");
  InputFiles files({scenario}, {});
  CHECK(problem_of(files.read_reference(scenario, "/etc/passwd"))
        == std::string(kOutside) + "\"/etc/passwd\" (a path outside them)");
  CHECK(problem_of(files.read_reference(scenario, "../secret.yaml"))
        == std::string(kOutside) + "\"../secret.yaml\" (a path outside them)");
  CHECK(problem_of(files.read_reference(scenario, "link.yaml"))
        == std::string(kOutside) + "\"link.yaml\" (a symlink that leads outside them)");
  CHECK(problem_of(files.read_reference(scenario, "up.yaml"))
        == std::string(kOutside) + "\"up.yaml\" (a symlink that leads outside them)");
  CHECK(problem_of(files.read_reference(scenario, "none.yaml"))
        == "a file that exists, got \"none.yaml\" (nothing there)");
  CHECK(files.bytes_read() == 0);
  // --allow-path widens the roots: the parent directory makes secret.yaml readable.
  InputFiles wider({scenario}, InputPolicy{{dir.path().string()}, {}});
  CHECK(problem_of(wider.read_reference(scenario, "../secret.yaml")) == "read");
  CHECK(problem_of(wider.read_reference(scenario, "up.yaml")) == "read");
}

TEST_CASE("devices, FIFOs, directories and /proc entries are refused before they are read") {
  const TempDir dir;
  const std::string scenario = dir.write("scenario.yaml", "");
  REQUIRE(mkfifo((dir.path() / "fifo.yaml").c_str(), 0600) == 0);
  fs::create_directories(dir.path() / "sub");
  // Every root is allowed here, so only the kind of file decides.
  InputFiles files({scenario}, InputPolicy{{"/"}, {}});
  CHECK(problem_of(files.read_reference(scenario, "fifo.yaml"))
        == std::string(kRegular) + "\"fifo.yaml\" (a FIFO)");  // opening it would block
  CHECK(problem_of(files.read_reference(scenario, "/dev/zero"))
        == std::string(kRegular) + "\"/dev/zero\" (a device)");  // reading it never ends
  CHECK(problem_of(files.read_reference(scenario, "/proc/self/environ"))
        == std::string(kRegular) + "\"/proc/self/environ\" (a file of /proc or /sys)");
  CHECK(problem_of(files.read_reference(scenario, "sub"))
        == std::string(kRegular) + "\"sub\" (a directory)");
  CHECK(problem_of(files.read_argument("/dev/urandom")) == std::string(kRegular) + "a device");
}

TEST_CASE("a file over the per-file cap or past the run's total is refused") {
  const TempDir dir;
  const std::string a = dir.write("a.yaml", std::string(100, 'a'));
  const std::string b = dir.write("b.yaml", std::string(60, 'b'));
  InputFiles files({a, b}, InputPolicy{{}, InputLimits{100, 150}});
  CHECK(problem_of(files.read_argument(a)) == "read");  // 100 bytes: at the cap, allowed
  // 100 + 60 = 160 > 150 in all.
  CHECK(problem_of(files.read_argument(b))
        == "inputs of at most 150 bytes in all (raise with --max-input-total), got 160 bytes "
           "with this file");
  InputFiles small({a}, InputPolicy{{}, InputLimits{99, 1000}});
  CHECK(problem_of(small.read_argument(a))
        == "a file of at most 99 bytes (raise with --max-input-bytes), got 100 bytes");
}

TEST_CASE("a symlink inside a command-line directory that leads out is not read") {
  const TempDir dir;
  fs::create_directories(dir.path() / "in");
  (void)dir.write("in/ok.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n");
  fs::create_symlink("/etc/passwd", dir.path() / "in/passwd.yaml");
  try {
    (void)load_scenario({(dir.path() / "in").string()});
    FAIL("the symlink was read");
  } catch (const InputError& e) {
    REQUIRE(e.diagnostics().size() == 1);
    CHECK(e.diagnostics()[0].to_string()
          == (dir.path() / "in/passwd.yaml").string() + ":1:1: error: <file>: " + kOutside
                 + "a symlink that leads outside them");
  }
}

TEST_CASE("an apply event's file is confined, and the error is at the referring field") {
  const TempDir dir;
  const std::string scenario = dir.write("s.yaml", R"(apiVersion: drasim.dev/v1alpha1
kind: Scenario
metadata: {name: s}
spec:
  events:
    - {at: 1s, apply: {file: /etc/passwd}}
)");
  try {
    (void)load_scenario({scenario});
    FAIL("/etc/passwd was read");
  } catch (const InputError& e) {
    REQUIRE(e.diagnostics().size() == 1);
    // Line 6, column 7: the event's mapping; nothing of /etc/passwd is quoted.
    CHECK(e.diagnostics()[0].to_string()
          == scenario + ":6:7: error: spec.events[0].apply.file: " + kOutside
                 + "\"/etc/passwd\" (a path outside them)");
  }
}

}  // namespace
}  // namespace drasim::sim
