#pragma once
/// `drasim sweep merge`: the shards of one sweep joined into the table the unsharded sweep makes.

#include "reports/sweep/sweep_json.h"

#include <string>
#include <vector>

namespace drasim::reports {

/// The files of `dirs` that are shard files (`sweep-shard-I-of-N.json`), sorted by path; a
/// directory that is a file is taken as a shard file itself.
std::vector<std::string> shard_files(const std::vector<std::string>& dirs);

/// Checks that `shards` (read from `paths`) are every shard of one sweep exactly once (the same
/// fingerprint, parameters and shard count; each index once; each variant once) and joins their
/// rows by variant. Throws sim::InputError naming the file and the problem.
SweepTable merge_shards(std::vector<SweepShardFile> shards, const std::vector<std::string>& paths);

}  // namespace drasim::reports
