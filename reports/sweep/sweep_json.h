#pragma once
/// `sweep.json`, and the file each shard of a sweep writes (`sweep-shard-I-of-N.json`: the same
/// object with a `shard` field and only that shard's rows), read back by `drasim sweep merge`.
///
/// ```json
/// {"schemaVersion": 1, "kind": "drasim-sweep", "title": "rolling-migration", "mode": "grid",
///  "fingerprint": "9c0f...", "variantCount": 16,
///  "parameters": ["spec.events[0].migrate.batchSize"],
///  "metrics": [{"key": "waitP95", "label": "wait p95", "unit": "s"}, ...],
///  "variants": [{"variant": 0, "values": ["4"], "status": "passed", "message": "",
///                "expectationsPassed": 6, "expectations": 6, "failedExpectations": [],
///                "anomalyKinds": "0", "metrics": {"waitP95": 30.5, ...}}, ...]}
/// ```

#include "reports/json_writer.h"
#include "reports/sweep/sweep_table.h"
#include "sim/load/input_files.h"
#include "sim/sweep/shard.h"

#include <optional>
#include <string>

namespace drasim::reports {

/// The sweep's JSON; with `shard`, a shard's file.
std::string sweep_json(const SweepTable& table, const std::optional<sim::Shard>& shard = {});

/// One row as an object of `variants` (also a probe of `drasim plan`).
void write_sweep_row(JsonWriter& w, const SweepRow& row);

/// The file name shard `shard` writes.
std::string shard_file_name(const sim::Shard& shard);

struct SweepShardFile {
  SweepTable table;
  sim::Shard shard;
};

/// Reads a shard's file (read under `policy`). Throws sim::InputError at the file, line and
/// column of any problem.
SweepShardFile read_sweep_shard(const std::string& path, const sim::InputPolicy& policy = {});

}  // namespace drasim::reports
