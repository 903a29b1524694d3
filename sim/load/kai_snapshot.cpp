#include "sim/load/kai_snapshot.h"

#include "sim/load/decode_common.h"
#include "sim/load/decode_scenario.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace drasim::sim {
namespace {

// RawKubernetesObjects of snapshot.go, with the keys older and newer KAI versions add
// (persistentVolumes, nodeResourceTopologies).
constexpr std::array<SnapshotKey, 17> kSnapshotKeys = {{
    {"pods", "v1", "Pod", true},
    {"nodes", "v1", "Node", true},
    {"queues", "scheduling.run.ai/v2", "Queue", true},
    {"podGroups", "scheduling.run.ai/v2alpha2", "PodGroup", true},
    {"bindRequests", "scheduling.run.ai/v1alpha2", "BindRequest", true},
    {"priorityClasses", "scheduling.k8s.io/v1", "PriorityClass", true},
    {"configMaps", "v1", "ConfigMap"},
    {"persistentVolumes", "v1", "PersistentVolume"},
    {"persistentVolumeClaims", "v1", "PersistentVolumeClaim"},
    {"csiStorageCapacities", "storage.k8s.io/v1", "CSIStorageCapacity"},
    {"storageClasses", "storage.k8s.io/v1", "StorageClass"},
    {"csiDrivers", "storage.k8s.io/v1", "CSIDriver"},
    {"resourceClaims", "resource.k8s.io/v1", "ResourceClaim", true},
    {"resourceSlices", "resource.k8s.io/v1", "ResourceSlice", true},
    {"deviceClasses", "resource.k8s.io/v1", "DeviceClass", true},
    {"topologies", "kai.scheduler/v1alpha1", "Topology", true},
    {"nodeResourceTopologies", "topology.node.k8s.io/v1alpha2", "NodeResourceTopology"},
}};

/// A quoted scalar entry `key: text` of a mapping at `at` (both texts are static).
DocNode string_entry(std::string_view key, std::string_view text, Mark at) {
  DocNode n;
  n.kind = DocKind::kScalar;
  n.mark = at;
  n.key_mark = at;
  n.key = key;
  n.scalar = text;
  n.quoted = true;
  return n;
}

/// Whether any item of the sequence `list` (a mapping) has `key` under `sub` (or on itself when
/// `sub` is empty).
bool any_item_has(const DocNode* list, std::string_view sub, std::string_view key) {
  if (list == nullptr || list->kind != DocKind::kSequence) {
    return false;
  }
  return std::any_of(list->children.begin(), list->children.end(), [&](const DocNode& item) {
    const DocNode* at = sub.empty() ? &item : item.find(sub);
    return at != nullptr && at->find(key) != nullptr;
  });
}

/// v1beta1 puts a slice device's fields under `basic` and a claim request's directly on it;
/// v1 has neither (dra-semantics.md 1.2).
bool is_v1beta1(const DocNode& object, std::string_view kind) {
  const DocNode* spec = object.find("spec");
  if (spec == nullptr) {
    return false;
  }
  if (kind == "ResourceSlice") {
    return any_item_has(spec->find("devices"), "", "basic");
  }
  if (kind == "ResourceClaim") {
    const DocNode* devices = spec->find("devices");
    return devices != nullptr && any_item_has(devices->find("requests"), "", "deviceClassName");
  }
  return false;
}

}  // namespace

void type_snapshot_object(DocNode& object, DocArena& arena, const SnapshotKey& key,
                          SnapshotShape& shape) {
  if (object.kind != DocKind::kMap) {
    return;
  }
  if (key.kind == "Pod") {
    const DocNode* spec = object.find("spec");
    const DocNode* list = spec != nullptr ? spec->find("containers") : nullptr;
    if (list != nullptr && list->kind == DocKind::kSequence && !list->children.empty()) {
      shape.containers = true;
      shape.container_image = shape.container_image || any_item_has(list, "", "image");
    }
  }
  if (const DocNode* typed = object.find("apiVersion");
      typed != nullptr && object.find("kind") != nullptr) {
    shape.beta_dra = shape.beta_dra || typed->scalar == "resource.k8s.io/v1beta1";
    return;
  }
  std::string_view api = key.api;
  if (key.api == "resource.k8s.io/v1" && is_v1beta1(object, key.kind)) {
    api = "resource.k8s.io/v1beta1";
    shape.beta_dra = true;
  }
  // apiVersion and kind go first, as an object lists them.
  std::vector<DocNode> entries;
  entries.reserve(object.children.size() + 2);
  for (const auto& [name, value] : {std::pair{"apiVersion", api}, std::pair{"kind", key.kind}}) {
    if (object.find(name) == nullptr) {
      entries.push_back(string_entry(name, value, object.mark));
    }
  }
  entries.insert(entries.end(), object.children.begin(), object.children.end());
  arena.adopt(object, entries);
}

std::span<const SnapshotKey> snapshot_keys() {
  return kSnapshotKeys;
}

const SnapshotKey* find_snapshot_key(std::string_view key) {
  const auto* it = std::find_if(kSnapshotKeys.begin(), kSnapshotKeys.end(),
                                [&](const SnapshotKey& k) { return k.key == key; });
  return it == kSnapshotKeys.end() ? nullptr : it;
}

bool is_kai_snapshot(const DocNode& root) {
  return root.kind == DocKind::kMap && root.find("rawObjects") != nullptr
         && root.find("kind") == nullptr;
}

void type_snapshot_objects(DocNode& root, DocArena& arena, SnapshotShape& shape) {
  for (DocNode& raw : root.children) {
    if (raw.key != "rawObjects" || raw.kind != DocKind::kMap) {
      continue;
    }
    for (DocNode& list : raw.children) {
      const SnapshotKey* key = find_snapshot_key(list.key);
      if (key == nullptr || list.kind != DocKind::kSequence) {
        continue;
      }
      for (DocNode& object : list.children) {
        type_snapshot_object(object, arena, *key, shape);
      }
    }
  }
}

}  // namespace drasim::sim

namespace drasim::sim {
namespace {

/// Go's time.Duration as JSON: integer nanoseconds, here in microseconds (rounded toward zero;
/// a negative one, KAI's "never", stays negative).
std::optional<int64_t> nanoseconds_us(const Cursor& c) {
  const std::optional<int64_t> ns = c.integer("a duration in integer nanoseconds (Go's JSON)");
  if (!ns) {
    return std::nullopt;
  }
  return *ns < 0 ? std::min<int64_t>(*ns / 1000, -1) : *ns / 1000;
}

/// The nodeplacement plugin's strategy for `resource` (its `gpu` and `cpu` arguments).
Placement placement_argument(const Cursor& arguments, std::string_view resource) {
  return arguments[resource].one_of<Placement>(
      {{"binpack", Placement::kBinpack}, {"spread", Placement::kSpread}}, Placement::kBinpack);
}

void decode_config(const Cursor& config, SnapshotSettings& out) {
  if (!config.present()) {
    // KAI v0.16.0 to v0.16.4 write "config": null for a snapshot taken between cycles
    // (KAI issue #1885); the default configuration stands in.
    out.warnings.push_back(
        "the snapshot has no scheduler configuration (config: null, KAI v0.16.0 to v0.16.4): "
        "KAI's default actions and binpack placement are used");
    return;
  }
  if (auto actions = decode_actions(config["actions"])) {
    out.scheduler.actions = std::move(*actions);
  }
  Placement gpu = Placement::kBinpack;
  Placement cpu = Placement::kBinpack;
  for (const Cursor& tier : config["tiers"].items()) {
    for (const Cursor& plugin : tier["plugins"].items()) {
      const std::string name = plugin["name"].str();
      const Cursor arguments = plugin["arguments"];
      if (name == "nodeplacement") {
        gpu = placement_argument(arguments, "gpu");
        cpu = placement_argument(arguments, "cpu");
      } else if (name == "proportion" && arguments["kValue"].present()) {
        out.warnings.push_back(fmt::format(
            "proportion kValue {} not carried: it weighs historical usage, which drasim does "
            "not model (every queue's usage is 0, so kValue changes no fair share)",
            quote(arguments["kValue"].str())));
      } else if (name == "minruntime" && arguments.is_map() && !arguments.entries().empty()) {
        out.warnings.push_back(
            "minruntime plugin arguments not carried: drasim reads minimum runtimes from each "
            "Queue's spec.preemptMinRuntime and spec.reclaimMinRuntime only");
      }
    }
  }
  // One strategy serves GPUs and CPUs in drasim; KAI drops consolidation when either is spread.
  out.scheduler.placement = gpu;
  if (gpu != cpu) {
    out.warnings.push_back(fmt::format(
        "nodeplacement gpu: {} and cpu: {} differ: drasim places GPU and CPU pods with one "
        "strategy and uses the gpu one",
        to_string(gpu), to_string(cpu)));
  }
  if (gpu == Placement::kSpread || cpu == Placement::kSpread) {
    std::erase(out.scheduler.actions, model::Action::kConsolidation);
  }
  if (config["usageDBConfig"].present()) {
    out.warnings.push_back(
        "usageDBConfig not carried: time-aware fairness (usage history) is not modelled");
  }
}

void decode_params(const Cursor& params, SnapshotSettings& out) {
  if (!params.expect_map("the scheduler parameters (a mapping)")) {
    return;
  }
  // Every key is omitempty: an absent one is Go's zero value, as KAI's snapshot tool reads it.
  if (const Cursor period = params["schedulePeriod"]; period.present()) {
    if (const auto us = nanoseconds_us(period); us && *us > 0) {
      out.scheduler.period = SimDuration{*us};
    } else if (us) {
      period.error("a schedule period of at least a microsecond", period.describe());
    }
  } else {
    out.warnings.push_back("schedulerParams.schedulePeriod absent: the default period 1s is used");
  }
  out.scheduler.staleness_grace_us =
      nanoseconds_us(params["globalDefaultStalenessGracePeriod"]).value_or(0);
  if (!params["fullHierarchyFairness"].boolean(false)) {
    out.warnings.push_back(
        "fullHierarchyFairness is off in the snapshot: drasim divides fair shares over the full "
        "queue hierarchy (project-level fairness has no scenario switch yet)");
  }
  const std::string queue_label = params["queueLabelKey"].str();
  if (!queue_label.empty() && queue_label != "kai.scheduler/queue") {
    out.warnings.push_back(fmt::format(
        "queueLabelKey {} not carried: drasim reads a pod's queue from kai.scheduler/queue",
        quote(queue_label)));
  }
  const Cursor partition = params["partitionParams"];
  if (const std::string key = partition["NodePoolLabelKey"].str(); !key.empty()) {
    const std::string value = partition["NodePoolLabelValue"].str();
    if (!value.empty()) {
      out.warnings.push_back(fmt::format(
          "the snapshot is of node pool {}={}: its nodes, queues and PodGroups are that pool's, "
          "its pods are every pool's",
          quote(key), quote(value)));
    }
  }
}

/// Kubernetes minor versions whose DRA API and allocator drasim models.
constexpr int kFirstMinor = 34;
constexpr int kLastMinor = 37;

void decode_discovery(const Cursor& discovery, SnapshotSettings& out) {
  const Cursor version = discovery["serverVersion"];
  if (!version.present()) {
    out.warnings.push_back(
        "the snapshot names no Kubernetes version (no discovery.serverVersion): 1.35 is assumed");
    return;
  }
  const std::string major = version["major"].str();
  std::string minor = version["minor"].str();
  while (!minor.empty() && (minor.back() < '0' || minor.back() > '9')) {
    minor.pop_back();  // managed clusters write "28+"
  }
  if (major != "1" || minor.empty() || minor.size() > 3) {
    version["minor"].error("a Kubernetes 1.x version (major \"1\", minor such as \"35\")",
                           fmt::format("{}.{}", quote(major), quote(version["minor"].str())));
    return;
  }
  const int m = std::stoi(minor);
  const int used = std::clamp(m, kFirstMinor, kLastMinor);
  out.kubernetes_version = fmt::format("1.{}", used);
  if (used != m) {
    out.warnings.push_back(
        fmt::format("the cluster runs Kubernetes 1.{}; drasim models 1.{} to 1.{} and uses 1.{}", m,
                    kFirstMinor, kLastMinor, used));
  }
}

/// Whether the snapshot's rawObjects has `key` (null or not).
bool has_raw_key(const DocNode& root, std::string_view key) {
  const DocNode* raw = root.find("rawObjects");
  return raw != nullptr && raw->find(key) != nullptr;
}

/// Reads the KAI version range from the snapshot's shape (KAI's snapshot.go history) and picks
/// the newest profile it allows.
void version_hints(const DocNode& root, const SnapshotShape& shape, SnapshotSettings& out) {
  // The newest version the snapshot can be from, as a number (0.13 -> 13), and the evidence.
  int newest = 1000;
  const auto before = [&](int version, std::string evidence) {
    newest = std::min(newest, version);
    out.version_hints.push_back(std::move(evidence));
  };
  const auto since = [&](std::string evidence) {
    out.version_hints.push_back(std::move(evidence));
  };
  if (has_raw_key(root, "podDisruptionBudgets")) {
    before(8, "rawObjects.podDisruptionBudgets: written before KAI v0.7.8");
  }
  if (shape.beta_dra) {
    before(10, "DRA objects of resource.k8s.io/v1beta1: written before KAI v0.10.0");
  }
  if (root.find("discovery") == nullptr) {
    before(13, "no discovery: written before KAI v0.13.0");
  } else {
    since("discovery: written by KAI v0.13.0 or later");
  }
  if (!has_raw_key(root, "nodeResourceTopologies")) {
    before(16, "no rawObjects.nodeResourceTopologies: written before KAI v0.16.0");
  } else {
    since("rawObjects.nodeResourceTopologies: written by KAI v0.16.0 or later");
  }
  if (const DocNode* config = root.find("config");
      config != nullptr && config->kind == DocKind::kNull) {
    since("config: null: written by KAI v0.16.0 to v0.16.4 (KAI issue #1885)");
  }
  if (shape.containers && !shape.container_image) {
    since("pods without container images (KAI's pod transform): KAI v0.16.2 or later");
  }
  if (newest <= 13) {
    out.scheduler.profile = Profile::kKaiV012;
  } else if (newest <= 16) {
    out.scheduler.profile = Profile::kKaiV013;
  }
  out.version_hints.push_back(fmt::format(
      "profile {}: the newest drasim profile for that range{}", to_string(out.scheduler.profile),
      out.scheduler.profile == Profile::kKai
          ? " (KAI v0.16 and v0.17 snapshots look alike: use kai-v0.13 for a v0.16 scheduler)"
          : ""));
}

}  // namespace

SnapshotSettings decode_snapshot_settings(const Cursor& root, const SnapshotShape& shape) {
  SnapshotSettings out;
  decode_config(root["config"], out);
  decode_params(root["schedulerParams"], out);
  decode_discovery(root["discovery"], out);
  version_hints(*root.node(), shape, out);
  return out;
}

}  // namespace drasim::sim
