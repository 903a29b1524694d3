// Decoder for `spec.generate[]`: dispatch to nodePool, workload and trace entries. Node pools and
// trace files are decoded here; workloads in sim/load/decode_workload.cpp.
#include "sim/load/decode_generators.h"

#include "sim/load/decode_common.h"
#include "sim/load/decode_generator_parts.h"
#include "sim/load/known_fields.h"
#include "sim/load/quote.h"
#include "sim/load/trace_csv.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace drasim::sim {
namespace {

namespace fs = std::filesystem;

/// Trace files larger than this are refused before reading (drasim's memory limit).

TopologyLabel decode_topology_label(const std::string& key, const Cursor& c, int64_t count) {
  TopologyLabel t;
  t.key = key;
  if (!c.expect_map("a mapping {values: [...], blockSize: N} or {pattern: rack-{i}}")) {
    return t;
  }
  reject_unknown_fields(c, "topology", {"values", "pattern", "blockSize"});
  t.values = c["values"].string_list();
  if (c["pattern"].present()) {
    t.pattern = parse_index_pattern(c["pattern"].str(), c["pattern"]);
  }
  if (c["values"].present() == c["pattern"].present()) {
    c.error("exactly one of values and pattern",
            c["values"].present() ? "values and pattern" : "neither");
  } else if (c["values"].present() && t.values.empty()) {
    c["values"].error("at least one value", "an empty list");
  }
  // Default: values split the pool into contiguous equal blocks; a pattern numbers each node.
  const auto n = static_cast<int64_t>(std::max<size_t>(t.values.size(), 1));
  t.block_size = t.pattern ? 1 : std::max<int64_t>(1, (count + n - 1) / n);
  t.block_size =
      gen::bounded_integer(c["blockSize"], 1, kMaxGeneratedNodes, "a block size from 1 to 100000")
          .value_or(t.block_size);
  return t;
}

model::ResourceList decode_node_resources(const Cursor& c) {
  model::ResourceList out{{"cpu", model::Quantity::from_units(64)},
                          {"memory", model::Quantity::from_units(512LL << 30)},
                          {"pods", model::Quantity::from_units(110)}};
  for (const auto& [name, value] : c.entries("a mapping of resource names to quantities")) {
    const auto q = value.quantity();
    if (q && q->is_negative()) {
      value.error("a quantity of zero or more", value.str());
    } else if (q) {
      out[name] = *q;
    }
  }
  return out;
}

NodePoolSpec decode_node_pool(const Cursor& c, uint32_t file_index) {
  NodePoolSpec p;
  p.source = {source_of(c, file_index), c.path()};
  reject_unknown_fields(c, "nodePool",
                        {"name", "count", "namePattern", "at", "labels", "taints", "topology",
                         "resources", "gpus", "shape", "driver"});
  p.name = c["name"].required_str("a node pool name");
  const std::string count_text = fmt::format("a node count from 1 to {}", kMaxGeneratedNodes);
  if (!c["count"].present()) {
    c["count"].error(count_text);
  }
  p.count = gen::bounded_integer(c["count"], 1, kMaxGeneratedNodes, count_text).value_or(0);
  const Cursor pattern = c["namePattern"].present() ? c["namePattern"] : c["name"];
  const std::string text = c["namePattern"].present() ? pattern.str() : p.name + "-{i}";
  p.name_pattern = parse_index_pattern(text, pattern).value_or(IndexPattern{});
  p.at_us = c["at"].duration().value_or(SimDuration{}).us;
  p.labels = c["labels"].string_map();
  p.taints = decode_taints(c["taints"], false);
  for (const auto& [key, value] : c["topology"].entries()) {
    p.topology.push_back(decode_topology_label(key, value, p.count));
  }
  p.resources = decode_node_resources(c["resources"]);
  p.gpus = gen::bounded_integer(c["gpus"], 0, kMaxDriverDevices, "a GPU count from 0 to 256")
               .value_or(0);
  p.shape = c["shape"].one_of<NodeShape>(
      {{"devicePlugin", NodeShape::kDevicePlugin}, {"dra", NodeShape::kDra}},
      NodeShape::kDevicePlugin);
  if (c["driver"].present()) {
    p.driver = decode_driver_shape(c["driver"], file_index);
  } else {
    p.driver.source = p.source.at;
  }
  if (p.shape == NodeShape::kDra && p.gpus == 0 && !p.driver.devices) {
    c["gpus"].error("at least one GPU for shape dra (or driver.devices)",
                    c["gpus"].present() ? "0" : "nothing");
  }
  return p;
}

TraceSpec decode_trace(const Cursor& c, uint32_t file_index, Scenario& out) {
  TraceSpec t;
  t.source = {source_of(c, file_index), c.path()};
  reject_unknown_fields(c, "trace",
                        {"file", "name", "namespace", "cpu", "memory", "requestStyle",
                         "deviceClass", "resource", "preemptible", "tolerations", "nodeSelector"});
  const std::string file = c["file"].required_str("a CSV file such as traces/sample.csv");
  t.pod = gen::decode_pod_shape(c);
  if (file.empty()) {
    return t;
  }
  t.name =
      c["name"].present() ? c["name"].required_str("a trace name") : fs::path(file).stem().string();
  const std::optional<FileText> read = c["file"].read_file(file);
  if (!read) {
    return t;
  }
  const auto index = static_cast<uint32_t>(out.files.size());
  out.files.push_back(read->name);
  t.jobs = parse_trace_csv(read->text, read->name, index, t.name, *c.context().diagnostics);
  return t;
}

/// Generator names are unique per kind: they seed the random streams and prefix object names.
void unique_name(const Cursor& c, const std::string& name, std::set<std::string>& seen) {
  if (!name.empty() && !seen.insert(name).second) {
    c["name"].error("a name no other generator of this kind has", quote(name));
  }
}

}  // namespace

void decode_generators(const Cursor& list, uint32_t file_index, Scenario& out) {
  std::set<std::string> pools;
  std::set<std::string> workloads;
  for (const Cursor& item : list.items()) {
    constexpr std::string_view kExpected = "exactly one of nodePool, workload, trace";
    if (!item.expect_map(kExpected)) {
      continue;
    }
    const auto entries = item.entries();
    if (entries.size() != 1) {
      item.error(kExpected, entries.empty() ? "none" : fmt::format("{} keys", entries.size()));
      continue;
    }
    const auto& [key, value] = entries.front();
    if (!value.expect_map()) {
      continue;
    }
    if (key == "nodePool") {
      out.generators.emplace_back(decode_node_pool(value, file_index));
      unique_name(value, std::get<NodePoolSpec>(out.generators.back()).name, pools);
    } else if (key == "workload") {
      WorkloadSpec w = gen::decode_workload(value, out.horizon);
      w.source = {source_of(value, file_index), value.path()};
      unique_name(value, w.name, workloads);
      out.generators.emplace_back(std::move(w));
    } else if (key == "trace") {
      TraceSpec t = decode_trace(value, file_index, out);
      unique_name(value, t.name, workloads);
      out.generators.emplace_back(std::move(t));
    } else {
      value.error(kExpected, quote(key));
    }
  }
}

}  // namespace drasim::sim
