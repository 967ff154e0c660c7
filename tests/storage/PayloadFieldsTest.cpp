// The streaming reader of payload fields agrees with a full JSON parse on what it keeps.

#include "app/storage/PayloadFields.h"

#include <gtest/gtest.h>

using namespace muster::storage;

TEST(PayloadFields, ReadsKeyValueAndFaces) {
    const auto f = readPayloadFields(
        R"({"question":"Which?","key":"US-A.order","units":["US-A"],"nested":{"key":"no","faces":[9]},"value":"fire"})");
    EXPECT_TRUE(f.validJson);
    EXPECT_EQ(f.key, "US-A.order");
    EXPECT_EQ(f.value, "fire");
    EXPECT_FALSE(f.faces);
    const auto d = readPayloadFields(R"({"faces":[3,5,6],"key":"US-A.fire","purpose":"small arms"})");
    ASSERT_TRUE(d.faces);
    EXPECT_EQ(*d.faces, (std::vector<int>{3, 5, 6}));
    EXPECT_EQ(d.key, "US-A.fire");
    EXPECT_FALSE(d.value);
}

TEST(PayloadFields, RefusesWhatIsNotAListOfIntegers) {
    EXPECT_FALSE(readPayloadFields(R"({"faces":[3,"5"]})").faces);
    EXPECT_FALSE(readPayloadFields(R"({"faces":[3,5.5]})").faces);
    EXPECT_FALSE(readPayloadFields(R"({"faces":[3,[5]]})").faces);
    EXPECT_FALSE(readPayloadFields(R"({"faces":[1,99999999999]})").faces);
    EXPECT_FALSE(readPayloadFields(R"({"faces":3})").faces);
    EXPECT_TRUE(readPayloadFields(R"({"faces":[]})").faces);
    EXPECT_FALSE(readPayloadFields(R"({"key":5})").key);
}

TEST(PayloadFields, BrokenOrForeignJson) {
    EXPECT_FALSE(readPayloadFields("{\"key\":\"a\"").validJson);
    EXPECT_FALSE(readPayloadFields("{\"key\":\"a\"").key);
    EXPECT_FALSE(readPayloadFields("[1,2]").validJson);
    EXPECT_FALSE(readPayloadFields("").validJson);
}
