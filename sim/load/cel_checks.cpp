#include "sim/load/cel_checks.h"

#include "model/cel/cel.h"
#include "model/dra/feature_gates.h"
#include "model/kai/plugins/implicit_tolerations.h"

#include <fmt/format.h>

#include <string>
#include <vector>

namespace drasim::sim {
namespace {

class CelChecker {
 public:
  CelChecker(const Scenario& s, Diagnostics& d)
      // The API server validates with the cluster's gates, whatever the scheduler profile.
      : s_(s),
        d_(d),
        consumable_capacity_(
            model::dra::resolve_features(s.kubernetes_minor(), s.feature_gates, false)
                .consumable_capacity) {}

  void selectors(const std::vector<model::CelSelector>& list, const std::string& path) {
    for (size_t i = 0; i < list.size(); ++i) {
      const model::CelSelector& sel = list[i];
      const auto error = model::cel::validate_selector(sel.expression, consumable_capacity_);
      if (!error) {
        continue;
      }
      const std::string& file =
          sel.source.file < s_.files.size() ? s_.files[sel.source.file] : std::string();
      d_.error(Diagnostic{
          file, Mark{sel.source.line, sel.source.col},
          fmt::format("{}.selectors[{}].cel.expression", path, i),
          "a CEL expression the API server accepts",
          fmt::format("{} (at {}:{} of the expression)", error->message, error->line, error->col)});
    }
  }

  void claim_spec(const model::ClaimSpec& spec, const std::string& path) {
    for (size_t r = 0; r < spec.requests.size(); ++r) {
      const model::DeviceRequest& req = spec.requests[r];
      const std::string at = fmt::format("{}.devices.requests[{}]", path, r);
      if (req.exactly) {
        selectors(req.exactly->selectors, at + ".exactly");
      }
      for (size_t k = 0; k < req.first_available.size(); ++k) {
        selectors(req.first_available[k].selectors, fmt::format("{}.firstAvailable[{}]", at, k));
      }
    }
  }

  void run() {
    for (const model::DeviceClass& c : s_.objects.device_classes) {
      selectors(c.selectors, "spec");
    }
    for (const model::ResourceClaim& c : s_.objects.resource_claims) {
      claim_spec(c.spec, "spec");
    }
    for (const model::ResourceClaimTemplate& t : s_.objects.resource_claim_templates) {
      claim_spec(t.spec, "spec.spec");
    }
    toleration_rules();
  }

  // CEL rules of the implicit-tolerations plugin: compiled and cost-checked at load time.
  void toleration_rules() {
    const auto& rules = s_.scheduler.implicit_tolerations;
    for (size_t i = 0; i < rules.size(); ++i) {
      if (rules[i].type != ImplicitTolerationRule::Type::kCel) {
        continue;
      }
      const auto error = model::validate_toleration_expression(rules[i].expression);
      if (!error) {
        continue;
      }
      const model::SourceRef& at = rules[i].expression_source;
      const std::string& file = at.file < s_.files.size() ? s_.files[at.file] : std::string();
      d_.error(Diagnostic{
          file, Mark{at.line, at.col},
          fmt::format("spec.scheduler.implicitTolerations[{}].selector.expression", i),
          "a CEL expression over pod, claims and deviceClasses",
          fmt::format("{} (at {}:{} of the expression)", error->message, error->line, error->col)});
    }
  }

 private:
  const Scenario& s_;
  Diagnostics& d_;
  bool consumable_capacity_;
};

}  // namespace

void check_cel_selectors(const Scenario& scenario, Diagnostics& diagnostics) {
  CelChecker(scenario, diagnostics).run();
}

}  // namespace drasim::sim
