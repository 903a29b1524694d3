// drasim_make_snapshot OUT.zip REST.yaml FILES...: writes the objects of scenario files as a KAI
// scheduler snapshot (tests/kai_snapshot_writer.h) in the plugin's ZIP, and everything a
// snapshot cannot hold (the Scenario document, Namespaces, claim templates, DeviceTaintRules) to
// REST.yaml. `drasim run OUT.zip REST.yaml` must then replay exactly what `drasim run FILES...`
// does (tests/cli/kai_snapshot.sh checks it).
#include "sim/load/json_source.h"
#include "sim/load/yaml_source.h"

#include "tests/kai_snapshot_writer.h"
#include "tests/zip_writer.h"
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: drasim_make_snapshot OUT.zip REST.yaml FILES...\n";
    return 2;
  }
  std::vector<drasim::sim::Document> docs;
  for (int i = 3; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    drasim::sim::Diagnostics diagnostics;
    auto parsed = drasim::sim::looks_like_json(text)
                      ? drasim::sim::parse_json(text, 0, argv[i], diagnostics)
                      : drasim::sim::parse_yaml(text, 0, argv[i], diagnostics);
    if (diagnostics.has_errors()) {
      std::cerr << diagnostics.errors().front().to_string() << "\n";
      return 2;
    }
    for (auto& d : parsed) {
      docs.push_back(std::move(d));
    }
  }
  const drasim::test::SnapshotParts parts = drasim::test::to_kai_snapshot(docs);
  std::ofstream(argv[1], std::ios::binary) << drasim::test::snapshot_zip(parts.json);
  std::ofstream(argv[2], std::ios::binary) << parts.rest;
  return 0;
}
