// OMTB rule-by-rule cases in C++ (filled below).
#include "OmtbTestSupport.h"

#include <gtest/gtest.h>
