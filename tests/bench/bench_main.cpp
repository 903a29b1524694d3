// The Catch2 v2 runner for benchmarks: `drasim_bench` (all) or `drasim_bench "[dra]"`.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
