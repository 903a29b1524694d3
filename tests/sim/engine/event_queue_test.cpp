// Event ordering: (time, phase, sequence). The phase order is part of the contract (README,
// sim/engine/event_queue.h): finished pods, evicted pods gone, leftover claims deleted, nodes
// appearing, DRA objects appearing or going, timeline steps, drivers' device conditions (one-shot
// and per pod), claims appearing, binds done, binding polls, submissions, wake-ups, cycle, checks,
// horizon.
#include "sim/engine/event_queue.h"

#include <doctest/doctest.h>

namespace drasim::sim {
namespace {

size_t phase_of(const QueuedEvent& e) {
  return e.event.index();
}

TEST_CASE("events at the same time run in phase order whatever order they were scheduled in") {
  EventQueue q;
  q.schedule(SimTime{5}, HorizonReached{});
  q.schedule(SimTime{5}, CycleDue{});
  q.schedule(SimTime{5}, PodSubmitted{model::PodId(1)});
  q.schedule(SimTime{5}, BindDone{model::PodId(2)});
  q.schedule(SimTime{5}, WakeUp{});
  q.schedule(SimTime{5}, EvictionDone{model::PodId(5)});
  q.schedule(SimTime{5}, PodFinished{model::PodId(3)});
  q.schedule(SimTime{5}, ClaimAppears{model::ClaimId(0)});
  q.schedule(SimTime{5}, DraObjectsAppear{});
  q.schedule(SimTime{5}, NodeAppears{model::NodeId(4)});
  q.schedule(SimTime{5}, ExpectationDue{0});
  q.schedule(SimTime{5}, ClaimDeleted{model::PodId(6)});
  q.schedule(SimTime{5}, TimelineDue{0});
  q.schedule(SimTime{5}, BindingPoll{model::PodId(7)});
  q.schedule(SimTime{5}, DeviceConditionSet{0, model::PodId(8)});
  q.schedule(SimTime{5}, DeviceConditionDue{0});
  // Variant indexes are the phases: 0 finished, 1 eviction done, 2 leftover claim deleted,
  // 3 node, 4 DRA objects, 5 timeline step, 6 device condition, 7 device condition of a pod,
  // 8 claim, 9 bind, 10 binding poll, 11 submit, 12 wake-up, 13 cycle, 14 check, 15 horizon.
  // A condition a driver writes at an instant is seen by a binding poll then. Pods leave before the
  // cluster changes (a drained node is empty when its migration step runs), a migrated node's
  // slices exist before its step drops the device-plugin GPUs (no instant with neither), a slice or
  // claim that appears at a cycle's instant is seen by that cycle, a pod submitted then finds its
  // claims, and capacity an evicted pod or a deleted claim frees is free for that cycle.
  for (size_t expected = 0; expected < 16; ++expected) {
    CHECK(phase_of(q.pop()) == expected);
  }
  CHECK(q.empty());
}

TEST_CASE("earlier events come first even when scheduled later") {
  EventQueue q;
  q.schedule(SimTime{10}, NodeAppears{model::NodeId(0)});
  q.schedule(SimTime{3}, HorizonReached{});
  CHECK(q.pop().at == SimTime{3});
  CHECK(q.pop().at == SimTime{10});
}

TEST_CASE("events of one phase at one time keep the order they were scheduled in") {
  EventQueue q;
  for (uint32_t i = 0; i < 5; ++i) {
    q.schedule(SimTime{7}, PodSubmitted{model::PodId(10 - i)});
  }
  // Submitted 10, 9, 8, 7, 6: sequence numbers keep that order.
  for (uint32_t i = 0; i < 5; ++i) {
    CHECK(std::get<PodSubmitted>(q.pop().event).pod == model::PodId(10 - i));
  }
}

}  // namespace
}  // namespace drasim::sim
