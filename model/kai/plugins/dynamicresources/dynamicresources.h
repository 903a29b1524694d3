#pragma once
/// The DynamicResources scheduler plugin for one pod attempt (dra-semantics.md section 6):
/// PreEnqueue and PreFilter once per attempt, Filter per node through the structured
/// allocator, and the allocations Reserve writes. KAI runs the same upstream plugin inside its
/// predicates and adds its own pre-filter rules (kai-scheduler-behavior.md section 6.1,
/// pkg/scheduler/plugins/dynamicresources/dynamicresources.go); `kai` selects them.

#include "model/cluster/cluster_state.h"
#include "model/dra/allocator.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace drasim::model {

class DynamicResources {
 public:
  /// Runs PreEnqueue and PreFilter for `pod` (of `job`) on the current state.
  DynamicResources(ClusterState& state, PodId pod, bool kai);

  /// The pod has no claims: the plugin does not apply (upstream PreFilter returns Skip).
  [[nodiscard]] bool skip() const { return skip_; }

  /// Non-empty when the pod cannot be scheduled on any node (a claim is missing, a class does
  /// not exist, a KAI pre-filter rule failed, or Filter returned an Error for some node).
  [[nodiscard]] const std::string& rejection() const { return rejection_; }

  using Verdict = FilterAnswerPtr;

  /// Filter on one node (never null). A fatal allocator error sets rejection() (the whole
  /// attempt fails).
  [[nodiscard]] Verdict filter(NodeId node);

  /// The remembered answer for this pod's claims on `node`, or null when there is none (or the
  /// pod's claims are not all fresh). Costs no allocator call.
  [[nodiscard]] Verdict remembered(NodeId node) const;
  /// The remembered answer on `node` when it is a rejection, else null; borrowed from the memo
  /// (DraFilterMemo::rejection), so a node scan pays no reference count for it.
  [[nodiscard]] const FilterAnswer* remembered_rejection(NodeId node) const;

  /// Whether every pod of the fit class gets the same answers (all claims fresh from templates;
  /// a KEP-5004 claim is fixed by the fit class too): the answers go through the memo. Never in
  /// the reference mode.
  [[nodiscard]] bool class_wide() const { return memo_class_.has_value(); }

  /// Allocated claims of the pod that Filter found unusable on some node (their allocation's
  /// node selector did not match), in pod order.
  [[nodiscard]] const std::vector<ClaimId>& unavailable_claims() const { return unavailable_; }

  /// kube-scheduler's PostFilter (section 6.5), run when no node passed Filter: the first
  /// unavailable claim that nobody but this pod reserves is deallocated so the next attempt can
  /// allocate it afresh. Returns the status message.
  std::string post_filter();

  /// The allocations for the pod's unallocated claims on `node` as KAI's allocate event makes
  /// them: one allocator call per claim, in `spec.resourceClaims` order (KAI passes a single
  /// claim to `Allocate`). Falls back to `joint` (Filter's result) if a claim alone finds
  /// nothing, so a pod that passed Filter always gets devices.
  [[nodiscard]] std::vector<AllocationResult> kai_allocations(const NodeInfo& node,
                                                              std::vector<AllocationResult> joint);

 private:
  void pre_enqueue_and_pre_filter(bool kai);
  [[nodiscard]] Verdict run_filter(const NodeInfo& node);

  ClusterState& state_;
  PodId pod_;
  /// Set when every claim of the pod is fresh: Filter answers go through the memo.
  std::optional<uint32_t> memo_class_;
  bool skip_ = false;
  bool bridge_ = false;  ///< the pod asks for extended resources the bridge may serve
  std::string rejection_;
  std::vector<const ResourceClaim*> to_allocate_;
  std::vector<const ResourceClaim*> allocated_;
  std::vector<ClaimId> allocated_ids_;  ///< parallel to allocated_
  std::vector<ClaimId> unavailable_;
  std::unique_ptr<dra::Allocator> allocator_;
};

}  // namespace drasim::model
