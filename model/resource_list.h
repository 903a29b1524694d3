#pragma once
/// A Kubernetes ResourceList: resource name to exact quantity, ordered by name.

#include <map>
#include <string>

#include "model/quantity.h"

namespace drasim::model {

using ResourceList = std::map<std::string, Quantity>;

}  // namespace drasim::model
