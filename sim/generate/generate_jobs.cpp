// The objects of one generated job: pods (with a Job owner), a PodGroup for gangs, and a
// ResourceClaimTemplate for the claimTemplate request style.
#include "model/dra/extended_resources.h"
#include "sim/generate/generate_parts.h"

#include <fmt/format.h>

namespace drasim::sim::gen {
namespace {

model::Preemptibility preemptibility(const PodShape& shape) {
  if (!shape.preemptible) {
    return model::Preemptibility::kUnset;
  }
  return *shape.preemptible ? model::Preemptibility::kPreemptible
                            : model::Preemptibility::kNonPreemptible;
}

model::ResourceClaimTemplate claim_template(const PodShape& shape, const JobDraw& job) {
  model::ResourceClaimTemplate t;
  t.meta.name = job.name + "-gpu";
  t.meta.namespace_name = shape.namespace_name;
  t.meta.source = job.source;
  t.meta.appear_us = job.at_us;
  model::DeviceSubRequest sub;
  sub.device_class_name = shape.device_class;
  sub.count = job.gpus;
  model::DeviceRequest request;
  request.name = "gpu";
  request.exactly = std::move(sub);
  t.spec.requests.push_back(std::move(request));
  return t;
}

model::PodGroup pod_group(const PodShape& shape, const JobDraw& job) {
  model::PodGroup pg;
  pg.meta.name = job.name;
  pg.meta.namespace_name = shape.namespace_name;
  pg.meta.source = job.source;
  pg.meta.appear_us = job.at_us;
  pg.queue = job.queue;
  pg.min_member = job.gang;
  pg.priority_class_name = job.priority_class;
  pg.preemptibility = preemptibility(shape);
  return pg;
}

/// The pod every pod of the job copies (then renamed).
model::Pod pod_template(const PodShape& shape, const JobDraw& job, const std::string& generator) {
  model::Pod pod;
  pod.meta.namespace_name = shape.namespace_name;
  pod.meta.source = job.source;
  pod.meta.appear_us = job.at_us;
  pod.meta.labels["drasim.dev/workload"] = generator;
  if (!job.queue.empty()) {
    pod.meta.labels["kai.scheduler/queue"] = job.queue;
  }
  if (shape.preemptible) {
    pod.meta.labels["kai.scheduler/preemptibility"] =
        *shape.preemptible ? "preemptible" : "non-preemptible";
  }
  if (job.gang > 1) {
    pod.meta.annotations["pod-group-name"] = job.name;
  }
  pod.meta.owner_references.push_back({"batch/v1", "Job", job.name, "", true});
  pod.runtime_us = job.runtime_us;
  pod.spec.priority_class_name = job.priority_class;
  pod.spec.tolerations = shape.tolerations;
  pod.spec.node_selector = shape.node_selector;
  model::Container c;
  c.name = "main";
  c.requests["cpu"] = shape.cpu;
  c.requests["memory"] = shape.memory;
  if (job.gpus > 0) {
    const auto gpus = model::Quantity::from_units(job.gpus);
    switch (shape.request_style) {
      case RequestStyle::kExtendedResource:
        c.requests[shape.resource] = gpus;
        c.limits[shape.resource] = gpus;
        break;
      case RequestStyle::kImplicitClass: {
        const std::string name = std::string(model::kImplicitPrefix) + shape.device_class;
        c.requests[name] = gpus;
        c.limits[name] = gpus;
        break;
      }
      case RequestStyle::kClaimTemplate:
        c.claims.push_back({"gpu", ""});
        pod.spec.resource_claims.push_back({"gpu", "", job.name + "-gpu"});
        break;
    }
  }
  pod.spec.containers.push_back(std::move(c));
  return pod;
}

}  // namespace

void append_job(const PodShape& shape, const JobDraw& job, const std::string& generator,
                model::ObjectSet& objects) {
  if (job.gang > 1) {
    objects.pod_groups.push_back(pod_group(shape, job));
  }
  if (job.gpus > 0 && shape.request_style == RequestStyle::kClaimTemplate) {
    objects.resource_claim_templates.push_back(claim_template(shape, job));
  }
  const model::Pod base = pod_template(shape, job, generator);
  for (int64_t p = 0; p < job.gang; ++p) {
    model::Pod& pod = objects.pods.emplace_back(base);
    pod.meta.name = fmt::format("{}-{}", job.name, p);
  }
}

}  // namespace drasim::sim::gen
