// drasim's entry point: everything happens in cli::run_cli.
#include "cli/app.h"

#include <iostream>

int main(int argc, char** argv) {
  return drasim::cli::run_cli(argc, argv, std::cout, std::cerr);
}
