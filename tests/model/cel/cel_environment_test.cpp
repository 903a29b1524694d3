// Generic environments (variables of any declared type) and the program cache.

#include "model/cel/program_cache.h"

#include <doctest/doctest.h>

using namespace drasim::model::cel;

TEST_CASE("cel environment: custom variables of object, map and dyn types") {
  Environment env("tolerations-test");
  Type pod;
  pod.kind = TypeKind::kObject;
  pod.name = "test.Pod";
  pod.fields = {{"name", env.type("string")}, {"labels", env.type("map(string, string)")}};
  env.add_variable("pod", env.types().add(std::move(pod)));
  env.add_variable("claims", env.type("list(dyn)"));
  env.set_require_bool_result(true);

  MapData pod_value;
  pod_value.object_type = "test.Pod";
  MapData labels;
  labels.entries.emplace_back(Value::from_string("team"), Value::from_string("ml"));
  pod_value.entries.emplace_back(Value::from_string("name"), Value::from_string("p1"));
  pod_value.entries.emplace_back(Value::from_string("labels"), Value::from_map(labels));
  const Activation activation{
      {Value::from_map(pod_value), Value::from_list({Value::from_string("c1")})}};

  auto ok = compile("pod.labels['team'] == 'ml' && claims.size() == 1 && pod.name == 'p1'", env);
  REQUIRE(std::holds_alternative<std::shared_ptr<const Program>>(ok));
  CHECK(evaluate(*std::get<0>(ok), activation, 1000).value->as_bool());  // all three hold
  // Fields are checked against the declaration; map values are typed.
  auto bad = compile("pod.uid == ''", env);
  CHECK(std::get<CompileError>(bad).message.find("undefined field 'uid'") != std::string::npos);
  auto typed = compile("pod.labels['team'] > 1", env);
  CHECK(std::get<CompileError>(typed).message.find("'_>_' applied to '(string, int)'")
        != std::string::npos);
  CHECK(std::get<CompileError>(compile("pod.name", env)).message
        == "must evaluate to bool or the unknown type, not string");
}

TEST_CASE("cel program cache compiles each expression once per environment") {
  ProgramCache cache;
  const Environment off = device_environment(false);
  const Environment on = device_environment(true);
  const auto& a = cache.get("device.driver == 'x'", off);
  const auto& b = cache.get("device.driver == 'x'", off);
  CHECK(&a == &b);  // the same entry, not recompiled
  CHECK(std::get<0>(a) == std::get<0>(b));
  cache.get("device.driver == 'x'", on);
  CHECK(cache.size() == 2);  // a different environment is a different key
  // Compile errors are cached as well.
  CHECK(std::holds_alternative<CompileError>(cache.get("device.allowMultipleAllocations", off)));
  CHECK(cache.size() == 3);
}
