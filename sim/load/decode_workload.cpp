// Decoder for `spec.generate[].workload`: arrivals, runtime distributions, weighted choices and
// the pod shape shared with traces.
#include "sim/load/decode_common.h"
#include "sim/load/decode_generator_parts.h"
#include "sim/load/known_fields.h"
#include "sim/load/quote.h"

#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <utility>
#include <vector>

namespace drasim::sim::gen {
namespace {

constexpr std::string_view kWeight = "a weight above 0";

/// Reports a mapping that must hold exactly one of `kinds`; returns the one it holds, or "".
std::string one_kind(const Cursor& c, std::string_view what,
                     std::initializer_list<std::string_view> kinds) {
  const std::string expected = fmt::format("exactly one of {} ({})", fmt::join(kinds, ", "), what);
  if (!c.is_map()) {
    c.error(expected);
    return "";
  }
  const auto entries = c.entries();
  if (entries.size() != 1) {
    c.error(expected, entries.empty() ? "none" : fmt::format("{} of them", entries.size()));
    return "";
  }
  const std::string& key = entries.front().first;
  if (std::find(kinds.begin(), kinds.end(), key) == kinds.end()) {
    entries.front().second.error(expected, quote(key));
    return "";
  }
  return key;
}

std::optional<double> positive_weight(const Cursor& c) {
  if (!c.present()) {
    return 1.0;
  }
  const auto w = c.number(kWeight);
  if (w && !(*w > 0)) {
    c.error(kWeight, c.str());
    return std::nullopt;
  }
  return w;
}

/// `4` or `{choices: [{value: 1, weight: 3}, ...]}`.
Choices<int64_t> decode_int_choices(const Cursor& c, int64_t min, int64_t max,
                                    std::string_view expected, Choices<int64_t> fallback) {
  if (!c.present()) {
    return fallback;
  }
  if (!c.is_map()) {
    const auto v = bounded_integer(c, min, max, expected);
    return v ? Choices<int64_t>{{*v, 1}} : fallback;
  }
  reject_unknown_fields(c, "choice", {"choices"});
  Choices<int64_t> out;
  const Cursor list = c["choices"];
  const auto items = list.items("a list of choices {value, weight}");
  for (const Cursor& item : items) {
    if (!item.expect_map("a choice {value, weight}")) {
      continue;
    }
    reject_unknown_fields(item, "choice", {"value", "weight"});
    if (!item["value"].present()) {
      item["value"].error(expected);
    }
    const auto v = bounded_integer(item["value"], min, max, expected);
    const auto w = positive_weight(item["weight"]);
    if (v && w) {
      out.push_back({*v, *w});
    }
  }
  if (items.empty() && (list.is_sequence() || !list.present())) {
    list.error("at least one choice {value, weight}",
               list.is_sequence() ? "an empty list" : "nothing");
  }
  return out.empty() ? fallback : out;
}

/// `[team-a, {name: team-b, weight: 2}]`: names with weights (1 by default).
Choices<std::string> decode_named(const Cursor& c, std::string_view what) {
  Choices<std::string> out;
  if (!c.present()) {
    return out;
  }
  const auto items = c.items(fmt::format("a list of {} names or {{name, weight}}", what));
  for (const Cursor& item : items) {
    if (item.is_scalar()) {
      out.push_back({item.str(), 1});
      continue;
    }
    if (!item.expect_map(fmt::format("a {} name or {{name, weight}}", what))) {
      continue;
    }
    reject_unknown_fields(item, what, {"name", "weight"});
    std::string name = item["name"].required_str(fmt::format("a {} name", what));
    if (const auto w = positive_weight(item["weight"]); w && !name.empty()) {
      out.push_back({std::move(name), *w});
    }
  }
  if (items.empty() && c.is_sequence()) {
    c.error(fmt::format("at least one {}", what), "an empty list");
  }
  return out;
}

Runtime decode_runtime(const Cursor& c) {
  using Kind = Runtime::Kind;
  Runtime r;
  if (!c.present()) {
    return r;
  }
  const std::string kind = one_kind(c, "a runtime distribution",
                                    {"fixed", "exponential", "lognormal", "uniform", "empirical"});
  const Cursor v = c[kind];
  if (kind == "fixed") {
    r.kind = Kind::kFixed;
    r.a_us = positive_duration(v).value_or(1);
  } else if (kind == "exponential") {
    r.kind = Kind::kExponential;
    reject_unknown_fields(v, "exponential", {"mean"});
    r.a_us = positive_duration(v["mean"]).value_or(1);
  } else if (kind == "lognormal") {
    r.kind = Kind::kLognormal;
    reject_unknown_fields(v, "lognormal", {"median", "sigma"});
    r.a_us = positive_duration(v["median"]).value_or(1);
    constexpr std::string_view kSigma = "a sigma from 0 to 4";
    const auto sigma = v["sigma"].number(kSigma);
    if (!v["sigma"].present()) {
      v["sigma"].error(kSigma);
    } else if (sigma && (*sigma < 0 || *sigma > 4)) {
      v["sigma"].error(kSigma, v["sigma"].str());
    }
    r.sigma = sigma.value_or(0);
  } else if (kind == "uniform") {
    r.kind = Kind::kUniform;
    reject_unknown_fields(v, "uniform", {"min", "max"});
    r.a_us = positive_duration(v["min"]).value_or(1);
    r.b_us = positive_duration(v["max"]).value_or(r.a_us);
    if (r.b_us < r.a_us) {
      v["max"].error(fmt::format("a duration of at least min ({})", v["min"].str()),
                     v["max"].str());
      r.b_us = r.a_us;
    }
  } else if (kind == "empirical") {
    r.kind = Kind::kEmpirical;
    for (const Cursor& item : v.items("a list of durations")) {
      r.values_us.push_back(positive_duration(item).value_or(1));
    }
    if (r.values_us.empty()) {
      v.error("at least one duration", v.is_sequence() ? "an empty list" : v.describe());
      r.values_us.push_back(1);
    }
  }
  return r;
}

Arrivals decode_arrivals(const Cursor& c) {
  using Kind = Arrivals::Kind;
  Arrivals a;
  if (!c.present()) {
    return a;
  }
  const std::string kind = one_kind(c, "an arrival process", {"at", "poisson", "burst"});
  const Cursor v = c[kind];
  if (kind == "at") {
    a.at_us.clear();
    for (const Cursor& item : v.items("a list of times such as [0s, 10m]")) {
      a.at_us.push_back(item.duration().value_or(SimDuration{}).us);
    }
    if (a.at_us.empty()) {
      v.error("at least one time", v.is_sequence() ? "an empty list" : v.describe());
      a.at_us.push_back(0);
    }
  } else if (kind == "poisson") {
    a.kind = Kind::kPoisson;
    reject_unknown_fields(v, "poisson", {"ratePerHour", "start"});
    constexpr std::string_view kRate = "a rate above 0 jobs per hour";
    const auto rate = v["ratePerHour"].number(kRate);
    if (!v["ratePerHour"].present()) {
      v["ratePerHour"].error(kRate);
    } else if (rate && !(*rate > 0)) {
      v["ratePerHour"].error(kRate, v["ratePerHour"].str());
    }
    a.rate_per_hour = rate.value_or(1) > 0 ? rate.value_or(1) : 1;
    a.start_us = v["start"].duration().value_or(SimDuration{}).us;
  } else if (kind == "burst") {
    a.kind = Kind::kBurst;
    reject_unknown_fields(v, "burst", {"every", "size", "start"});
    a.every_us = positive_duration(v["every"]).value_or(1);
    if (!v["size"].present()) {
      v["size"].error("a burst size from 1 to 100000");
    }
    a.size = bounded_integer(v["size"], 1, 100'000, "a burst size from 1 to 100000").value_or(1);
    a.start_us = v["start"].duration().value_or(SimDuration{}).us;
  }
  return a;
}

/// A stream without its own end needs count, until or the scenario's horizon.
void check_end(const Cursor& c, const WorkloadSpec& w, const std::optional<SimDuration>& horizon) {
  if (w.arrivals.kind == Arrivals::Kind::kAt || w.count || w.until_us || horizon) {
    return;
  }
  c.error(fmt::format("count or until to end the {} stream (or spec.horizon)",
                      w.arrivals.kind == Arrivals::Kind::kPoisson ? "poisson" : "burst"),
          "none of them");
}

}  // namespace

std::optional<int64_t> positive_duration(const Cursor& c, std::string_view expected) {
  if (!c.present()) {
    c.error(expected);
    return std::nullopt;
  }
  const auto d = c.duration();
  if (d && d->us <= 0) {
    c.error(expected, c.str());
    return std::nullopt;
  }
  return d ? std::optional<int64_t>(d->us) : std::nullopt;
}

std::optional<int64_t> bounded_integer(const Cursor& c, int64_t min, int64_t max,
                                       std::string_view expected) {
  const auto v = c.integer(expected);
  if (v && (*v < min || *v > max)) {
    c.error(expected, std::to_string(*v));
    return std::nullopt;
  }
  return v;
}

PodShape decode_pod_shape(const Cursor& c) {
  PodShape p;
  if (c["namespace"].present()) {
    p.namespace_name = c["namespace"].required_str("a namespace name");
  }
  for (auto [field, target] : {std::pair{"cpu", &p.cpu}, std::pair{"memory", &p.memory}}) {
    if (const auto q = c[field].quantity()) {
      if (q->is_negative()) {
        c[field].error("a quantity of zero or more", c[field].str());
      } else {
        *target = *q;
      }
    }
  }
  p.request_style =
      c["requestStyle"].one_of<RequestStyle>({{"extendedResource", RequestStyle::kExtendedResource},
                                              {"implicitClass", RequestStyle::kImplicitClass},
                                              {"claimTemplate", RequestStyle::kClaimTemplate}},
                                             RequestStyle::kExtendedResource);
  p.device_class = c["deviceClass"].str();
  const bool needs_class = p.request_style != RequestStyle::kExtendedResource;
  if (needs_class && p.device_class.empty()) {
    c["deviceClass"].error(
        fmt::format("a DeviceClass name (requestStyle {} needs one)", c["requestStyle"].str()));
  } else if (!needs_class && c["deviceClass"].present()) {
    c["deviceClass"].error("no deviceClass with requestStyle extendedResource (the default)");
  }
  if (c["resource"].present()) {
    p.resource = c["resource"].required_str("an extended resource name such as nvidia.com/gpu");
  }
  if (c["preemptible"].present()) {
    p.preemptible = c["preemptible"].boolean(false);
  }
  p.tolerations = decode_tolerations(c["tolerations"]);
  p.node_selector = c["nodeSelector"].string_map();
  return p;
}

WorkloadSpec decode_workload(const Cursor& c, const std::optional<SimDuration>& horizon) {
  WorkloadSpec w;
  reject_unknown_fields(c, "workload",
                        {"name", "namespace", "count", "until", "arrivals", "runtime", "gangSize",
                         "gpusPerPod", "cpu", "memory", "queues", "priorityClasses", "requestStyle",
                         "deviceClass", "resource", "preemptible", "tolerations", "nodeSelector"});
  w.name = c["name"].required_str("a workload name");
  const std::string count_text = fmt::format("a job count from 0 to {}", kMaxGeneratedPods);
  w.count = bounded_integer(c["count"], 0, kMaxGeneratedPods, count_text);
  if (const auto until = c["until"].duration()) {
    w.until_us = until->us;
  }
  w.arrivals = decode_arrivals(c["arrivals"]);
  w.runtime = decode_runtime(c["runtime"]);
  w.gang = decode_int_choices(c["gangSize"], 1, 10'000, "a gang size from 1 to 10000", {{1, 1}});
  w.gpus_per_pod = decode_int_choices(c["gpusPerPod"], 0, 64, "a GPU count from 0 to 64", {{1, 1}});
  w.queues = decode_named(c["queues"], "queue");
  w.priority_classes = decode_named(c["priorityClasses"], "priority class");
  w.pod = decode_pod_shape(c);
  check_end(c, w, horizon);
  return w;
}

}  // namespace drasim::sim::gen
