# Compiler settings shared by every target we own (third-party headers are included as SYSTEM by their packages).

if(MUSTER_SANITIZE OR MUSTER_FUZZ)
  set(MUSTER_SANITIZER_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
elseif(MUSTER_TSAN)
  set(MUSTER_SANITIZER_FLAGS -fsanitize=thread -fno-omit-frame-pointer)
endif()

function(muster_target_defaults target)
  target_compile_features(${target} PUBLIC cxx_std_20)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
  # GCC 12's flow-sensitive warnings misfire inside libstdc++ at -O2/-O3: -Wrestrict in std::string operator+
  # (GCC bug 105651), -Wstringop-overflow and -Warray-bounds in std::vector insert/copy (bugs 106199, 107852).
  # They are off for GCC 12 only; the ASan+UBSan build checks the real thing at run time.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict -Wno-stringop-overflow -Wno-stringop-overread -Wno-array-bounds)
  endif()
  if(MUSTER_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(MUSTER_SANITIZE OR MUSTER_FUZZ OR MUSTER_TSAN)
    target_compile_options(${target} PRIVATE ${MUSTER_SANITIZER_FLAGS})
    target_link_options(${target} PRIVATE ${MUSTER_SANITIZER_FLAGS})
  endif()
  if(MUSTER_FUZZ)
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link) # coverage for libFuzzer
  endif()
endfunction()

# Qt-side definitions from STYLE.md: no Qt keywords, no implicit ASCII casts, nothing deprecated before 6.4.
function(muster_qt_defaults target)
  muster_target_defaults(${target})
  # Under the sanitizers' instrumentation GCC 12 flags -Wmaybe-uninitialized in the code Qt generates for the
  # QML cache (QJSPrimitiveValue's string), where nothing is uninitialised; the Release build keeps the warning.
  if((MUSTER_SANITIZE OR MUSTER_FUZZ OR MUSTER_TSAN) AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
  endif()
  target_compile_definitions(${target} PRIVATE QT_NO_KEYWORDS QT_NO_CAST_FROM_ASCII QT_DISABLE_DEPRECATED_BEFORE=0x060400)
endfunction()
