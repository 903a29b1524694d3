#pragma once
/// `drasim profiles`: the scheduler profiles and the behaviour switches, one line each, with
/// each switch's value per KAI profile.

#include <CLI/CLI.hpp>

#include <iosfwd>

namespace drasim::cli {

CLI::App* setup_profiles(CLI::App& app);

int run_profiles(std::ostream& out);

}  // namespace drasim::cli
