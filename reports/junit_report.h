#pragma once
/// JUnit XML for CI systems: one test suite per run, one test case per expectation (a failed
/// expectation is a failure with its message).

#include "sim/observe/run_result.h"

#include <string>

namespace drasim::reports {

std::string junit_report(const sim::RunResult& result);

/// `s` with XML's five special characters escaped.
std::string xml_escape(const std::string& s);

}  // namespace drasim::reports
