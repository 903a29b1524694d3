// Seeded random-scenario stress tester for drasim: main and the whole run (worker threads that
// take seeds in order, the failure listing as failures are found, and the summary).
//
// It generates small, random but valid scenarios (a few nodes of both kinds, queues, jobs of
// every shape the KAI scheduler handles, and a timeline of node and driver events), each from
// its own seed, and runs every scenario through the drasim binary twice. A scenario passes when
// `drasim validate` accepts it, both runs exit 0 within their limits, and the two JSON reports
// are byte-identical. Everything else is a finding: an internal error (exit 3, e.g. a failed
// ClusterState invariant), a run stopped by --max-events / --max-wall (a run that does not
// end), a crash, a watchdog timeout, or reports that differ between two runs of one input.
//
// The other files: options (the command line), generator.h with cluster_gen, workload_gen and
// timeline_gen (the scenario, drawn from its seed), scenario.h (what was drawn), scenario_writer
// (its YAML), checker (validate, run twice, judge, compare, clean up), process (fork/exec under
// a watchdog), drasim_binary (noticing a rebuilt binary), files, rng.h.
//
// Build (from the repository root):
//   g++ -std=c++20 -O1 -Wall -Wextra -Werror -Wpedantic -I. tests/stress/*.cpp -lfmt -o stress
// Run:
//   /tmp/stress --drasim build/dev/cli/drasim --count 300 --seed 1
// Reproduce one scenario: --seed <the failing seed> --count 1 --keep.
// Only write the scenarios: --generate-only --count N --seed S --workdir DIR (runs nothing).
//
// Depends only on the C++ standard library, fmt and POSIX (fork/exec/waitpid).
#include <fmt/format.h>
#include <signal.h>
#include <stdlib.h>

#include "tests/stress/checker.h"
#include "tests/stress/drasim_binary.h"
#include "tests/stress/files.h"
#include "tests/stress/generator.h"
#include "tests/stress/options.h"
#include "tests/stress/scenario.h"
#include "tests/stress/scenario_writer.h"
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace drasim::stress {

namespace {

namespace fs = std::filesystem;

/// A failure message without its numbers, so one bug found at different times and in different
/// objects counts once in the summary.
std::string signature(const Verdict& v) {
  std::string text;
  const std::string err = read_file(v.stderr_path).value_or("");
  std::istringstream in(err);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find("error") != std::string::npos || line.find("limit") != std::string::npos) {
      text = line;
      break;
    }
  }
  text = text.empty() ? v.detail : first_line(text);
  // A stopped run says where it stopped and which pod churned most; the limit is what matters.
  if (const size_t at = text.find(" at simulated time"); v.kind == "run-limit" && at != text.npos) {
    text.resize(at);
  }
  std::string out;
  bool in_number = false;
  for (const char c : text.substr(0, 160)) {
    const bool digit = c >= '0' && c <= '9';
    if (digit && !in_number) {
      out += '#';
    } else if (!digit) {
      out += c;
    }
    in_number = digit;
  }
  return out;
}

struct Finding {
  uint64_t seed = 0;
  int count = 0;
};

class Runner {
 public:
  explicit Runner(const Options& o) : o_(o), checker_(o) {}

  int run() {
    if (!prepare_workdir()) {
      return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    const std::optional<BinaryId> binary_at_start = binary_id(o_.drasim);
    std::vector<std::thread> workers;
    for (unsigned i = 0; i < o_.jobs; ++i) {
      workers.emplace_back([this] { work(); });
    }
    for (std::thread& t : workers) {
      t.join();
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    summarize(wall);
    if (retries_ > 0 || binary_id(o_.drasim) != binary_at_start) {
      fmt::print(
          "stress: note: {} changed during the run ({} scenarios run again); results mix "
          "builds\n",
          o_.drasim, retries_);
    }
    return failures_ == 0 ? 0 : 1;
  }

 private:
  bool prepare_workdir() {
    if (o_.workdir.empty()) {
      std::string tmpl = (fs::temp_directory_path() / "drasim-stress-XXXXXX").string();
      if (mkdtemp(tmpl.data()) == nullptr) {
        fmt::print(stderr, "stress: mkdtemp failed: {}\n", std::strerror(errno));
        return false;
      }
      workdir_ = tmpl;
      made_workdir_ = true;
      return true;
    }
    std::error_code ec;
    fs::create_directories(o_.workdir, ec);
    if (ec) {
      fmt::print(stderr, "stress: cannot create {}: {}\n", o_.workdir, ec.message());
      return false;
    }
    workdir_ = o_.workdir;
    return true;
  }

  void work() {
    for (;;) {
      const uint64_t index = next_.fetch_add(1);
      if (index >= o_.count) {
        return;
      }
      one(o_.seed + index);
    }
  }

  void one(uint64_t seed) {
    Scenario s;
    Generator(seed, s).run();
    Paths p;
    p.base = fmt::format("{}/seed-{}", workdir_, seed);
    p.yaml = p.base + ".yaml";
    if (!write_file(p.yaml, to_yaml(s))) {
      record(seed, p, Verdict{"io", "cannot write " + p.yaml, "", false, false});
      return;
    }
    if (o_.generate_only) {
      record(seed, p, Verdict{});  // the YAML stays; there is nothing else to clean up
      return;
    }
    Verdict v;
    for (int attempt = 0; attempt < 3; ++attempt) {
      v = checker_.check(p);
      if (!v.retry) {
        break;
      }
      std::lock_guard lock(mutex_);
      ++retries_;
      fmt::print(stderr, "stress: seed {}: drasim changed during the runs, running it again\n",
                 seed);
    }
    record(seed, p, v);
    clean_up(p, v, o_.keep);
  }

  void record(uint64_t seed, const Paths& p, const Verdict& v) {
    std::lock_guard lock(mutex_);
    ++done_;
    stalls_ += v.stall_warning ? 1 : 0;
    if (!v.kind.empty()) {
      ++failures_;
      ++by_kind_[v.kind];
      Finding& f = by_signature_[v.kind + ": " + signature(v)];
      f.seed = f.count == 0 ? seed : std::min(f.seed, seed);
      ++f.count;
      fmt::print("FAIL seed {}: {}: {}\n  yaml: {}\n", seed, v.kind, v.detail, p.yaml);
      if (!v.stderr_path.empty()) {
        fmt::print("  stderr ({}):\n{}", v.stderr_path, head_lines(v.stderr_path, 8));
      }
      std::fflush(stdout);
    }
    if (done_ % 100 == 0) {
      fmt::print(stderr, "stress: {}/{} scenarios, {} failures\n", done_, o_.count, failures_);
    }
  }

  void summarize(double wall) {
    if (!by_signature_.empty()) {
      fmt::print("distinct failures (kind: message, first seed, count):\n");
      for (const auto& [sig, f] : by_signature_) {
        fmt::print("  {} | seed {} | {}x\n", sig, f.seed, f.count);
      }
    }
    std::vector<std::string> kinds;
    for (const auto& [kind, n] : by_kind_) {
      kinds.push_back(fmt::format("{} {}", kind, n));
    }
    const std::string seeds =
        o_.count == 0 ? "" : fmt::format(" (seeds {}..{})", o_.seed, o_.seed + o_.count - 1);
    fmt::print(
        "stress: {} scenarios{}, {} failures{}, {} with stall warnings, {:.1f} s wall, "
        "workdir {}\n",
        done_, seeds, failures_, kinds.empty() ? "" : fmt::format(" ({})", fmt::join(kinds, ", ")),
        stalls_, wall, workdir_);
    if (made_workdir_ && failures_ == 0 && !o_.keep && !o_.generate_only) {
      std::error_code ignored;
      fs::remove(workdir_, ignored);
    }
  }

  const Options& o_;
  Checker checker_;
  std::string workdir_;
  bool made_workdir_ = false;
  std::atomic<uint64_t> next_{0};
  std::mutex mutex_;
  uint64_t done_ = 0;
  uint64_t failures_ = 0;
  uint64_t stalls_ = 0;
  uint64_t retries_ = 0;
  std::map<std::string, uint64_t> by_kind_;
  std::map<std::string, Finding> by_signature_;
};

}  // namespace

}  // namespace drasim::stress

int main(int argc, char** argv) {
  const std::optional<drasim::stress::Options> options = drasim::stress::parse_options(argc, argv);
  if (!options) {
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  return drasim::stress::Runner(*options).run();
}
