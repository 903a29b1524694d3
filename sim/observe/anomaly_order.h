#pragma once
/// The report order of anomalies (PRODUCT.md section 5): by time, then node, kind, queue, pod and
/// resource. Anomalies equal in all of these keep the order they were seen in.

#include "model/cluster/anomaly.h"

#include <vector>

namespace drasim::sim {

/// Whether `a` comes before `b` in the report.
bool anomaly_before(const model::Anomaly& a, const model::Anomaly& b);

/// Sorts into report order (stable).
void sort_anomalies(std::vector<model::Anomaly>& anomalies);

}  // namespace drasim::sim
