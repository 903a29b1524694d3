#include "model/k8s/workload.h"

namespace drasim::model {

const char* kind_name(WorkloadKind kind) {
  switch (kind) {
    case WorkloadKind::kDeployment:
      return "Deployment";
    case WorkloadKind::kReplicaSet:
      return "ReplicaSet";
    case WorkloadKind::kStatefulSet:
      return "StatefulSet";
    case WorkloadKind::kJob:
      return "Job";
    case WorkloadKind::kJobSet:
      return "JobSet";
    case WorkloadKind::kPyTorchJob:
      return "PyTorchJob";
    case WorkloadKind::kMPIJob:
      return "MPIJob";
  }
  return "?";
}

}  // namespace drasim::model
