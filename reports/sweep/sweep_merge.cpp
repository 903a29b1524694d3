#include "reports/sweep/sweep_merge.h"

#include "sim/load/diagnostic.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

namespace drasim::reports {
namespace {

bool is_shard_name(const std::string& name) {
  return name.starts_with("sweep-shard-") && name.ends_with(".json");
}

}  // namespace

std::vector<std::string> shard_files(const std::vector<std::string>& dirs) {
  std::vector<std::string> out;
  for (const std::string& d : dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(d, ec)) {
      out.push_back(d);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(d, ec)) {
      if (entry.is_regular_file() && is_shard_name(entry.path().filename().string())) {
        found.push_back(entry.path().string());
      }
    }
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

SweepTable merge_shards(std::vector<SweepShardFile> shards, const std::vector<std::string>& paths) {
  sim::Diagnostics diagnostics;
  const auto fail = [&](size_t file, std::string expected, std::string found) {
    diagnostics.error(sim::Diagnostic{file < paths.size() ? paths[file] : "drasim sweep merge",
                                      {},
                                      "",
                                      std::move(expected),
                                      std::move(found)});
  };
  if (shards.empty()) {
    fail(paths.size(), "shard files sweep-shard-I-of-N.json (drasim sweep --shard I/N --out DIR)",
         "none in the directories given");
    diagnostics.throw_if_errors();
  }
  const SweepShardFile& first = shards.front();
  std::vector<size_t> seen(first.shard.count, paths.size());
  for (size_t i = 0; i < shards.size(); ++i) {
    const SweepShardFile& s = shards[i];
    if (s.table.fingerprint != first.table.fingerprint
        || s.table.parameters != first.table.parameters || s.table.mode != first.table.mode
        || s.table.variant_count != first.table.variant_count
        || s.shard.count != first.shard.count) {
      fail(i,
           fmt::format("a shard of the sweep {} has (fingerprint {}, {} shards)", paths[0],
                       first.table.fingerprint, first.shard.count),
           fmt::format("a shard of another sweep (fingerprint {}, {} shards)", s.table.fingerprint,
                       s.shard.count));
      continue;
    }
    if (seen[s.shard.index] != paths.size()) {
      fail(i, fmt::format("each shard once"),
           fmt::format("shard {} of {} again (also {})", s.shard.index, s.shard.count,
                       paths[seen[s.shard.index]]));
      continue;
    }
    seen[s.shard.index] = i;
  }
  for (size_t index = 0; index < seen.size(); ++index) {
    if (seen[index] == paths.size()) {
      fail(paths.size(),
           fmt::format("all {} shards of the sweep {}", first.shard.count, first.table.fingerprint),
           fmt::format("no shard {} ({})", index,
                       shard_file_name(sim::Shard{index, first.shard.count})));
    }
  }
  diagnostics.throw_if_errors();
  SweepTable out = shards[seen[0]].table;  // shard 0 holds variant 0, so it knows the title
  out.rows.clear();
  out.rows.reserve(out.variant_count);
  for (SweepShardFile& s : shards) {
    std::move(s.table.rows.begin(), s.table.rows.end(), std::back_inserter(out.rows));
  }
  std::sort(out.rows.begin(), out.rows.end(),
            [](const SweepRow& a, const SweepRow& b) { return a.variant < b.variant; });
  for (size_t v = 0; v < out.variant_count; ++v) {
    if (v >= out.rows.size() || out.rows[v].variant != v) {
      fail(paths.size(), fmt::format("every variant of the sweep once ({})", out.variant_count),
           fmt::format("variant {} {}", v,
                       v < out.rows.size() ? "twice or out of place" : "missing"));
      break;
    }
  }
  if (out.rows.size() > out.variant_count) {
    fail(paths.size(), fmt::format("{} variants", out.variant_count),
         fmt::format("{} rows", out.rows.size()));
  }
  diagnostics.throw_if_errors();
  return out;
}

}  // namespace drasim::reports
