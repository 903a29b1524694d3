#include "model/kai/api/pod_request.h"

#include <algorithm>
#include <string_view>

namespace drasim::model {
namespace {

ResourceVector container_vector(const Container& c, ResourceNames& names) {
  ResourceVector v(names.size());
  for (const auto& [name, quantity] : c.requests) {
    v.add(names.intern(name), ResourceNames::to_units(name, quantity));
  }
  return v;
}

ResourceVector element_max(const ResourceVector& a, const ResourceVector& b) {
  ResourceVector out = a;
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    out.set(i, std::max(a.get(i), b.get(i)));
  }
  return out;
}

bool is_native(std::string_view name) {
  return name == "cpu" || name == "memory" || name == "ephemeral-storage" || name == "storage"
         || name == "pods" || name.substr(0, 10) == "hugepages-";
}

}  // namespace

ResourceVector pod_request(const PodSpec& spec, ResourceNames& names) {
  ResourceVector base(names.size());
  for (const Container& c : spec.containers) {
    base += container_vector(c, names);
  }
  ResourceVector sidecars(names.size());
  ResourceVector init_peak(names.size());
  for (const Container& c : spec.init_containers) {
    const ResourceVector v = container_vector(c, names);
    if (c.restart_always) {
      sidecars += v;
      continue;
    }
    init_peak = element_max(init_peak, v + sidecars);
  }
  ResourceVector result = element_max(base + sidecars, init_peak);
  for (const auto& [name, quantity] : spec.overhead) {
    result.add(names.intern(name), ResourceNames::to_units(name, quantity));
  }
  result.set(kPodsSlot, 1);
  return result;
}

QuotaVector quota_vector(const ResourceVector& request, const ResourceNames& names) {
  QuotaVector q{request.get(kCpuSlot), request.get(kMemorySlot), request.get(kGpuSlot)};
  constexpr std::string_view kMig = "nvidia.com/mig-";
  for (size_t slot = kPodsSlot + 1; slot < request.size(); ++slot) {
    const std::string& name = names.name(slot);
    if (request.get(slot) == 0 || name.substr(0, kMig.size()) != kMig) {
      continue;
    }
    // `<G>g.<M>gb`: the leading integer is the number of GPU slices (compute units) G.
    int64_t g = 0;
    size_t i = kMig.size();
    for (; i < name.size() && name[i] >= '0' && name[i] <= '9'; ++i) {
      g = g * 10 + (name[i] - '0');
    }
    if (i < name.size() && name[i] == 'g') {
      q[2] += g * request.get(slot) * kMilliPerGpu;
    }
  }
  return q;
}

NonZeroRequest nonzero_request(const PodSpec& spec) {
  // pkg/scheduler/util: DefaultMilliCPURequest = 100, DefaultMemoryRequest = 200 MiB.
  constexpr int64_t kDefaultMilliCpu = 100;
  constexpr int64_t kDefaultMemory = 200LL * 1024 * 1024;
  const auto of = [&](const Container& c) {
    NonZeroRequest r;
    const auto cpu = c.requests.find("cpu");
    r.milli_cpu =
        cpu == c.requests.end() ? kDefaultMilliCpu : ResourceNames::to_units("cpu", cpu->second);
    const auto mem = c.requests.find("memory");
    r.memory =
        mem == c.requests.end() ? kDefaultMemory : ResourceNames::to_units("memory", mem->second);
    return r;
  };
  NonZeroRequest base;
  for (const Container& c : spec.containers) {
    const NonZeroRequest r = of(c);
    base.milli_cpu += r.milli_cpu;
    base.memory += r.memory;
  }
  NonZeroRequest sidecars;
  NonZeroRequest peak;
  for (const Container& c : spec.init_containers) {
    const NonZeroRequest r = of(c);
    if (c.restart_always) {
      sidecars.milli_cpu += r.milli_cpu;
      sidecars.memory += r.memory;
      continue;
    }
    peak.milli_cpu = std::max(peak.milli_cpu, r.milli_cpu + sidecars.milli_cpu);
    peak.memory = std::max(peak.memory, r.memory + sidecars.memory);
  }
  NonZeroRequest out{std::max(base.milli_cpu + sidecars.milli_cpu, peak.milli_cpu),
                     std::max(base.memory + sidecars.memory, peak.memory)};
  if (const auto it = spec.overhead.find("cpu"); it != spec.overhead.end()) {
    out.milli_cpu += ResourceNames::to_units("cpu", it->second);
  }
  if (const auto it = spec.overhead.find("memory"); it != spec.overhead.end()) {
    out.memory += ResourceNames::to_units("memory", it->second);
  }
  return out;
}

bool uses_extended_resources(const PodSpec& spec) {
  const auto any_extended = [](const std::vector<Container>& cs) {
    return std::any_of(cs.begin(), cs.end(), [](const Container& c) {
      return std::any_of(c.requests.begin(), c.requests.end(), [](const auto& kv) {
        return !is_native(kv.first) && !kv.second.is_zero();
      });
    });
  };
  return any_extended(spec.containers) || any_extended(spec.init_containers);
}

}  // namespace drasim::model
