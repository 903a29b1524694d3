#pragma once
/// The implicit-tolerations plugin (KEP-5282 draft, dra-semantics.md section 7), shared by the
/// kai and kube-scheduler profiles. Configured rules look at a pod, its ResourceClaims and their
/// DeviceClasses and imply tolerations on the pod's behalf. drasim models the draft's `enqueue`
/// mode: the implied tolerations are the union over every alternative a claim offers, decided
/// before the node filters run, and only the TaintToleration filter sees them (the pod object,
/// its scoring and device taints are untouched).
///
/// Selector semantics where the draft is silent (drasim's choices):
/// - ExtendedResource: some container or init container requests one of `resource_names` with
///   a quantity above zero (names compared as written, so the implicit
///   `deviceclass.resource.kubernetes.io/<class>` names work too).
/// - DeviceClass: some request (`exactly`) or subrequest (`firstAvailable`) of one of the pod's
///   claims names one of `device_class_names`.
/// - Device: some published device a request or subrequest could be allocated from (it
///   satisfies the class's selectors and the request's selectors; a CEL error means no match)
///   has the prototype's driver and every prototype attribute, compared as text (`int`, `bool`,
///   `string`, `version` alike). Bare attribute names are qualified with the prototype's driver,
///   as device attributes are with the slice's driver.
/// - CEL: the expression is true over `pod`, `claims` (the pod's resolved claims, in
///   `spec.resourceClaims` order) and `deviceClasses` (the existing classes those claims name,
///   by name). Objects are Kubernetes-shaped maps; absent fields are absent, as in the API (use
///   `has()`). A runtime error, a non-bool result or exceeding the cost limit means the rule
///   does not apply.

#include "model/cel/cel.h"
#include "model/cluster/cluster_state.h"
#include "model/k8s/object_set.h"
#include "model/k8s/taint.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace drasim::model {

/// One configured rule (`spec.scheduler.implicitTolerations[]`).
struct ImplicitTolerationRule {
  enum class Type { kExtendedResource, kDeviceClass, kDevice, kCel };

  struct DevicePrototype {
    std::string driver;
    std::map<std::string, std::string> attributes;  ///< attribute -> value text

    friend bool operator==(const DevicePrototype&, const DevicePrototype&) = default;
  };

  std::string name;
  Type type = Type::kExtendedResource;
  std::vector<std::string> resource_names;
  std::vector<std::string> device_class_names;
  std::vector<DevicePrototype> device_prototypes;
  std::string expression;
  SourceRef expression_source;  ///< where the CEL expression was written (load-time errors)
  Toleration toleration;

  friend bool operator==(const ImplicitTolerationRule&, const ImplicitTolerationRule&) = default;
};

/// Cost limit of a CEL rule, estimated at load time and spent at run time (the DRA selector
/// limit: the rules are written by the same administrators, against objects of the same size).
inline constexpr uint64_t kImplicitTolerationMaxCost = cel::kSelectorMaxCost;

/// The CEL environment of rules: `pod` (dyn), `claims` and `deviceClasses` (list(dyn)).
cel::Environment implicit_toleration_environment();

/// Load-time check of a CEL rule: compiles it (bool result) and checks its estimated cost when
/// the estimate is bounded (comprehensions over the dyn inputs are not; the runtime limit
/// applies to them).
/// Returns the error, or nullopt when the expression is usable.
std::optional<cel::CompileError> validate_toleration_expression(std::string_view expression);

/// The rules with their CEL programs compiled once.
class ImplicitTolerations {
 public:
  /// Throws InternalError if a CEL rule does not compile (the loader rejected those already).
  explicit ImplicitTolerations(std::vector<ImplicitTolerationRule> rules);

  [[nodiscard]] bool empty() const { return rules_.empty(); }

  [[nodiscard]] const std::vector<ImplicitTolerationRule>& rules() const { return rules_; }

  /// The tolerations the rules imply for `pod` with the current inventory, in rule order
  /// (one per applying rule). Claims that cannot be resolved are left out.
  [[nodiscard]] std::vector<ImpliedToleration> for_pod(const ObjectSet& objects,
                                                       const ClusterState& state, PodId pod) const;

 private:
  [[nodiscard]] bool applies(size_t rule, const ObjectSet& objects, const ClusterState& state,
                             PodId pod) const;

  std::vector<ImplicitTolerationRule> rules_;
  std::vector<std::shared_ptr<const cel::Program>> programs_;  ///< per rule; null unless CEL
};

/// Evaluates the rules for every pod that is not placed or finished and stores the result on
/// the pod's template, splitting a template when its replicas get different tolerations (a CEL
/// rule may read names that differ per replica), then recomputes the template classes and the
/// pending index. Does nothing without rules.
///
/// Why the filter cache (task_filter_cache.h) stays exact: its verdicts depend on a template's
/// tolerations, implied tolerations, nodeSelector and affinity only through `placement_class`,
/// and the implied tolerations are part of the placement key (template_classes.cpp). Every pod
/// of a template carries exactly the implied tolerations computed for it, because pods whose
/// results differ are moved to separate templates here. The rules read the pod, its claims'
/// specs and the inventory; the inventory only changes in rebuild_inventory, after which the
/// engine calls this again, so no stale result survives into a cycle.
void apply_implicit_tolerations(const ImplicitTolerations& rules, const ObjectSet& objects,
                                ClusterState& state);

/// `tolerations` followed by the implied ones (what the TaintToleration filter checks).
std::vector<Toleration> filter_tolerations(const PodTemplate& t);

}  // namespace drasim::model
