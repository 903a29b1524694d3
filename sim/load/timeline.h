#pragma once
/// The timeline of `spec.events[]` (PRODUCT.md section 2): the events as the Scenario document
/// writes them, and the steps the loader expands them into.
///
/// Most events become objects with a lifetime: an applied object appears at the event's time,
/// a deleted or replaced DeviceClass, ResourceSlice or DeviceTaintRule goes then
/// (`ObjectMeta::gone_us`), a DRA driver restart or a device fault replaces a node's slices by
/// new versions. What changes live state the objects cannot express (a node cordoned, drained,
/// removed or changed, a queue's quota, pods deleted, GPUs out of service) becomes a
/// TimelineStep the engine runs at its time. Node selectors are resolved at load time against
/// the nodes that exist at the event's time, so `drasim validate` reports a wave that selects
/// no node.

#include "model/k8s/kai_objects.h"
#include "model/k8s/node.h"
#include "model/k8s/object_meta.h"
#include "model/k8s/object_set.h"
#include "model/k8s/taint.h"
#include "sim/load/driver_shape.h"
#include "sim/load/sim_time.h"

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace drasim::sim {

/// The nodes an event acts on: `nodes: [names]` and/or `selector: {label: value}` (every label
/// must match). Resolved against the nodes present at the event's time, sorted by name.
struct NodeTarget {
  std::vector<std::string> names;
  model::StringMap labels;
  model::SourceRef source;
};

/// `apply:` one object, a list of objects, or `{file: path}` (relative to the scenario file):
/// the objects appear at the event's time; an object of an existing name replaces it.
struct ApplyEvent {
  model::ObjectSet objects;
  std::string file;  ///< `file:` as written (its objects are decoded into `objects` at load)
};

/// `delete: {kind, name, namespace}`.
struct DeleteEvent {
  std::string kind;
  std::string namespace_name;
  std::string name;
};

enum class NodeOp { kCordon, kUncordon, kDrain, kRemove };

/// `cordon:`, `uncordon:`, `drain: {gracePeriod}`, `removeNodes:`. A drain cordons the node and
/// evicts its pods (grace period: the event's, else each pod's own); removing a node deletes
/// its pods at once. Evicted pods with an owner are recreated and wait again.
struct NodeOpEvent {
  NodeOp op = NodeOp::kCordon;
  NodeTarget target;
  std::optional<SimDuration> grace;
};

/// `migrate:`: the selected nodes move from the device plugin to DRA, `batch_size` nodes every
/// `interval` (in name order, the first batch at the event's time). A migrated node stops
/// advertising `shape.resource` (its manifest loses it from allocatable and capacity and gains
/// the GPU Operator label `nvidia.com/gpu.deploy.device-plugin: "false"`) and its DRA driver
/// publishes ResourceSlices for as many devices. Without `drain` the switch happens at the
/// batch's time and running pods keep running (KAI charges them on the node as before); with
/// `drain` the node is cordoned and its pods evicted with `grace` first, and it switches and
/// is uncordoned when the grace period is over.
struct MigrateEvent {
  NodeTarget target;
  int64_t batch_size = 1;
  SimDuration interval;
  bool drain = false;
  SimDuration grace = SimDuration::seconds(30);
  DriverShape shape;
};

/// `driverRestart: {driver, downFor}`: the node's slices of that driver are deleted, then
/// republished with the next pool generation after `down_for`. Allocated claims keep their
/// devices; nothing new is allocated there meanwhile.
struct DriverRestartEvent {
  NodeTarget target;
  std::string driver;
  SimDuration down_for;
};

/// `deviceTaint: {driver, devices, key, value, effect}` (the driver taints the devices in its
/// slices; NoExecute evicts the pods using them) or `removeDevices: {driver, devices}` (the
/// devices leave the slices). Empty `devices`: every device of the driver on the node.
struct DeviceFaultEvent {
  NodeTarget target;
  std::string driver;
  std::vector<std::string> devices;
  std::optional<model::Taint> taint;  ///< nullopt: the devices are removed
};

struct TimelineEvent {
  SimTime at;
  model::SourceRef source;
  std::string path;  ///< `spec.events[i]`, for messages
  std::variant<ApplyEvent, DeleteEvent, NodeOpEvent, MigrateEvent, DriverRestartEvent,
               DeviceFaultEvent>
      what;
};

/// What the reports draw on the time axis for one event (one per wave of a migration): when it
/// happens, until when it lasts (a drain's grace period, a driver's downtime; `until` == `at`
/// for an instant), its kind and a line saying what it does to which nodes or objects.
/// Kinds: migration-wave, cordon, uncordon, drain, remove-nodes, driver-restart, device-taint,
/// remove-devices, apply, delete.
struct TimelineMark {
  SimTime at;
  SimTime until;
  std::string kind;
  std::string text;
};

/// One thing the engine does at a time (TimelineDue).
struct TimelineStep {
  enum class Kind {
    kCordon,       ///< `target` node: unschedulable; `gpus` of it are offline
    kUncordon,     ///< `target` node: schedulable again, nothing offline
    kDrain,        ///< `target` node: cordon and evict its pods with `grace`
    kRemoveNode,   ///< `target` node: its pods are deleted and it leaves the cluster
    kUpdateNode,   ///< `target` node takes `node` (labels, taints, allocatable, conditions)
    kUpdateQueue,  ///< `target` queue takes `queue`'s quota, limit, weight and priority
    kDeletePods,   ///< every replica of pod manifest `target` (namespace/name) is deleted
    kOfflineGpus,  ///< `target` node: `gpus` more (or fewer) GPUs out of service
  };
  SimTime at;
  Kind kind = Kind::kCordon;
  std::string target;
  std::optional<SimDuration> grace;  ///< kDrain: nullopt = each pod's own grace period
  std::shared_ptr<const model::Node> node;
  std::shared_ptr<const model::Queue> queue;
  int64_t gpus = 0;
  std::string message;  ///< the eviction message of kDrain / kRemoveNode / kDeletePods
  model::SourceRef source;
};

}  // namespace drasim::sim
