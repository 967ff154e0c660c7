# muster_gtests(target [TEST_PREFIX prefix] [LABELS label...] [TIMEOUT seconds] [ENVIRONMENT VAR=value...])
#
# Registers a GoogleTest executable with ctest. By default each test case is its own ctest test
# (gtest_discover_tests), so a failure names the case and the cases run in parallel.
#
# With MUSTER_TEST_SHARDS=N (N > 0) the executable is instead N ctest tests, <prefix><target>.shard<i>of<N>, each
# running one gtest shard (GTEST_SHARD_INDEX/GTEST_TOTAL_SHARDS) of its cases in one process. The sanitizer
# builds use it: a sanitized process takes 0.2-0.5 s to start and to check for leaks at exit, while most of our
# 900 cases run in milliseconds: one process per case spent about a third of the ASan pass's test time on
# cases under 2 s each (604 of 1,555 s), most of it starting and ending processes. MUSTER_TEST_SHARD_FILTER is
# a gtest filter for the shards (e.g. "-Slow.*:Other.*").
set(MUSTER_TEST_SHARDS 0 CACHE STRING "Run each GoogleTest executable as this many sharded ctest tests (0: one per case)")
set(MUSTER_TEST_SHARD_FILTER "" CACHE STRING "gtest filter for the sharded tests (MUSTER_TEST_SHARDS > 0)")

function(muster_gtests target)
  cmake_parse_arguments(ARG "" "TEST_PREFIX;TIMEOUT" "LABELS;ENVIRONMENT" ${ARGN})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  if(MUSTER_TEST_SHARDS GREATER 0)
    set(_env ${ARG_ENVIRONMENT} "GTEST_TOTAL_SHARDS=${MUSTER_TEST_SHARDS}")
    if(MUSTER_TEST_SHARD_FILTER)
      list(APPEND _env "GTEST_FILTER=${MUSTER_TEST_SHARD_FILTER}")
    endif()
    math(EXPR _last "${MUSTER_TEST_SHARDS} - 1")
    foreach(i RANGE ${_last})
      set(_name "${ARG_TEST_PREFIX}${target}.shard${i}of${MUSTER_TEST_SHARDS}")
      add_test(NAME ${_name} COMMAND ${target} WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
      # A shard holds many cases: it gets the time of the whole ASan pass's per-test limit.
      set_tests_properties(${_name} PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT 1800
                                               ENVIRONMENT "${_env};GTEST_SHARD_INDEX=${i}")
    endforeach()
  else()
    # CMake 3.25's gtest_discover_tests writes PROPERTIES as one flat list of name-value pairs, so a list value
    # would shift every pair after it: the discovered cases get the first label and the first variable (a folder
    # can add labels with its LABELS directory property; scripts/test.sh exports the other variables).
    list(GET ARG_LABELS 0 _label)
    set(_props LABELS "${_label}" TIMEOUT ${ARG_TIMEOUT})
    if(ARG_ENVIRONMENT)
      list(GET ARG_ENVIRONMENT 0 _var)
      list(APPEND _props ENVIRONMENT "${_var}")
    endif()
    gtest_discover_tests(${target} TEST_PREFIX "${ARG_TEST_PREFIX}" DISCOVERY_TIMEOUT 120 PROPERTIES ${_props})
  endif()
endfunction()
