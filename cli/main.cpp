// drasim's entry point: everything happens in cli::run_cli.
#include <iostream>

#include "cli/app.h"

int main(int argc, char** argv) { return drasim::cli::run_cli(argc, argv, std::cout, std::cerr); }
