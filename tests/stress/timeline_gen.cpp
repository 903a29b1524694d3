// The timeline of a generated scenario: node events (cordon, drain, migrate to DRA), driver
// events (driverRestart, deviceTaint), binder faults and pod deletions, written as YAML.
#include <fmt/format.h>

#include "tests/stress/generator.h"
#include <algorithm>
#include <string>
#include <vector>

namespace drasim::stress {

int Generator::event_time() {
  return rng_.between(2, (s_.settings.horizon_s - 10) / 5) * 5;
}

NodeInfo* Generator::untouched_node(bool dra) {
  std::vector<NodeInfo*> fit;
  for (NodeInfo& n : s_.nodes) {
    if (n.dra == dra && !n.slices_touched) {
      fit.push_back(&n);
    }
  }
  return fit.empty() ? nullptr : rng_.pick(fit);
}

void Generator::add_event(int at_s, const std::string& body) {
  s_.events.push_back(fmt::format("  - at: {}s\n    {}\n", at_s, body));
}

void Generator::cordon_event() {
  const NodeInfo& n = rng_.pick(s_.nodes);
  const int at = event_time();
  add_event(at, fmt::format("cordon: {{nodes: [{}]}}", n.name));
  if (rng_.chance(0.6) && at + 10 < s_.settings.horizon_s) {
    const int back = rng_.between((at + 5) / 5, (s_.settings.horizon_s - 5) / 5) * 5;
    add_event(back, fmt::format("uncordon: {{nodes: [{}]}}", n.name));
  }
}

void Generator::drain_event() {
  const NodeInfo& n = rng_.pick(s_.nodes);
  const size_t grace = rng_.weighted({2, 2, 1, 1});
  static const std::vector<std::string> kGrace = {"", ", gracePeriod: 0s", ", gracePeriod: 10s",
                                                  ", gracePeriod: 30s"};
  add_event(event_time(), fmt::format("drain: {{nodes: [{}]{}}}", n.name, kGrace[grace]));
}

void Generator::driver_restart_event() {
  NodeInfo* n = untouched_node(true);
  if (n == nullptr) {
    return;
  }
  n->slices_touched = true;
  const int at = event_time();
  const int down = std::min(rng_.between(1, 12) * 5, std::max(5, s_.settings.horizon_s - at));
  add_event(at, fmt::format("driverRestart: {{nodes: [{}], driver: {}, downFor: {}s}}", n->name,
                            kDriver, down));
}

void Generator::device_taint_event() {
  NodeInfo* n = untouched_node(true);
  if (n == nullptr) {
    return;
  }
  n->slices_touched = true;
  s_.settings.taint_gate = true;
  const std::string devices =
      rng_.chance(0.5) ? fmt::format(", devices: [gpu-{}]", rng_.between(0, n->gpus - 1)) : "";
  const std::string effect = rng_.chance(0.5) ? "NoExecute" : "NoSchedule";
  add_event(event_time(),
            fmt::format("deviceTaint: {{nodes: [{}], driver: {}{}, key: health, value: xid-79, "
                        "effect: {}}}",
                        n->name, kDriver, devices, effect));
}

void Generator::migrate_event() {
  NodeInfo* n = untouched_node(false);
  if (n == nullptr) {
    return;
  }
  const bool drain = rng_.chance(0.5);
  const int grace = drain ? rng_.pick(std::vector<int>{0, 10, 30}) : 0;
  const int at = event_time();
  if (at + grace > s_.settings.horizon_s) {
    return;
  }
  n->slices_touched = true;
  s_.migrates = true;
  const std::string how =
      drain ? fmt::format("drain: true, gracePeriod: {}s", grace) : "drain: false";
  add_event(at, fmt::format("migrate: {{nodes: [{}], batchSize: 1, {}, driver: {{name: {}}}}}",
                            n->name, how, kDriver));
}

void Generator::binder_fault_event() {
  const std::string leave = rng_.chance(0.5) ? ", leaveClaim: 10s" : "";
  // One draw per statement: the order of draws inside one call's arguments is unspecified.
  const int at = event_time();
  const int count = rng_.between(1, 3);
  add_event(at,
            fmt::format("binderFault: {{count: {}, for: 60s, probability: 0.5{}}}", count, leave));
}

void Generator::attach_event() {
  std::vector<const NodeInfo*> attach;
  for (const NodeInfo& n : s_.nodes) {
    if (n.attach) {
      attach.push_back(&n);
    }
  }
  if (attach.empty()) {
    return;
  }
  const int at = event_time();
  if (rng_.chance(0.7)) {
    const int after = rng_.pick(std::vector<int>{0, 3, 12, 40});
    add_event(at, fmt::format("deviceCondition: {{driver: {}, type: Attached, after: {}s}}",
                              kDriver, after));
  } else {
    add_event(at, fmt::format("deviceCondition: {{driver: {}, pool: {}, type: AttachFailed}}",
                              kDriver, rng_.pick(attach)->name));
  }
}

void Generator::delete_pod_event() {
  const int at = event_time();
  std::vector<const PodInfo*> arrived;
  for (const PodInfo& p : s_.pods) {
    if (p.at_s <= at) {
      arrived.push_back(&p);
    }
  }
  if (!arrived.empty()) {
    add_event(at, fmt::format("delete: {{kind: Pod, name: {}}}", rng_.pick(arrived)->name));
  }
}

void Generator::events() {
  const int count = rng_.between(0, 4);
  bool binder_fault = false;
  for (int i = 0; i < count; ++i) {
    switch (rng_.weighted({3, 3, 2, 1, 1, 1, 1, 2})) {
      case 0:
        cordon_event();
        break;
      case 1:
        drain_event();
        break;
      case 2:
        driver_restart_event();
        break;
      case 3:
        device_taint_event();
        break;
      case 4:
        migrate_event();
        break;
      case 5:
        if (!binder_fault) {
          binder_fault_event();
          binder_fault = true;
        }
        break;
      case 6:
        delete_pod_event();
        break;
      default:
        attach_event();
        break;
    }
  }
}

}  // namespace drasim::stress
