#pragma once
// The random scenario generator: from one seed, a small but valid scenario (nodes of both kinds,
// queues, jobs of every shape the KAI scheduler handles, a timeline of node and driver events).
// Its parts live in cluster_gen.cpp, workload_gen.cpp and timeline_gen.cpp; run() calls them in
// a fixed order, since every draw from the one engine shifts all that follow.
#include "tests/stress/rng.h"
#include "tests/stress/scenario.h"
#include <cstdint>
#include <optional>
#include <string>

namespace drasim::stress {

class Generator {
 public:
  Generator(uint64_t seed, Scenario& s) : rng_(seed), s_(s) { s_.seed = seed; }

  void run() {
    settings();
    nodes();
    queues();
    prebound_pods();
    jobs();
    events();
  }

 private:
  // --- the cluster (cluster_gen.cpp) -----------------------------------------------------

  void settings();
  void nodes();
  void queues();

  // --- the workload (workload_gen.cpp) ---------------------------------------------------

  const QueueInfo& leaf_queue();
  std::string priority_class();
  std::optional<int> grace();
  /// Arrivals: many at once at 0, the rest spread over the first three quarters of the run.
  int arrival();
  std::optional<int> runtime();
  /// Pods already running on a node at time 0, sized to fit what is left of it.
  void prebound_pods();
  GpuAsk gpu_ask(bool allow_claim);
  /// The device part of a pod: whole GPUs, a share of one, GPU memory, or a DRA claim.
  void devices(PodInfo& p, GpuAsk ask);
  /// The fields every pending pod draws the same way.
  PodInfo pending_pod(std::string name, int replicas, int at_s);
  /// A pod of its own (its own one-pod job, or a few bare replicas of it).
  void single_job(int index, int budget);
  /// A PodGroup with `replicas` pods: a gang when min_member == replicas, elastic otherwise.
  void group_job(int index, int replicas, int min_member);
  /// An elastic PodGroup with two leaf subgroups of 1 to 3 pods (minMember 0 to their size),
  /// sometimes both under one parent subgroup, sometimes needing only one of them
  /// (minSubGroup 1).
  void subgroup_job(int index, int budget);
  /// Two or three pods sharing one named ResourceClaim (one GPU) of their queue.
  void shared_claim_job(int index, int replicas);
  void jobs();

  // --- the timeline (timeline_gen.cpp) ---------------------------------------------------

  int event_time();
  NodeInfo* untouched_node(bool dra);
  void add_event(int at_s, const std::string& body);
  void cordon_event();
  void drain_event();
  /// The driver's slices on a DRA node go away and come back with the next pool generation.
  void driver_restart_event();
  void device_taint_event();
  /// One device-plugin node switches to DRA in a single wave, drained first or not.
  void migrate_event();
  void binder_fault_event();
  /// The driver of nodes with binding conditions: it attaches devices some seconds after their
  /// bind starts waiting (a standing deviceCondition), or fails one node's attachments once.
  void attach_event();
  /// Deletes every replica of a pod manifest that has arrived by then (its owner recreates
  /// placed pods of a PodGroup).
  void delete_pod_event();
  void events();

  Rng rng_;
  Scenario& s_;
};

}  // namespace drasim::stress
