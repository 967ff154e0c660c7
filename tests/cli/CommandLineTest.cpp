#include "app/cli/CommandLine.h"

#include <gtest/gtest.h>

using muster::cli::CommandLine;

TEST(CommandLine, SplitsPositionalValuesAndFlags) {
    CommandLine cl({"a.png", "--json", "--out", "dir", "b.png", "--split=test"}, {"out", "split"}, {"json"});
    ASSERT_TRUE(cl.ok()) << cl.error();
    EXPECT_TRUE(cl.flag("json"));
    EXPECT_EQ(cl.value("out"), "dir");
    EXPECT_EQ(cl.value("split"), "test");
    EXPECT_EQ(cl.positional(), (std::vector<std::string>{"a.png", "b.png"}));
    EXPECT_FALSE(cl.value("missing").has_value());
}

TEST(CommandLine, RejectsUnknownOptionAndMissingValue) {
    CommandLine unknown({"--jsno"}, {}, {"json"});
    EXPECT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error(), "unknown option --jsno");
    CommandLine missing({"--out"}, {"out"}, {});
    EXPECT_FALSE(missing.ok());
    EXPECT_EQ(missing.error(), "option --out needs a value");
    CommandLine flagWithValue({"--json=1"}, {}, {"json"});
    EXPECT_FALSE(flagWithValue.ok());
}

TEST(CommandLine, RepeatableOptionKeepsEveryValue) {
    CommandLine cl({"--player", "Ann", "--player", "Bob"}, {"player"}, {});
    ASSERT_TRUE(cl.ok());
    EXPECT_EQ(cl.values("player"), (std::vector<std::string>{"Ann", "Bob"}));
    EXPECT_EQ(cl.value("player"), "Bob");
}
