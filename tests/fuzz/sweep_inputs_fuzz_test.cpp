// Seeded mutation fuzzing of what `drasim sweep`, `drasim plan` and `--set` parse: override
// paths, value lists and ranges, shard specs, overrides applied to a scenario, and shard files
// read back by `drasim sweep merge`. Every input either parses or is refused with a message (an
// InputError for files); nothing else may escape, crash or hang (ASan runs it in CI).
#include "reports/sweep/sweep_json.h"
#include "reports/sweep/sweep_merge.h"
#include "sim/load/overrides.h"
#include "sim/scenario_loader.h"
#include "sim/sweep/shard.h"
#include "sim/sweep/vary.h"

#include <doctest/doctest.h>

#include "tests/temp_dir.h"
#include <fstream>
#include <random>
#include <sstream>

namespace drasim {
namespace {

std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// `text` with a few random edits: bytes changed to characters the grammars care about,
/// deleted, duplicated, or the text cut.
std::string mutate(std::string text, std::mt19937_64& rng) {
  static constexpr std::string_view kAlphabet = ".[]\"=:,/0123456789-ma{}\\\n\0x";
  const auto pick = [&](size_t n) {
    return n == 0 ? 0 : static_cast<size_t>(rng() % n);
  };
  for (size_t edits = 1 + pick(4); edits > 0; --edits) {
    const size_t at = pick(text.size() + 1);
    switch (pick(4)) {
      case 0:
        text.insert(at, 1, kAlphabet[pick(kAlphabet.size())]);
        break;
      case 1:
        if (at < text.size()) {
          text.erase(at, 1 + pick(3));
        }
        break;
      case 2:
        text.insert(at, text.substr(pick(text.size()), pick(8)));
        break;
      default:
        text.resize(std::min(text.size(), at + pick(text.size())));
    }
  }
  return text;
}

TEST_CASE("fuzz: override paths, values and shard specs parse or are refused, never crash") {
  std::mt19937_64 rng(11);
  const std::vector<std::string> seeds = {
      "spec.generate[0].nodePool.count", "Queue/team-a:spec.resources.gpu.quota",
      "Pod/ml/trainer-0:metadata.labels[\"kai.scheduler/queue\"]", "spec.a[1][2]"};
  const std::vector<std::string> values = {"8..64:8", "10m..60m:10m", "a,b,c", "-5..5:2"};
  for (int i = 0; i < 4000; ++i) {
    const std::string p = mutate(seeds[rng() % seeds.size()], rng);
    auto parsed = sim::parse_override_path(p);
    if (auto* ok = std::get_if<sim::OverridePath>(&parsed)) {
      CHECK(!ok->steps.empty());
    }
    const std::string v = mutate(values[rng() % values.size()], rng);
    auto list = sim::parse_values(v);
    if (auto* ok = std::get_if<std::vector<std::string>>(&list)) {
      CHECK(!ok->empty());
      CHECK(ok->size() <= sim::kMaxRangeValues);
    }
    (void)sim::parse_vary("--vary", p + "=" + v);
    (void)sim::parse_shard(mutate("3/8", rng), std::string_view("2"));
  }
}

TEST_CASE("fuzz: overrides applied to a scenario load it or give InputError") {
  std::mt19937_64 rng(5);
  const std::string scenario = slurp(DRASIM_SOURCE_DIR "/tests/cli/sweep-capacity.yaml");
  const std::vector<std::string> seeds = {
      "spec.generate[0].nodePool.count", "Deployment/web:spec.replicas", "spec.horizon",
      "Deployment/web:spec.template.spec.containers[0].resources.limits[\"nvidia.com/gpu\"]",
      "spec.expect[0].pendingAtMost"};
  int loaded = 0;
  for (int i = 0; i < 300; ++i) {
    auto parsed = sim::parse_override_path(mutate(seeds[rng() % seeds.size()], rng));
    if (!std::holds_alternative<sim::OverridePath>(parsed)) {
      continue;
    }
    const std::vector<std::string> values = {"3", "0", "-1", "x", "", "1h", "{}", "[1]"};
    try {
      (void)sim::load_scenario_texts(
          {{"capacity.yaml", scenario}},
          {{std::get<sim::OverridePath>(parsed), values[rng() % values.size()], "--set"}});
      ++loaded;
    } catch (const sim::InputError&) {
      // refused with file:line:col diagnostics: fine
    }
  }
  CHECK(loaded > 0);  // some mutations keep a valid path and value
}

TEST_CASE("fuzz: damaged shard files are refused at file:line:col, never crash the merge") {
  const TempDir dir;
  reports::SweepTable t;
  t.title = "capacity";
  t.mode = "grid";
  t.parameters = {"spec.generate[0].nodePool.count"};
  t.fingerprint = "0123456789abcdef";
  t.variant_count = 2;
  t.rows = {reports::stopped_row(0, {"1"}, "stopped"), reports::stopped_row(1, {"2"}, "")};
  const std::string whole = reports::sweep_json(t, sim::Shard{0, 1});
  std::mt19937_64 rng(9);
  int read = 0;
  for (int i = 0; i < 400; ++i) {
    const std::string file = dir.write("sweep-shard-0-of-1.json", mutate(whole, rng));
    try {
      std::vector<reports::SweepShardFile> shards = {reports::read_sweep_shard(file)};
      (void)reports::merge_shards(std::move(shards), {file});
      ++read;
    } catch (const sim::InputError& e) {
      CHECK(!e.diagnostics().empty());
    }
  }
  CHECK(read < 400);  // most damage is caught
}

}  // namespace
}  // namespace drasim
