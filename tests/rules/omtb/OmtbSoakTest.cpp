#include "OmtbTestSupport.h"

#include <gtest/gtest.h>
