# Writes OUTPUT, a C++ file defining drasim::cli::demo_scenario_yaml() with INPUT's bytes.
file(READ ${INPUT} CONTENT HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," BYTES "${CONTENT}")
file(WRITE ${OUTPUT}
  "// Generated from scenarios/device-plugin.yaml; do not edit.\n"
  "#include \"cli/demo_scenario.h\"\n\n"
  "namespace drasim::cli {\n\n"
  "std::string_view demo_scenario_yaml() {\n"
  "  static constexpr unsigned char kData[] = {${BYTES} 0};\n"
  "  return std::string_view(reinterpret_cast<const char*>(kData), sizeof(kData) - 1);\n"
  "}\n\n"
  "}  // namespace drasim::cli\n")
