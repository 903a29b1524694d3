// drasim_gen_cluster DIR [NODES]: writes the live cluster of tests/bench/live_cluster.h (4,000
// nodes by default) as DIR/cluster.json (the kubectl List), DIR/cluster.yaml (the same objects
// as block YAML, one document each) and DIR/snapshot.zip (the same objects as KAI's snapshot
// plugin writes them; templates, which a KAI snapshot does not hold, go to DIR/rest.yaml).
#include "sim/load/json_source.h"

#include "tests/bench/block_yaml.h"
#include "tests/bench/live_cluster.h"
#include "tests/kai_snapshot_writer.h"
#include "tests/zip_writer.h"
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: drasim_gen_cluster DIR [NODES]\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  drasim::bench::LiveClusterShape shape;
  if (argc > 2) {
    shape.nodes = std::stoi(argv[2]);
  }
  const std::string json = drasim::bench::live_cluster_json(shape);
  std::ofstream(dir / "cluster.json", std::ios::binary) << json;
  drasim::sim::Diagnostics d;
  const auto docs = drasim::sim::parse_json(json, 0, "cluster.json", d);
  if (d.has_errors()) {
    std::cerr << d.errors().front().to_string() << "\n";
    return 1;
  }
  std::string block;
  for (const auto& item : docs.front().root().find("items")->children) {
    block += "---\n";
    drasim::bench::block_yaml(item, 0, block);
  }
  std::ofstream(dir / "cluster.yaml", std::ios::binary) << block;
  const drasim::test::SnapshotParts parts = drasim::test::to_kai_snapshot(docs);
  std::ofstream(dir / "snapshot.zip", std::ios::binary) << drasim::test::snapshot_zip(parts.json);
  std::ofstream(dir / "rest.yaml", std::ios::binary) << parts.rest;
  std::cout << "wrote " << dir.string() << ": cluster.json (" << json.size() << " bytes), "
            << "cluster.yaml (" << block.size() << " bytes), snapshot.zip, rest.yaml\n";
  return 0;
}
