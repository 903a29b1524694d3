// A deterministic mutation fuzzer for the scenario loader and the engine behind it.
//
// Seeds are real inputs: every YAML file under the shared fixtures, the reference scenarios and
// the scenario tests (tests/cases).
// One iteration in six is instead a Scenario naming files, most of them hostile (outside the
// input roots, devices, a FIFO, symlinks that lead out), written to a scratch directory beside
// those files and loaded from disk like every other input. Every rejection's lines must fit the
// error grammar, and every report of a replay (JSON, JUnit, the summary) must be free of raw
// control bytes.
//
// Each iteration picks a seed (sometimes two, spliced), applies a few mutations (byte flips,
// deletions, duplicated or swapped lines, truncation, YAML special characters, anchors and
// aliases, tags, very long scalars, deep nesting, edge-case values, dangling references), loads
// the result with sim::load_scenario_texts and, when it loads, replays it with
// sim::run_scenario under a capped horizon. Only sim::InputError may come out; another exception
// is a bug.
//
// Each iteration runs in a forked child with a timeout, so a crash (ASan, UBSan, DRASIM_ASSERT)
// or a hang is recorded and the run goes on; build with the asan preset to find memory errors.
// Inputs that crashed or hung are saved to --crash-dir. Inputs that make yaml-cpp 0.7 loop
// forever (jbeder/yaml-cpp#1040) are detected up front, counted and skipped.
//
// The same --seed, --start and --iterations always try the same inputs (std::mt19937_64 is
// specified by the standard, and only its raw output is used). Exit code: 0 when no iteration
// found a problem, 1 otherwise, 2 for bad arguments.
//
//   loader_fuzz --iterations 20000 --seed 1 [--start I] [--seeds DIR]... [--timeout SECONDS]
//               [--crash-dir DIR] [--save-current FILE] [--no-fork] [--snapshots]
//   --snapshots makes every input a KAI snapshot (the snapshot reader's own pass).
//   loader_fuzz --print I --seed S    print the input of iteration I
//   loader_fuzz --replay FILE         run one input in this process and say what happened
#include "model/cluster_builder.h"
#include "reports/diff/diff_output.h"
#include "reports/diff/report_data.h"
#include "reports/json_report.h"
#include "reports/json_writer.h"
#include "reports/junit_report.h"
#include "reports/summary.h"
#include "sim/engine/engine.h"
#include "sim/engine/progress_guard.h"
#include "sim/load/diagnostic.h"
#include "sim/load/quote.h"
#include "sim/load/yaml_source.h"
#include "sim/scenario_loader.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include "tests/error_grammar.h"
#include "tests/kai_snapshot_writer.h"
#include "tests/temp_dir.h"
#include "tests/zip_writer.h"
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;
using drasim::sim::InputError;
using drasim::sim::InputText;
using drasim::sim::Scenario;

struct Options {
  uint64_t iterations = 1000;
  uint64_t seed = 1;
  uint64_t start = 0;  ///< first iteration number, to resume a long run
  std::vector<std::string> seed_dirs;
  unsigned timeout_seconds = 20;  ///< per iteration, in the forked child
  std::string crash_dir;          ///< where inputs that crashed or hung are saved
  std::string save_current;
  std::string replay;
  int64_t print = -1;
  bool fork = true;
  bool verbose = false;
  bool snapshots = false;  ///< every input a KAI snapshot (the snapshot reader's own pass)
};

/// Runs bigger than this (pods after replica expansion, or nodes) are loaded but not replayed:
/// a mutated `drasim.dev/replicas: "900000"` is valid input, just slow.
constexpr int64_t kMaxRunObjects = 2000;

/// Every replay stops at this simulated time at the latest.
constexpr int64_t kHorizonCapSeconds = 6 * 3600;

class Rng {
 public:
  explicit Rng(uint64_t seed) : engine_(seed) {}

  /// A value in [0, n); n must be positive. Modulo bias does not matter for fuzzing.
  size_t below(size_t n) { return static_cast<size_t>(engine_() % static_cast<uint64_t>(n)); }

  bool chance(size_t one_in) { return below(one_in) == 0; }

  template <class T>
  const T& pick(const std::vector<T>& items) {
    return items[below(items.size())];
  }

 private:
  std::mt19937_64 engine_;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<InputText> load_seeds(const std::vector<std::string>& dirs) {
  std::vector<std::string> paths;
  for (const std::string& dir : dirs) {
    std::error_code ec;
    for (const auto& entry : fs::recursive_directory_iterator(dir, ec)) {
      const std::string ext = entry.path().extension().string();
      if (entry.is_regular_file() && (ext == ".yaml" || ext == ".yml")) {
        paths.push_back(entry.path().string());
      }
    }
  }
  std::sort(paths.begin(), paths.end());  // directory order is not deterministic
  std::vector<InputText> seeds;
  for (const std::string& p : paths) {
    seeds.push_back({p, read_file(p)});
  }
  return seeds;
}

// ---------------------------------------------------------------------------------------------
// Mutations

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) {
    lines.push_back(line);
  }
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) {
    out += line;
    out += '\n';
  }
  return out;
}

/// Tokens that mean something to a YAML parser, or to the loader's scalar grammars.
const std::vector<std::string>& special_tokens() {
  static const std::vector<std::string> tokens = {
      ":",         ": ",     "-",      "- ",       "[",           "]",        "{",
      "}",         ",",      "? ",     "&a ",      "*a",          "&a",       " *a",
      "!!binary ", "!!str ", "!!int ", "!!map ",   "!!seq ",      "!custom ", "|",
      ">-",        "'",      "\"",     "#",        "\t",          "\n",       "\n---\n",
      "\n...\n",   "~",      "null",   "<<: *a\n", "%YAML 1.2\n", "\\",       std::string(1, '\0'),
      "\xff",      "\xc3",   "\r\n",   "  ",       "@",           "`"};
  return tokens;
}

/// Values that stress the quantity, duration, integer and name grammars and the engine,
/// separated by `|` (some contain spaces, commas or quotes).
constexpr std::string_view kEdgeValues =
    R"(0|1|-0|+1|1000000|1000001|2147483648|9223372036854775807|-9223372036854775808|
9223372036854775808|18446744073709551616|99999999999999999999999999999|1e308|-1e308|1e-400|
.inf|-.inf|.nan|NaN|0x10|0o17|1_000|1Ei|8Ei|9Ei|1E|999999999999Ei|1n|1u|0.000000001|
0.0000000001|123456789012345678901234567890m|1.5|-1.5|1e3|1e18|1e19|1e-9|500m|16Gi|-16Gi|""|
''|true|false|yes|~|null|[]|{}|[a, b]|{a: b}|0s|1us|1ns|-1s|9999999999h|2562047h|2562048h|
1h30m|1.5h|0.0000001s|5 minutes|kai-v9|Exists|Equal|NoExecute|None|In|Gt|Lt|DoesNotExist|
default|kube-system|a/b|train|inference|gold|x.example.com/gpu|nvidia.com/gpu|
gpu.nvidia.com|resource.k8s.io/v1|resource.k8s.io/v1beta1|resource.k8s.io/v1alpha2|
scheduling.run.ai/v2|v1|List|Pod|Node|Scenario|Queue|PodGroup|Topology|DeviceClass|
ResourceSlice|ResourceClaim|ResourceClaimTemplate|device.driver == "x"|'unterminated|)";

const std::vector<std::string>& edge_values() {
  static const std::vector<std::string> values = [] {
    std::vector<std::string> out;
    std::string value;
    for (const char c : kEdgeValues) {
      if (c == '|') {
        out.push_back(value);
        value.clear();
      } else if (c != '\n') {
        value += c;
      }
    }
    return out;
  }();
  return values;
}

std::string long_scalar(Rng& rng) {
  const size_t n = 1000 + rng.below(100'000);
  const char c = "a9-.:[ "[rng.below(7)];
  return std::string(n, c);
}

std::string deep_nesting(Rng& rng) {
  const size_t depth = 1 + rng.below(rng.chance(4) ? 3000 : 200);
  switch (rng.below(4)) {
    case 0:
      return std::string(depth, '[') + std::string(depth, ']');
    case 1: {
      std::string out;
      for (size_t i = 0; i < depth; ++i) {
        out += "{a: ";
      }
      out += "1";
      out += std::string(depth, '}');
      return out;
    }
    case 2:
      return std::string(depth, '[');  // unbalanced
    default: {
      std::string out = "\n";
      for (size_t i = 0; i < std::min<size_t>(depth, 300); ++i) {
        out += std::string(i * 2, ' ') + "k" + std::to_string(i) + ":\n";
      }
      return out;
    }
  }
}

/// An anchor on a mapping and many aliases to it: small text, big tree (the converter's node
/// budget must stop it).
std::string alias_bomb(Rng& rng) {
  const size_t levels = 2 + rng.below(8);
  std::string out = "\nb0: &b0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (size_t i = 1; i <= levels; ++i) {
    const std::string prev = "*b" + std::to_string(i - 1);
    out += "b" + std::to_string(i) + ": &b" + std::to_string(i) + " [" + prev + ", " + prev + ", "
           + prev + ", " + prev + ", " + prev + ", " + prev + ", " + prev + ", " + prev + "]\n";
  }
  return out;
}

void flip_byte(std::string& s, Rng& rng) {
  if (s.empty()) {
    return;
  }
  const size_t at = rng.below(s.size());
  if (rng.chance(2)) {
    s[at] = static_cast<char>(static_cast<unsigned char>(s[at]) ^ (1U << rng.below(8)));
  } else {
    s[at] = static_cast<char>(rng.below(256));
  }
}

void delete_range(std::string& s, Rng& rng) {
  if (s.empty()) {
    return;
  }
  const size_t at = rng.below(s.size());
  s.erase(at, 1 + rng.below(rng.chance(4) ? 200 : 8));
}

void truncate(std::string& s, Rng& rng) {
  if (!s.empty()) {
    s.resize(rng.below(s.size()));
  }
}

void insert_at_random(std::string& s, Rng& rng, const std::string& what) {
  s.insert(s.empty() ? 0 : rng.below(s.size() + 1), what);
}

void mutate_lines(std::string& s, Rng& rng) {
  std::vector<std::string> lines = split_lines(s);
  if (lines.empty()) {
    return;
  }
  const size_t i = rng.below(lines.size());
  const size_t j = rng.below(lines.size());
  switch (rng.below(5)) {
    case 0:  // duplicate a line (a duplicate key, or a second list item)
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(i), lines[i]);
      break;
    case 1:
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
      break;
    case 2:
      std::swap(lines[i], lines[j]);
      break;
    case 3: {  // duplicate a block of lines
      const size_t end = std::min(lines.size(), i + 1 + rng.below(20));
      const std::vector<std::string> block(lines.begin() + static_cast<std::ptrdiff_t>(i),
                                           lines.begin() + static_cast<std::ptrdiff_t>(end));
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(j), block.begin(), block.end());
      break;
    }
    default:  // re-indent a line
      lines[i] = rng.chance(2)
                     ? "  " + lines[i]
                     : lines[i].substr(std::min<size_t>(lines[i].size(), 1 + rng.below(4)));
      break;
  }
  s = join_lines(lines);
}

/// Replaces the value of a random `key: value` line with an edge-case value.
void replace_value(std::string& s, Rng& rng) {
  std::vector<std::string> lines = split_lines(s);
  std::vector<size_t> candidates;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(": ") != std::string::npos) {
      candidates.push_back(i);
    }
  }
  if (candidates.empty()) {
    return;
  }
  std::string& line = lines[rng.pick(candidates)];
  line = line.substr(0, line.find(": ") + 2) + rng.pick(edge_values());
  s = join_lines(lines);
}

/// Adds a drasim annotation to a random `metadata:` block.
void add_annotation(std::string& s, Rng& rng) {
  static const std::vector<std::string> annotations = {"drasim.dev/at", "drasim.dev/runtime",
                                                       "drasim.dev/replicas", "pod-group-name"};
  const size_t at = s.find("metadata:\n");
  if (at == std::string::npos) {
    return;
  }
  const std::string line =
      "  annotations: {" + rng.pick(annotations) + ": \"" + rng.pick(edge_values()) + "\"}\n";
  s.insert(at + std::string_view("metadata:\n").size(), line);
}

/// Adds a field that refers to another object (or holds an edge value) to a random top-level
/// `spec:` block: dangling references must be input errors, not engine assertions.
void add_spec_field(std::string& s, Rng& rng) {
  static const std::vector<std::string> fields = {
      "nodeName",  "priorityClassName", "parentQueue",      "queue", "schedulerName", "priority",
      "minMember", "unschedulable",     "nominatedNodeName"};
  std::vector<size_t> blocks;
  for (size_t at = s.find("\nspec:\n"); at != std::string::npos; at = s.find("\nspec:\n", at + 1)) {
    blocks.push_back(at + std::string_view("\nspec:\n").size());
  }
  if (blocks.empty()) {
    return;
  }
  const std::string value = rng.chance(2) ? std::string("ghost") : rng.pick(edge_values());
  s.insert(rng.pick(blocks), "  " + rng.pick(fields) + ": " + value + "\n");
}

void mutate_once(std::string& s, Rng& rng) {
  switch (rng.below(13)) {
    case 0:
      flip_byte(s, rng);
      break;
    case 1:
      delete_range(s, rng);
      break;
    case 2:
    case 3:
      mutate_lines(s, rng);
      break;
    case 4:
      truncate(s, rng);
      break;
    case 5:
      insert_at_random(s, rng, rng.pick(special_tokens()));
      break;
    case 6:
      insert_at_random(s, rng, rng.chance(2) ? long_scalar(rng) : deep_nesting(rng));
      break;
    case 7:
      insert_at_random(s, rng, alias_bomb(rng));
      break;
    case 8:
    case 9:
    case 10:
      replace_value(s, rng);
      break;
    case 11:
      add_annotation(s, rng);
      break;
    default:
      add_spec_field(s, rng);
      break;
  }
}

/// A YAML double-quoted scalar of `text` (control bytes as \xHH escapes).
std::string yaml_quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (b < 0x20 || b == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", b);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

/// A Scenario whose apply events and trace generator name files, most of them hostile: outside
/// the input roots, special files, symlinks that lead out (try_input creates the files named
/// here beside the input: ok.yaml, trace.csv, link-out.yaml, link-zero.yaml, fifo.yaml, sub/).
std::string reference_scenario(Rng& rng) {
  static const std::vector<std::string> kPaths = {"/etc/passwd",
                                                  "../../../../../etc/passwd",
                                                  "/dev/zero",
                                                  "/dev/urandom",
                                                  "/proc/self/environ",
                                                  "link-out.yaml",
                                                  "link-zero.yaml",
                                                  "fifo.yaml",
                                                  "sub",
                                                  "ok.yaml",
                                                  "sub/../ok.yaml",
                                                  "./ok.yaml",
                                                  "missing.yaml",
                                                  "",
                                                  ".",
                                                  "..",
                                                  std::string(5000, 'a'),
                                                  "a\x01b\x1b[2J",
                                                  "%s%n",
                                                  "trace.csv"};
  std::string out =
      "apiVersion: drasim.dev/v1alpha1\nkind: Scenario\nmetadata: {name: refs}\nspec:\n"
      "  horizon: 1h\n  events:\n";
  const size_t events = 1 + rng.below(3);
  for (size_t i = 0; i < events; ++i) {
    out += "    - {at: " + std::to_string(i + 1)
           + "s, apply: {file: " + yaml_quoted(rng.pick(kPaths)) + "}}\n";
  }
  if (rng.chance(2)) {
    out += "  generate:\n    - trace: {file: " + yaml_quoted(rng.pick(kPaths)) + "}\n";
  }
  return out;
}

/// `n` written as JSON, as `kubectl get -o json` would: quoted scalars as strings, plain ones
/// that read as JSON literals (numbers, true, false) as they are, every other one as a string.
void write_json(const drasim::sim::DocNode& n, std::string& out) {
  switch (n.kind) {
    case drasim::sim::DocKind::kNull:
      out += "null";
      return;
    case drasim::sim::DocKind::kScalar:
      out += !n.quoted && drasim::reports::is_json_literal(n.scalar)
                 ? std::string(n.scalar)
                 : drasim::reports::JsonWriter::quote(n.scalar);
      return;
    case drasim::sim::DocKind::kSequence:
    case drasim::sim::DocKind::kMap: {
      const bool map = n.kind == drasim::sim::DocKind::kMap;
      out += map ? "{" : "[";
      for (size_t i = 0; i < n.children.size(); ++i) {
        out += i == 0 ? "\n" : ",\n";
        if (map) {
          out += drasim::reports::JsonWriter::quote(n.children[i].key) + ": ";
        }
        write_json(n.children[i], out);
      }
      out += map ? "}" : "]";
      return;
    }
  }
}

/// The documents of a YAML seed as one kubectl-style JSON List (nullopt when it does not parse).
std::optional<std::string> as_json_list(const std::string& yaml) {
  drasim::sim::Diagnostics d;
  const auto docs = drasim::sim::parse_yaml(yaml, 0, "seed.yaml", d);
  if (d.has_errors() || docs.empty()) {
    return std::nullopt;
  }
  std::string out = "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [";
  for (size_t i = 0; i < docs.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    write_json(docs[i].root(), out);
  }
  return out + "]}\n";
}

/// The objects of a YAML seed as a KAI snapshot (tests/kai_snapshot_writer.h), mutated, in the
/// plugin's ZIP half the time, and the ZIP itself damaged now and then; the seed's Scenario
/// document and other kinds beside it (nullopt when the seed does not parse).
std::optional<std::vector<InputText>> as_snapshot(const std::string& yaml, Rng& rng) {
  drasim::sim::Diagnostics d;
  const auto docs = drasim::sim::parse_yaml(yaml, 0, "seed.yaml", d);
  if (d.has_errors() || docs.empty()) {
    return std::nullopt;
  }
  drasim::test::SnapshotParts parts = drasim::test::to_kai_snapshot(docs);
  const size_t mutations = rng.below(4);
  for (size_t i = 0; i < mutations; ++i) {
    mutate_once(parts.json, rng);
  }
  std::vector<InputText> inputs;
  if (rng.chance(2)) {
    std::string zip = drasim::test::snapshot_zip(parts.json);
    if (rng.chance(4)) {  // a damaged archive: a flipped byte, or cut short
      const size_t at = rng.below(zip.size());
      if (rng.chance(2)) {
        zip[at] = static_cast<char>(zip[at] ^ static_cast<char>(1 + rng.below(255)));
      } else {
        zip.resize(at);
      }
    }
    inputs.push_back({"snapshot.zip", std::move(zip)});
  } else {
    inputs.push_back({"snapshot.json", std::move(parts.json)});
  }
  if (!parts.rest.empty()) {
    inputs.push_back({"rest.yaml", std::move(parts.rest)});
  }
  return inputs;
}

/// The input of one iteration, derived only from the seed corpus, --seed and the iteration.
std::vector<InputText> make_input(const std::vector<InputText>& seeds, uint64_t seed,
                                  uint64_t iteration, bool snapshots) {
  Rng rng(seed * 0x9E3779B97F4A7C15ULL + iteration);
  if (rng.chance(6) && !snapshots) {  // file references, lightly mutated
    std::string refs = reference_scenario(rng);
    if (rng.chance(2)) {
      mutate_once(refs, rng);
    }
    return {{"refs.yaml", refs}};
  }
  const InputText& base = rng.pick(seeds);
  std::string text = base.text;
  if (rng.chance(8) || snapshots) {  // the snapshot reader: the seed's objects as a KAI snapshot
    if (auto snapshot = as_snapshot(text, rng)) {
      return *snapshot;
    }
  }
  if (rng.chance(6)) {  // the JSON reader: the seed as a kubectl List, mutated
    if (auto json = as_json_list(text)) {
      text = std::move(*json);
      const size_t mutations = 1 + rng.below(3);
      for (size_t i = 0; i < mutations; ++i) {
        mutate_once(text, rng);
      }
      return {{"mutant.json", text}};
    }
  }
  if (rng.chance(8)) {  // splice: documents of two seeds in one stream
    text += "\n---\n" + rng.pick(seeds).text;
  }
  const size_t mutations = 1 + rng.below(rng.chance(4) ? 12 : 3);
  for (size_t i = 0; i < mutations; ++i) {
    mutate_once(text, rng);
  }
  std::vector<InputText> inputs{{"mutant.yaml", text}};
  if (rng.chance(10)) {  // a second file, to exercise per-file positions and sorting
    std::string other = rng.pick(seeds).text;
    mutate_once(other, rng);
    inputs.push_back({"second.yaml", other});
  }
  return inputs;
}

// ---------------------------------------------------------------------------------------------
// Running one input

/// yaml-cpp 0.7's LoadAll never returns on a stray top-level `,` (for example `{},`, a JSON-style
/// object followed by a comma): HandleNextDocument keeps reporting an empty document without
/// consuming the token (jbeder/yaml-cpp#1040, fixed upstream by #1318/#1319, not in 0.7.0). The
/// loader inherits the hang, so these inputs are counted and skipped to let the fuzzer look for
/// other problems. Detection replays the event stream with a handler that keeps nothing: more
/// documents than input bytes means the parser is not advancing.
class NullHandler : public YAML::EventHandler {
 public:
  void OnDocumentStart(const YAML::Mark&) override {}

  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}

  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}

  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}

  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}

  void OnSequenceEnd() override {}

  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}

  void OnMapEnd() override {}
};

bool yaml_cpp_would_loop(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  NullHandler handler;
  size_t documents = 0;
  try {
    while (parser.HandleNextDocument(handler)) {
      if (++documents > text.size() + 16) {
        return true;
      }
    }
  } catch (const YAML::Exception&) {
    return false;  // a syntax error: LoadAll throws it too, and the loader reports it
  }
  return false;
}

enum class Verdict { kRejected, kLoadedAndRan, kLoadedAndStopped, kLoadedTooBig, kBug, kKnownHang };

int64_t expanded_pods(const Scenario& s) {
  const drasim::model::PodGroupMembers groups = drasim::model::pod_group_members(s.objects);
  int64_t total = 0;
  for (size_t m = 0; m < s.objects.pods.size() && total <= kMaxRunObjects; ++m) {
    total += drasim::model::expanded_pod_count(s.objects, groups, m);
  }
  return total;
}

/// The inputs written as files in a fresh directory, beside the files reference_scenario names;
/// the directory is removed with everything in it.
class DiskInputs {
 public:
  explicit DiskInputs(const std::vector<InputText>& inputs) {
    for (const InputText& in : inputs) {
      paths_.push_back(dir_.write(fs::path(in.name).filename().string(), in.text));
    }
    (void)dir_.write("ok.yaml", "apiVersion: v1\nkind: Namespace\nmetadata: {name: ok}\n");
    (void)dir_.write("trace.csv", "submit,duration,pods,gpusPerPod,queue\n0,10m,1,1,q\n");
    std::error_code ec;
    fs::create_symlink("/etc/passwd", dir_.path() / "link-out.yaml", ec);
    fs::create_symlink("/dev/zero", dir_.path() / "link-zero.yaml", ec);
    fs::create_directory(dir_.path() / "sub", ec);
    (void)mkfifo((dir_.path() / "fifo.yaml").c_str(), 0600);
  }

  [[nodiscard]] const std::vector<std::string>& paths() const { return paths_; }

 private:
  drasim::TempDir dir_;
  std::vector<std::string> paths_;
};

/// Whether a writer's output holds a raw control byte other than a newline.
bool has_control_bytes(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    const auto b = static_cast<unsigned char>(c);
    return (b < 0x20 && c != '\n') || b == 0x7f;
  });
}

/// drasim diff's pass: the run's JSON report, and a copy of it mutated (seeded by the report,
/// so an iteration replays the same), read back and compared in all three forms. The copy may
/// be rejected as input; nothing may crash, and no output may carry a raw control byte.
bool diff_outputs_clean(const std::string& report, std::string& what) {
  Rng rng(std::hash<std::string>{}(report));
  std::string mutated = report;
  for (size_t i = 1 + rng.below(3); i > 0; --i) {
    mutate_once(mutated, rng);
  }
  const drasim::reports::ReportData base = drasim::reports::read_report_text(report, "base.json");
  drasim::reports::ReportData next;
  try {
    next = drasim::reports::read_report_text(mutated, "new.json");
  } catch (const InputError& e) {
    for (const auto& d : e.diagnostics()) {
      if (!drasim::fits_error_grammar(d.to_string())) {
        what =
            "a report's error line breaks the grammar: " + drasim::sim::escape_text(d.to_string());
        return false;
      }
    }
    return true;
  }
  drasim::reports::Tolerances tolerances;
  (void)tolerances.add("waits=10%");
  const drasim::reports::ReportDiff d = drasim::reports::diff_reports(base, next, tolerances);
  for (const size_t limit : {size_t{0}, size_t{3}}) {
    const drasim::reports::DiffOutputOptions options{true, limit};
    if (has_control_bytes(drasim::reports::diff_text(d, options))
        || has_control_bytes(drasim::reports::diff_markdown(d, options))
        || has_control_bytes(drasim::reports::diff_json(d, options))) {
      what = "a diff of a mutated report holds a raw control byte";
      return false;
    }
  }
  return true;
}

/// Loads and (when small enough) replays one input in this process; `run_wall_seconds` (0: none)
/// bounds the replay as drasim run --max-wall does.
Verdict try_input(const std::vector<InputText>& inputs, std::string& what,
                  double run_wall_seconds) {
  for (const InputText& in : inputs) {
    if (yaml_cpp_would_loop(in.text)) {
      what = in.name + ": yaml-cpp 0.7 LoadAll loops on this input (jbeder/yaml-cpp#1040)";
      return Verdict::kKnownHang;
    }
  }
  const DiskInputs disk(inputs);
  try {
    Scenario scenario = drasim::sim::load_scenario(disk.paths());
    if (expanded_pods(scenario) > kMaxRunObjects
        || static_cast<int64_t>(scenario.objects.nodes.size()) > kMaxRunObjects) {
      return Verdict::kLoadedTooBig;
    }
    const auto cap = drasim::sim::SimDuration::seconds(kHorizonCapSeconds);
    if (!scenario.horizon || *scenario.horizon > cap) {
      scenario.horizon = cap;
    }
    // A run that does not end in half the iteration's time stops at its wall-clock limit, as
    // drasim run would (exit 2 with a message): an answer, not a hang. A loop that processes no
    // events at all still runs into the fork's alarm.
    drasim::sim::EngineOptions options;
    options.limits.max_wall_seconds = run_wall_seconds;
    try {
      const drasim::sim::RunResult result = drasim::sim::run_scenario(scenario, options);
      // Every writer escapes what the input put into names and messages.
      for (const std::string& out :
           {drasim::reports::json_report(result), drasim::reports::junit_report(result),
            drasim::reports::text_summary(result)}) {
        if (has_control_bytes(out)) {
          what = "a report holds a raw control byte";
          return Verdict::kBug;
        }
      }
      if (!diff_outputs_clean(drasim::reports::json_report(result), what)) {
        return Verdict::kBug;
      }
    } catch (const drasim::sim::RunLimitError&) {
      return Verdict::kLoadedAndStopped;
    }
    return Verdict::kLoadedAndRan;
  } catch (const InputError& e) {
    for (const auto& d : e.diagnostics()) {
      if (!drasim::fits_error_grammar(d.to_string())) {
        what = "an error line breaks the grammar: " + drasim::sim::escape_text(d.to_string());
        return Verdict::kBug;
      }
    }
    what = e.what();
    return Verdict::kRejected;
  } catch (const std::exception& e) {
    what = std::string("std::exception escaped: ") + e.what();
    return Verdict::kBug;
  } catch (...) {
    what = "a non-standard exception escaped";
    return Verdict::kBug;
  }
}

/// Exit codes of a forked child; anything else (a signal, ASan's exit code 1) is a crash.
constexpr int kChildExitBase = 40;

int exit_code_of(Verdict v) {
  return kChildExitBase + static_cast<int>(v);
}

/// What one iteration did, as seen from the parent.
struct Outcome {
  enum class Kind { kVerdict, kCrash, kTimeout };
  Kind kind = Kind::kVerdict;
  Verdict verdict = Verdict::kRejected;
  std::string detail;
};

/// Runs try_input in a child process, so that a crash or a hang ends only the child. The child
/// reports the verdict through its exit code and prints what a bug said to stdout itself.
Outcome run_forked(const std::vector<InputText>& inputs, unsigned timeout_seconds) {
  std::cout.flush();
  std::cerr.flush();
  const pid_t child = fork();
  if (child < 0) {
    std::perror("loader_fuzz: fork");
    std::exit(3);
  }
  if (child == 0) {
    alarm(timeout_seconds);  // SIGALRM's default action ends the child
    std::string what;
    const Verdict v = try_input(inputs, what, timeout_seconds / 2.0);
    if (v == Verdict::kBug) {
      std::cout << "  " << what << "\n";
    }
    std::cout.flush();
    std::_Exit(exit_code_of(v));
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
  }
  Outcome o;
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    o.kind = sig == SIGALRM ? Outcome::Kind::kTimeout : Outcome::Kind::kCrash;
    o.detail = "signal " + std::to_string(sig);
    return o;
  }
  const int code = WEXITSTATUS(status);
  if (code < exit_code_of(Verdict::kRejected) || code > exit_code_of(Verdict::kKnownHang)) {
    o.kind = Outcome::Kind::kCrash;
    o.detail = "exit code " + std::to_string(code);
    return o;
  }
  o.verdict = static_cast<Verdict>(code - kChildExitBase);
  return o;
}

Outcome run_in_process(const std::vector<InputText>& inputs) {
  Outcome o;
  o.verdict = try_input(inputs, o.detail, 0);
  return o;
}

void save(const std::string& path, const std::vector<InputText>& inputs) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  for (size_t i = 0; i < inputs.size(); ++i) {
    out << (i == 0 ? "" : "\n---\n") << inputs[i].text;
  }
}

bool parse_args(int argc, char** argv, Options& o) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--iterations" && has_value) {
      o.iterations = std::stoull(args[++i]);
    } else if (a == "--seed" && has_value) {
      o.seed = std::stoull(args[++i]);
    } else if (a == "--start" && has_value) {
      o.start = std::stoull(args[++i]);
    } else if (a == "--seeds" && has_value) {
      o.seed_dirs.push_back(args[++i]);
    } else if (a == "--save-current" && has_value) {
      o.save_current = args[++i];
    } else if (a == "--crash-dir" && has_value) {
      o.crash_dir = args[++i];
    } else if (a == "--timeout" && has_value) {
      o.timeout_seconds = static_cast<unsigned>(std::stoul(args[++i]));
    } else if (a == "--replay" && has_value) {
      o.replay = args[++i];
    } else if (a == "--print" && has_value) {
      o.print = std::stoll(args[++i]);
    } else if (a == "--snapshots") {
      o.snapshots = true;
    } else if (a == "--no-fork") {
      o.fork = false;
    } else if (a == "-v" || a == "--verbose") {
      o.verbose = true;
    } else {
      std::cerr << "loader_fuzz: error: unknown argument \"" << a << "\"\n"
                << "usage: loader_fuzz [--iterations N] [--seed S] [--start I] [--seeds DIR]... "
                   "[--timeout SECONDS] [--crash-dir DIR] [--save-current FILE] [--no-fork] "
                   "[--snapshots] "
                   "[--replay FILE] [--print I] [-v]\n";
      return false;
    }
  }
  if (o.seed_dirs.empty()) {
#if defined(DRASIM_SHARED_DIR) && defined(DRASIM_SOURCE_DIR)
    o.seed_dirs = {std::string(DRASIM_SHARED_DIR) + "/fixtures",
                   std::string(DRASIM_SOURCE_DIR) + "/scenarios",
                   std::string(DRASIM_SOURCE_DIR) + "/tests/cases"};
#else
    std::cerr << "loader_fuzz: error: no --seeds DIR given and no default compiled in\n";
    return false;
#endif
  }
  return true;
}

int replay(const std::string& path) {
  std::string what;
  switch (try_input({{path, read_file(path)}}, what, 0)) {
    case Verdict::kRejected:
      std::cout << "rejected (InputError):\n" << what;
      return 0;
    case Verdict::kLoadedAndRan:
      std::cout << "loaded and ran\n";
      return 0;
    case Verdict::kLoadedAndStopped:
      std::cout << "loaded and ran until its wall-clock limit\n";
      return 0;
    case Verdict::kLoadedTooBig:
      std::cout << "loaded; too big to replay here\n";
      return 0;
    case Verdict::kKnownHang:
      std::cout << "known hang: " << what << "\n";
      return 0;
    case Verdict::kBug:
      std::cout << "BUG: " << what << "\n";
      return 1;
  }
  return 1;
}

struct Stats {
  uint64_t by_verdict[6] = {};
  uint64_t crashes = 0;
  uint64_t timeouts = 0;
  uint64_t first_known_hang = UINT64_MAX;
  double slowest_seconds = 0;
  uint64_t slowest_iteration = 0;

  [[nodiscard]] uint64_t count(Verdict v) const { return by_verdict[static_cast<size_t>(v)]; }

  [[nodiscard]] uint64_t problems() const { return crashes + timeouts + count(Verdict::kBug); }
};

/// Records one iteration; returns a line describing a problem, or "".
std::string record(Stats& stats, const Outcome& o, uint64_t i) {
  switch (o.kind) {
    case Outcome::Kind::kCrash:
      ++stats.crashes;
      return "CRASH (" + o.detail + ")";
    case Outcome::Kind::kTimeout:
      ++stats.timeouts;
      return "TIMEOUT";
    case Outcome::Kind::kVerdict:
      break;
  }
  ++stats.by_verdict[static_cast<size_t>(o.verdict)];
  if (o.verdict == Verdict::kKnownHang && stats.first_known_hang == UINT64_MAX) {
    stats.first_known_hang = i;
  }
  return o.verdict == Verdict::kBug ? "BUG (exception other than InputError)" : "";
}

void print_summary(const Options& o, size_t seeds, const Stats& s) {
  std::cout << "loader_fuzz: iterations " << o.start << ".." << o.start + o.iterations << " over "
            << seeds << " seeds (seed " << o.seed << "): " << s.count(Verdict::kRejected)
            << " rejected, " << s.count(Verdict::kLoadedAndRan) << " loaded and ran, "
            << s.count(Verdict::kLoadedAndStopped) << " stopped at their wall-clock limit, "
            << s.count(Verdict::kLoadedTooBig) << " loaded but too big to run, "
            << s.count(Verdict::kKnownHang) << " skipped as yaml-cpp#1040 hangs";
  if (s.first_known_hang != UINT64_MAX) {
    std::cout << " (first: iteration " << s.first_known_hang << ")";
  }
  std::cout << "; " << s.count(Verdict::kBug) << " bugs, " << s.crashes << " crashes, "
            << s.timeouts << " timeouts; slowest iteration " << s.slowest_iteration << " took "
            << s.slowest_seconds << " s\n";
}

int fuzz(const Options& o) {
  const std::vector<InputText> seeds = load_seeds(o.seed_dirs);
  if (seeds.empty()) {
    std::cerr << "loader_fuzz: error: no seed files found\n";
    return 2;
  }
  if (o.print >= 0) {
    for (const InputText& in :
         make_input(seeds, o.seed, static_cast<uint64_t>(o.print), o.snapshots)) {
      std::cout << "# " << in.name << "\n" << in.text;
    }
    return 0;
  }
  Stats stats;
  for (uint64_t i = o.start; i < o.start + o.iterations; ++i) {
    const std::vector<InputText> inputs = make_input(seeds, o.seed, i, o.snapshots);
    if (!o.save_current.empty()) {
      save(o.save_current, inputs);
    }
    if (o.verbose) {
      std::cerr << "iteration " << i << "\n";
    } else if (i > o.start && (i - o.start) % 1000 == 0) {
      std::cerr << "loader_fuzz: " << i - o.start << " iterations done\n";
    }
    const auto start = std::chrono::steady_clock::now();
    const Outcome outcome = o.fork ? run_forked(inputs, o.timeout_seconds) : run_in_process(inputs);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (seconds > stats.slowest_seconds) {
      stats.slowest_seconds = seconds;
      stats.slowest_iteration = i;
    }
    const std::string problem = record(stats, outcome, i);
    if (problem.empty()) {
      continue;
    }
    std::cout << problem << " at iteration " << i << " (reproduce: --print " << i << " --seed "
              << o.seed << ")\n";
    if (!o.crash_dir.empty()) {
      save(o.crash_dir + "/seed" + std::to_string(o.seed) + "-iter" + std::to_string(i) + ".yaml",
           inputs);
    }
  }
  print_summary(o, seeds.size(), stats);
  return stats.problems() == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  try {
    if (!parse_args(argc, argv, options)) {
      return 2;
    }
  } catch (const std::exception& e) {
    std::cerr << "loader_fuzz: error: bad number: " << e.what() << "\n";
    return 2;
  }
  if (!options.replay.empty()) {
    return replay(options.replay);
  }
  return fuzz(options);
}
