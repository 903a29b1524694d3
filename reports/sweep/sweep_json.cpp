#include "reports/sweep/sweep_json.h"

#include "reports/json_writer.h"
#include "sim/load/diagnostic.h"
#include "sim/load/doc_reader.h"
#include "sim/load/json_source.h"
#include "sim/sweep/vary.h"

#include <fmt/format.h>

namespace drasim::reports {
namespace {

constexpr int64_t kSchemaVersion = 1;
constexpr std::string_view kKind = "drasim-sweep";

std::vector<std::string> strings(const sim::Cursor& c) {
  std::vector<std::string> out;
  for (const sim::Cursor& item : c.items("a list of strings")) {
    out.push_back(item.str());
  }
  return out;
}

size_t count(const sim::Cursor& c) {
  const std::optional<int64_t> n = c.integer("a whole number");
  if (!c.present()) {
    c.error("a whole number", "nothing");
  } else if (n && *n < 0) {
    c.error("a whole number");
  }
  return n && *n >= 0 ? static_cast<size_t>(*n) : 0;
}

/// A metric's text as written: a number, or null.
std::string metric_text(const sim::Cursor& c) {
  if (!c.present()) {
    return "null";
  }
  const sim::DocNode* node = c.node();
  if (node->kind != sim::DocKind::kScalar || node->quoted || !is_json_literal(node->scalar)
      || node->scalar == "true" || node->scalar == "false") {
    c.error("a number or null");
    return "null";
  }
  return std::string(node->scalar);
}

SweepRow read_row(const sim::Cursor& c) {
  SweepRow r;
  r.variant = count(c["variant"]);
  r.values = strings(c["values"]);
  r.status = c["status"].required_str("passed, failed or stopped");
  r.message = c["message"].str();
  r.expectations_passed = count(c["expectationsPassed"]);
  r.expectations = count(c["expectations"]);
  r.failed = strings(c["failedExpectations"]);
  r.anomaly_kinds = c["anomalyKinds"].str();
  for (const SweepMetric& m : sweep_metrics()) {
    r.metrics.push_back(metric_text(c["metrics"][m.key]));
  }
  return r;
}

}  // namespace

void write_sweep_row(JsonWriter& w, const SweepRow& r) {
  w.begin_object();
  w.key("variant");
  w.value(static_cast<int64_t>(r.variant));
  w.key("values");
  w.strings(r.values);
  w.key("status");
  w.value(r.status);
  w.key("message");
  w.value(r.message);
  w.key("expectationsPassed");
  w.value(static_cast<int64_t>(r.expectations_passed));
  w.key("expectations");
  w.value(static_cast<int64_t>(r.expectations));
  w.key("failedExpectations");
  w.strings(r.failed);
  w.key("anomalyKinds");
  w.value(r.anomaly_kinds);
  w.key("metrics");
  w.begin_object();
  const std::vector<SweepMetric>& metrics = sweep_metrics();
  for (size_t i = 0; i < metrics.size(); ++i) {
    w.key(metrics[i].key);
    w.raw_number(r.metrics[i]);
  }
  w.end_object();
  w.end_object();
}

std::string shard_file_name(const sim::Shard& shard) {
  return fmt::format("sweep-shard-{}-of-{}.json", shard.index, shard.count);
}

std::string sweep_json(const SweepTable& table, const std::optional<sim::Shard>& shard) {
  JsonWriter w;
  w.begin_object();
  w.key("schemaVersion");
  w.value(kSchemaVersion);
  w.key("kind");
  w.value(kKind);
  w.key("title");
  w.value(table.title);
  w.key("mode");
  w.value(table.mode);
  w.key("fingerprint");
  w.value(table.fingerprint);
  w.key("variantCount");
  w.value(static_cast<int64_t>(table.variant_count));
  if (shard) {
    w.key("shard");
    w.begin_object();
    w.key("index");
    w.value(static_cast<int64_t>(shard->index));
    w.key("count");
    w.value(static_cast<int64_t>(shard->count));
    w.end_object();
  }
  w.key("parameters");
  w.strings(table.parameters);
  w.key("metrics");
  w.begin_array();
  for (const SweepMetric& m : sweep_metrics()) {
    w.begin_object();
    w.key("key");
    w.value(m.key);
    w.key("label");
    w.value(m.label);
    w.key("unit");
    w.value(m.unit);
    w.end_object();
  }
  w.end_array();
  w.key("variants");
  w.begin_array();
  for (const SweepRow& r : table.rows) {
    write_sweep_row(w, r);
  }
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

SweepShardFile read_sweep_shard(const std::string& path, const sim::InputPolicy& policy) {
  sim::InputFiles files({path}, policy);
  sim::FileRead read = files.read_argument(path);
  sim::Diagnostics diagnostics;
  if (auto* problem = std::get_if<sim::FileProblem>(&read)) {
    diagnostics.error(sim::Diagnostic{path, {}, "", problem->expected, std::move(problem->found)});
    diagnostics.throw_if_errors();
  }
  std::string text = std::move(std::get<sim::FileText>(read).text);
  constexpr std::string_view kWhat = "a shard of a drasim sweep (drasim sweep --shard I/N)";
  if (!sim::looks_like_json(text)) {
    diagnostics.error(
        sim::Diagnostic{path, sim::Mark{1, 1}, "", std::string(kWhat), "text that is not JSON"});
    diagnostics.throw_if_errors();
  }
  std::vector<sim::Document> docs = sim::parse_json(std::move(text), 0, path, diagnostics);
  diagnostics.throw_if_errors();
  const sim::DecodeContext ctx{path, &diagnostics, nullptr};
  const sim::DocNode& node = docs.front().root();
  const sim::Cursor root(&node, node.mark, "", &ctx);
  SweepShardFile out;
  if (!root.is_map() || root["kind"].str() != kKind) {
    root.error(kWhat);
    diagnostics.throw_if_errors();
  }
  if (root["schemaVersion"].integer() != kSchemaVersion) {
    root["schemaVersion"].error("schemaVersion 1 (a sweep of this drasim)");
  }
  SweepTable& t = out.table;
  t.title = root["title"].str();
  t.mode = root["mode"].required_str("grid or zip");
  t.fingerprint = root["fingerprint"].required_str("the sweep's fingerprint");
  t.variant_count = count(root["variantCount"]);
  out.shard.index = count(root["shard"]["index"]);
  out.shard.count = count(root["shard"]["count"]);
  if (out.shard.count == 0 || out.shard.index >= out.shard.count
      || out.shard.count > sim::kMaxVariants) {
    root["shard"].error(fmt::format("index below count, count from 1 to {}", sim::kMaxVariants),
                        "another shard");
  }
  if (t.variant_count > sim::kMaxVariants) {
    root["variantCount"].error(fmt::format("at most {} variants", sim::kMaxVariants));
  }
  t.parameters = strings(root["parameters"]);
  for (const sim::Cursor& r : root["variants"].items()) {
    t.rows.push_back(read_row(r));
    if (t.rows.back().values.size() != t.parameters.size()
        || t.rows.back().variant >= t.variant_count || !out.shard.holds(t.rows.back().variant)) {
      r.error("a variant of this shard with one value per parameter", "another row");
    }
  }
  diagnostics.throw_if_errors();
  return out;
}

}  // namespace drasim::reports
