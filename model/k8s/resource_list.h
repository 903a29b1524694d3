#pragma once
/// A Kubernetes ResourceList: resource name to exact quantity, ordered by name.

#include "model/k8s/quantity.h"

#include <map>
#include <string>

namespace drasim::model {

using ResourceList = std::map<std::string, Quantity>;

}  // namespace drasim::model
