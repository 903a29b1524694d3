// Checking one generated scenario: running drasim on it, classifying how each process ended,
// comparing the two reports, and cleaning up.
#include "tests/stress/checker.h"

#include "tests/stress/drasim_binary.h"
#include "tests/stress/files.h"
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>
#include <system_error>
#include <vector>

namespace drasim::stress {

namespace {

namespace fs = std::filesystem;

const char* signal_name(int sig) {
  const char* name = strsignal(sig);
  return name != nullptr ? name : "unknown signal";
}

/// The number that follows `key` in `text` (e.g. "simulated time " -> 29.2), if any.
std::optional<double> number_after(const std::string& text, std::string_view key) {
  const size_t at = text.find(key);
  if (at == std::string::npos) {
    return std::nullopt;
  }
  const char* start = text.c_str() + at + key.size();
  char* end = nullptr;
  const double value = std::strtod(start, &end);
  return end == start ? std::nullopt : std::optional(value);
}

/// The number just before `key` in `text` (e.g. 30000 in "30000 scheduling cycles").
std::optional<double> number_before(const std::string& text, std::string_view key) {
  const size_t at = text.find(key);
  if (at == std::string::npos || at < 2) {
    return std::nullopt;
  }
  size_t start = text.rfind(' ', at - 2);
  start = start == std::string::npos ? 0 : start + 1;
  return number_after(text.substr(start, at - start), "");
}

/// What a run stopped by its limit did: where simulated time stood, and how many cycles it ran
/// per simulated second (about 1000, the progress guard's bound for one instant, means the
/// scheduler loops at every instant it reaches).
std::string limit_summary(const std::string& text) {
  const std::optional<double> at = number_after(text, "at simulated time ");
  const std::optional<double> cycles = number_before(text, " scheduling cycles");
  const std::optional<double> evictions = number_before(text, " evictions by the scheduler");
  if (!at || !cycles) {
    return "a run limit";
  }
  const double rate = *cycles / std::max(*at, 1.0);
  return fmt::format(
      "stopped at simulated {}s after {} cycles (~{:.0f} per simulated second), "
      "{} evictions by the scheduler",
      *at, *cycles, rate, evictions.value_or(0));
}

/// The kind of failure a process result is, or empty when drasim exited 0.
Verdict judge(const ProcessResult& r, const std::string& err_path, std::string_view what) {
  Verdict v;
  v.stderr_path = err_path;
  using End = ProcessResult::End;
  if (r.end == End::kTimedOut) {
    v.kind = "watchdog-timeout";
    v.detail = fmt::format("{} killed after {:.1f} s", what, r.seconds);
  } else if (r.end == End::kSignaled) {
    v.kind = "signal";
    v.detail = fmt::format("{} died of signal {} ({})", what, r.code, signal_name(r.code));
  } else if (r.end == End::kSpawnFailed) {
    v.kind = "spawn-failed";
    v.detail = fmt::format("{}: fork failed: {}", what, std::strerror(errno));
  } else if (r.code == 3) {
    v.kind = "internal-error";
    v.detail = fmt::format("{} exited 3: {}", what, first_line(read_file(err_path).value_or("")));
  } else if (r.code == 2) {
    const std::string text = read_file(err_path).value_or("");
    const bool limit = text.find("limit of") != std::string::npos;
    v.kind = limit ? "run-limit" : "bad-input";
    if (limit) {
      v.detail = fmt::format("{} exited 2: {}", what, limit_summary(text));
    }
  } else if (r.code == 1) {
    v.kind = "expectation-failed";  // the generator writes no expectations
  } else if (r.code != 0) {
    v.kind = fmt::format("exit-{}", r.code);
  }
  if (v.detail.empty() && !v.kind.empty()) {
    v.detail = fmt::format("{} exited {}", what, r.code);
  }
  return v;
}

}  // namespace

std::string first_line(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  constexpr std::string_view kPreamble = "please report it): ";
  if (const size_t at = line.find(kPreamble); at != std::string::npos) {
    line.erase(0, at + kPreamble.size());
  }
  return line.substr(0, 240);
}

Verdict Checker::check(const Paths& p) {
  const std::optional<BinaryId> before = stable_binary(o_.drasim);
  if (!before) {
    return Verdict{"no-binary", fmt::format("{} missing or not executable", o_.drasim), "", false,
                   false};
  }
  Verdict v = validate(p);
  if (v.kind.empty()) {
    v = run_twice(p);
  }
  if (binary_id(o_.drasim) != before) {
    v.retry = true;
  }
  return v;
}

Verdict Checker::validate(const Paths& p) {
  const std::string err = p.base + ".validate.stderr";
  const ProcessResult r =
      run_process({o_.drasim, "validate", p.yaml}, p.base + ".validate.stdout", err, o_.timeout_s);
  Verdict v = judge(r, err, "drasim validate");
  if (v.kind == "bad-input" || v.kind.rfind("exit-", 0) == 0) {
    v.kind = "invalid-yaml";  // the generator wrote something drasim rejects: a tester bug
  }
  return v;
}

ProcessResult Checker::run(const Paths& p, char which) {
  fs::create_directories(p.out_dir(which));
  std::vector<std::string> args = {o_.drasim,      "run",
                                   p.yaml,         "-q",
                                   "--report",     "json",
                                   "--out",        p.out_dir(which),
                                   "--max-wall",   fmt::format("{}", o_.max_wall_s),
                                   "--max-events", fmt::format("{}", o_.max_events)};
  if (which == 'b' && o_.reference) {
    args.emplace_back("--reference");
  }
  return run_process(args, p.out(which), p.err(which), o_.timeout_s);
}

Verdict Checker::run_twice(const Paths& p) {
  for (const char which : {'a', 'b'}) {
    const ProcessResult r = run(p, which);
    Verdict v = judge(r, p.err(which), fmt::format("drasim run ({})", which));
    if (!v.kind.empty()) {
      return v;
    }
  }
  const std::optional<std::string> a = read_file(p.report('a'));
  const std::optional<std::string> b = read_file(p.report('b'));
  Verdict v;
  if (!a || !b) {
    v.kind = "no-report";
    v.detail = "drasim exited 0 but wrote no report.json";
    v.stderr_path = p.err(a ? 'b' : 'a');
  } else if (*a != *b) {
    v.kind = o_.reference ? "reference-differs" : "nondeterministic";
    v.detail = fmt::format("the two reports differ ({} vs {} bytes; kept as {} and {})", a->size(),
                           b->size(), p.report('a'), p.report('b'));
    v.stderr_path = p.err('b');
  } else {
    v.stall_warning = a->find("without simulated time moving on") != std::string::npos;
  }
  return v;
}

void clean_up(const Paths& p, const Verdict& v, bool keep) {
  if (keep) {
    return;
  }
  std::error_code ignored;
  const bool failed = !v.kind.empty();
  for (const char which : {'a', 'b'}) {
    if (!failed || (v.kind != "nondeterministic" && v.kind != "reference-differs")) {
      fs::remove_all(p.out_dir(which), ignored);
    }
    fs::remove(p.out(which), ignored);
    if (!failed) {
      fs::remove(p.err(which), ignored);
    }
  }
  fs::remove(p.base + ".validate.stdout", ignored);
  if (!failed || v.kind != "invalid-yaml") {
    fs::remove(p.base + ".validate.stderr", ignored);
  }
  if (!failed) {
    fs::remove(p.yaml, ignored);
  }
}

}  // namespace drasim::stress
