#include "model/kai/api/podgrouper.h"

#include "model/k8s/builtin_priorities.h"

namespace drasim::model {

int64_t priority_value(const std::string& class_name, const ObjectSet& objects) {
  if (!class_name.empty()) {
    for (const PriorityClass& pc : objects.priority_classes) {
      if (pc.meta.name == class_name) {
        return pc.value;
      }
    }
    if (const auto builtin = builtin_priority(class_name)) {
      return *builtin;
    }
  }
  for (const PriorityClass& pc : objects.priority_classes) {
    if (pc.global_default) {
      return pc.value;
    }
  }
  return 50;
}

int64_t kube_pod_priority(const Pod& pod, const ObjectSet& objects) {
  if (pod.spec.priority) {
    return *pod.spec.priority;
  }
  if (!pod.spec.priority_class_name.empty()) {
    return priority_value(pod.spec.priority_class_name, objects);
  }
  for (const PriorityClass& pc : objects.priority_classes) {
    if (pc.global_default) {
      return pc.value;
    }
  }
  return 0;
}

std::string podgrouper_queue(const Pod& pod, const ObjectSet& objects) {
  static const std::string kEmpty;
  for (const char* key : {"kai.scheduler/queue", "runai/queue"}) {
    const std::string& q = lookup(pod.meta.labels, key, kEmpty);
    if (!q.empty()) {
      return q;
    }
  }
  for (const Namespace& ns : objects.namespaces) {
    if (ns.meta.name == pod.meta.namespace_name) {
      const std::string& q = lookup(ns.meta.labels, "kai.scheduler/queue", kEmpty);
      if (!q.empty()) {
        return q;
      }
    }
  }
  return "default-queue";
}

std::string bare_pod_priority_class(const Pod& pod) {
  const auto label = pod.meta.labels.find("priorityClassName");
  if (label != pod.meta.labels.end() && !label->second.empty()) {
    return label->second;
  }
  if (!pod.spec.priority_class_name.empty()) {
    return pod.spec.priority_class_name;
  }
  return "train";
}

bool is_preemptible(Preemptibility explicit_value, const StringMap& labels, int64_t priority) {
  switch (explicit_value) {
    case Preemptibility::kPreemptible:
      return true;
    case Preemptibility::kNonPreemptible:
      return false;
    case Preemptibility::kUnset:
      break;
  }
  const auto label = labels.find("kai.scheduler/preemptibility");
  if (label != labels.end()) {
    if (label->second == "preemptible") {
      return true;
    }
    if (label->second == "non-preemptible") {
      return false;
    }
  }
  return priority < 100;
}

}  // namespace drasim::model
