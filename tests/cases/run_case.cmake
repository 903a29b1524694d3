# Runs one scenario test of tests/cases/: `drasim run CASE` must exit with the code the case
# states on a line `# exit: N` (0 when it states none: every expectation holds). The run's
# summary, which names each expectation and its verdict, is printed when the code differs.
file(STRINGS "${CASE}" stated REGEX "^# exit: [0-9]$" LIMIT_COUNT 1)
set(want 0)
if(stated)
  string(REGEX REPLACE "^# exit: " "" want "${stated}")
endif()
execute_process(COMMAND "${DRASIM}" run "${CASE}" RESULT_VARIABLE got OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT got STREQUAL want)
  message(FATAL_ERROR "${CASE}: drasim run exited ${got}, the case expects ${want}\n${out}${err}")
endif()
