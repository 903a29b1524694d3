// Decoder for the timeline events of the Scenario document.
#include "sim/load/decode_events.h"

#include "sim/load/decode_common.h"
#include "sim/load/object_dispatch.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

namespace drasim::sim {
namespace {

constexpr std::array<std::string_view, 12> kEventKeys = {
    "apply",   "delete",        "cordon",      "uncordon",      "drain",       "removeNodes",
    "migrate", "driverRestart", "deviceTaint", "removeDevices", "binderFault", "deviceCondition"};

/// Reports every key of `c` not in `allowed`.
void only_keys(const Cursor& c, std::initializer_list<std::string_view> allowed) {
  for (const auto& [key, value] : c.entries()) {
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      value.error(fmt::format("one of {}", fmt::join(allowed, ", ")), quote(key));
    }
  }
}

NodeTarget decode_target(const Cursor& c, uint32_t file_index) {
  NodeTarget t;
  t.source = source_of(c, file_index);
  t.names = c["nodes"].string_list();
  t.labels = c["selector"].string_map();
  if (t.names.empty() && t.labels.empty()) {
    c.error("nodes: [names] or selector: {label: value}");
  }
  return t;
}

/// `{at: 10m, binderFault: {count: 2, for: 5m, probability: 0.5, leaveClaim: 30s}}`.
BinderFault decode_binder_fault(const Cursor& b, SimTime at, model::SourceRef source) {
  BinderFault f;
  f.at = at;
  f.source = source;
  b.expect_map();
  only_keys(b, {"count", "probability", "for", "leaveClaim"});
  if (const auto window = b["for"].duration()) {
    f.window = *window;
  }
  if (const auto count = b["count"].integer("a count of at least 1")) {
    if (*count < 1) {
      b["count"].error("a count of at least 1", std::to_string(*count));
    } else {
      f.count = *count;
    }
  }
  if (const auto p = b["probability"].number("a probability in (0, 1]")) {
    if (!(*p > 0 && *p <= 1)) {
      b["probability"].error("a probability in (0, 1]", b["probability"].str());
    } else {
      f.probability = *p;
    }
  }
  if (const auto leave = b["leaveClaim"].duration()) {
    f.leave_claim = *leave;
  }
  return f;
}

/// `{at: 1m, deviceCondition: {driver: fabric.example.com, pool: node-a, devices: [gpu-0],
/// type: Attached, status: "True", after: 30s}}`.
DeviceConditionEvent decode_device_condition(const Cursor& c, SimTime at, model::SourceRef source) {
  DeviceConditionEvent e;
  e.at = at;
  e.source = source;
  c.expect_map();
  only_keys(c, {"driver", "pool", "devices", "type", "status", "after"});
  e.driver = c["driver"].required_str("a DRA driver name such as gpu.nvidia.com");
  e.pool = c["pool"].str();
  e.devices = c["devices"].string_list();
  e.type = c["type"].required_str("a condition type such as Attached");
  e.status = c["status"].one_of<std::string>(
      {{"True", "True"}, {"False", "False"}, {"Unknown", "Unknown"}}, "True");
  if (const auto after = c["after"].duration()) {
    e.after = *after;
  }
  return e;
}

/// One object (a mapping with `kind`), a list of objects, or `{file: path}`.
ApplyEvent decode_apply(const Cursor& c, uint32_t file_index) {
  ApplyEvent a;
  if (c.is_sequence()) {
    for (const Cursor& item : c.items()) {
      decode_applied(item, file_index, a.objects);
    }
  } else if (c.is_map() && c["file"].present()) {
    only_keys(c, {"file"});
    a.file = c["file"].required_str("a YAML file path, relative to the scenario file");
  } else if (c.is_map()) {
    decode_applied(c, file_index, a.objects);
  } else {
    c.error("an object, a list of objects, or {file: path}");
  }
  return a;
}

DeleteEvent decode_delete(const Cursor& c) {
  DeleteEvent d;
  c.expect_map();
  only_keys(c, {"kind", "name", "namespace"});
  d.kind = c["kind"].one_of<std::string>({{"Node", "Node"},
                                          {"Pod", "Pod"},
                                          {"DeviceClass", "DeviceClass"},
                                          {"ResourceSlice", "ResourceSlice"},
                                          {"DeviceTaintRule", "DeviceTaintRule"}},
                                         "");
  if (!c["kind"].present()) {
    c["kind"].error("one of Node, Pod, DeviceClass, ResourceSlice, DeviceTaintRule");
  }
  d.name = c["name"].required_str("the object's name");
  d.namespace_name = c["namespace"].str();
  if (d.kind == "Pod" && d.namespace_name.empty()) {
    d.namespace_name = "default";
  }
  return d;
}

NodeOpEvent decode_node_op(const Cursor& c, uint32_t file_index, NodeOp op) {
  NodeOpEvent e;
  e.op = op;
  c.expect_map();
  if (op == NodeOp::kDrain) {
    only_keys(c, {"nodes", "selector", "gracePeriod"});
    e.grace = c["gracePeriod"].duration();
  } else {
    only_keys(c, {"nodes", "selector"});
  }
  e.target = decode_target(c, file_index);
  return e;
}

MigrateEvent decode_migrate(const Cursor& c, uint32_t file_index) {
  MigrateEvent m;
  c.expect_map();
  only_keys(c, {"nodes", "selector", "batchSize", "interval", "drain", "gracePeriod", "driver"});
  m.target = decode_target(c, file_index);
  if (const auto n = c["batchSize"].integer("a batch size of at least 1")) {
    if (*n < 1) {
      c["batchSize"].error("a batch size of at least 1", std::to_string(*n));
    } else {
      m.batch_size = *n;
    }
  }
  if (const auto d = c["interval"].duration()) {
    m.interval = *d;
  }
  m.drain = c["drain"].boolean(false);
  if (const auto g = c["gracePeriod"].duration()) {
    m.grace = *g;
  }
  if (!c["driver"].present()) {
    c["driver"].error("the DRA driver shape to publish ({name: gpu.nvidia.com, ...})");
  } else {
    m.shape = decode_driver_shape(c["driver"], file_index);
  }
  return m;
}

DriverRestartEvent decode_driver_restart(const Cursor& c, uint32_t file_index) {
  DriverRestartEvent e;
  c.expect_map();
  only_keys(c, {"nodes", "selector", "driver", "downFor"});
  e.target = decode_target(c, file_index);
  e.driver = c["driver"].required_str("a DRA driver name such as gpu.nvidia.com");
  if (const auto d = c["downFor"].duration()) {
    e.down_for = *d;
  } else if (!c["downFor"].present()) {
    c["downFor"].error("how long the driver is down, such as 2m");
  }
  return e;
}

DeviceFaultEvent decode_device_fault(const Cursor& c, uint32_t file_index, bool taint) {
  DeviceFaultEvent e;
  c.expect_map();
  if (taint) {
    only_keys(c, {"nodes", "selector", "driver", "devices", "key", "value", "effect"});
  } else {
    only_keys(c, {"nodes", "selector", "driver", "devices"});
  }
  e.target = decode_target(c, file_index);
  e.driver = c["driver"].required_str("a DRA driver name such as gpu.nvidia.com");
  e.devices = c["devices"].string_list();
  if (taint) {
    // A device taint has the shape of a node taint (key, value, effect); its effect is
    // NoSchedule or NoExecute (None only marks a device, which no event needs).
    e.taint = decode_taint(c, false);
  }
  return e;
}

}  // namespace

void decode_event(const Cursor& c, uint32_t file_index, Scenario& out) {
  c.expect_map();
  const model::SourceRef source = source_of(c, file_index);
  SimTime at;
  if (const auto d = c["at"].duration()) {
    at = SimTime{d->us};
  } else if (!c["at"].present()) {
    c["at"].error("a time such as 10m");
  }
  std::string found;
  int kinds = 0;
  for (const auto& [key, value] : c.entries()) {
    if (key == "at") {
      continue;
    }
    if (std::find(kEventKeys.begin(), kEventKeys.end(), key) == kEventKeys.end()) {
      value.error(fmt::format("an event: one of {}", fmt::join(kEventKeys, ", ")), quote(key));
      continue;
    }
    ++kinds;
    found = key;
  }
  if (kinds != 1) {
    c.error(fmt::format("exactly one event: one of {}", fmt::join(kEventKeys, ", ")),
            kinds == 0 ? "none" : "several");
    return;
  }
  const Cursor e = c[found];
  TimelineEvent event{at, source, c.path(), ApplyEvent{}};
  if (found == "binderFault") {
    out.binder_faults.push_back(decode_binder_fault(e, at, source));
    return;
  }
  if (found == "deviceCondition") {
    out.device_conditions.push_back(decode_device_condition(e, at, source));
    out.device_conditions.back().path = e.path();
    return;
  }
  if (found == "apply") {
    event.what = decode_apply(e, file_index);
  } else if (found == "delete") {
    event.what = decode_delete(e);
  } else if (found == "cordon") {
    event.what = decode_node_op(e, file_index, NodeOp::kCordon);
  } else if (found == "uncordon") {
    event.what = decode_node_op(e, file_index, NodeOp::kUncordon);
  } else if (found == "drain") {
    event.what = decode_node_op(e, file_index, NodeOp::kDrain);
  } else if (found == "removeNodes") {
    event.what = decode_node_op(e, file_index, NodeOp::kRemove);
  } else if (found == "migrate") {
    event.what = decode_migrate(e, file_index);
  } else if (found == "driverRestart") {
    event.what = decode_driver_restart(e, file_index);
  } else if (found == "deviceTaint") {
    event.what = decode_device_fault(e, file_index, true);
  } else {
    event.what = decode_device_fault(e, file_index, false);
  }
  out.events.push_back(std::move(event));
}

}  // namespace drasim::sim
