// DRA feature gates per release and their resolution (dra-semantics.md section 1.1).
#include "model/dra/feature_gates.h"

#include <doctest/doctest.h>

namespace drasim::model::dra {
namespace {

TEST_CASE("release defaults: 1.35 has prioritized lists and admin access, 1.36 adds the betas") {
  const DraFeatures f35 = resolve_features(35, {}, false);
  // 1.35: DRAPrioritizedList and DRAAdminAccess beta on; partitionable, consumable capacity,
  // device taints, binding conditions and the extended-resource bridge alpha off.
  CHECK(f35.prioritized_list);
  CHECK(f35.admin_access);
  CHECK_FALSE(f35.partitionable_devices);
  CHECK_FALSE(f35.consumable_capacity);
  CHECK_FALSE(f35.device_taints);
  CHECK_FALSE(f35.device_binding_and_status);
  CHECK_FALSE(f35.extended_resource);
  const DraFeatures f36 = resolve_features(36, {}, false);
  // 1.36: all of those are beta and on, but DRADeviceTaintRules stays off by default.
  CHECK(f36.partitionable_devices);
  CHECK(f36.consumable_capacity);
  CHECK(f36.device_taints);
  CHECK_FALSE(f36.device_taint_rules);
  CHECK(f36.device_binding_and_status);
  CHECK(f36.extended_resource);
  CHECK(f36.minor == 36);
  // 1.37 turns the DeviceTaintRule API on (GA).
  CHECK(resolve_features(37, {}, false).device_taint_rules);
}

TEST_CASE("KAI turns every optional allocator feature off unless the scenario turns it on") {
  // KAI builds its allocator with structured.Features{} (kai-scheduler-behavior.md 6.1).
  const DraFeatures kai = resolve_features(36, {}, true);
  CHECK_FALSE(kai.prioritized_list);
  CHECK_FALSE(kai.admin_access);
  CHECK_FALSE(kai.partitionable_devices);
  CHECK_FALSE(kai.device_taints);
  // The bridge follows the gate: on by default in 1.36.
  CHECK(kai.extended_resource);
  const DraFeatures on = resolve_features(35, {{"DRAPartitionableDevices", true}}, true);
  CHECK(on.partitionable_devices);
  CHECK_FALSE(on.consumable_capacity);
}

TEST_CASE("binding conditions need both gates, 1.34 rules come with device taints") {
  // The allocator sees DRADeviceBindingConditions && DRAResourceClaimDeviceStatus as one flag.
  CHECK_FALSE(resolve_features(36, {{"DRAResourceClaimDeviceStatus", false}}, false)
                  .device_binding_and_status);
  // 1.34 has no DRADeviceTaintRules gate: rules follow DRADeviceTaints.
  CHECK(resolve_features(34, {{"DRADeviceTaints", true}}, false).device_taint_rules);
}

TEST_CASE("gates that do not exist or are locked in a release are rejected") {
  CHECK(gate_problem(35, "DRAPartitionableDevices", true) == std::nullopt);
  // DRAListTypeAttributes first appears in 1.36.
  CHECK(gate_problem(35, "DRAListTypeAttributes", true).has_value());
  CHECK(gate_problem(36, "DRAListTypeAttributes", true) == std::nullopt);
  // GA gates are locked to their default: DRAAdminAccess from 1.36, core DRA from 1.35.
  CHECK(gate_problem(36, "DRAAdminAccess", false).has_value());
  CHECK(gate_problem(36, "DRAAdminAccess", true) == std::nullopt);
  CHECK(gate_problem(35, "DynamicResourceAllocation", false).has_value());
  CHECK(gate_problem(34, "DynamicResourceAllocation", false) == std::nullopt);
  CHECK_FALSE(dra_enabled(34, {{"DynamicResourceAllocation", false}}));
  CHECK(gate_problem(35, "NoSuchGate", true).has_value());
}

}  // namespace
}  // namespace drasim::model::dra
