// The streaming reader of payload fields agrees with a full JSON parse on what it keeps.

#include "app/storage/PayloadFields.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>

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

TEST(CompactInput, RoundTripsAnswersAndDice) {
    PayloadFields answer;
    answer.key = "US-A.order";
    answer.value = "fire";
    const std::string a = compactInput(false, answer);
    EXPECT_LT(a.size(), 20u);
    const PayloadFields backA = readCompactInput(a);
    EXPECT_TRUE(backA.validJson);
    EXPECT_EQ(backA.key, "US-A.order");
    EXPECT_EQ(backA.value, "fire");
    EXPECT_FALSE(backA.faces);

    const PayloadFields dice = readPayloadFields(R"({"faces":[3,5,6],"key":"US-A.fire","purpose":"x"})");
    const PayloadFields backD = readCompactInput(compactInput(true, dice));
    EXPECT_EQ(backD.key, "US-A.fire");
    EXPECT_EQ(backD.faces, (std::vector<int>{3, 5, 6}));
    EXPECT_FALSE(backD.value);
    EXPECT_TRUE(readCompactInput(compactInput(true, readPayloadFields(R"({"faces":[],"key":"k"})"))).faces);
}

TEST(CompactInput, NothingToWriteWithoutKeyAndValueOrFaces) {
    EXPECT_TRUE(compactInput(false, readPayloadFields(R"({"value":"fire"})")).empty());
    EXPECT_TRUE(compactInput(true, readPayloadFields(R"({"key":"k","value":"fire"})")).empty());
    EXPECT_TRUE(compactInput(false, readPayloadFields(R"({"key":"k","faces":[1]})")).empty());
}

TEST(CompactInput, RefusesOtherShapes) {
    auto msgpack = [](const nlohmann::json& j) {
        const auto bytes = nlohmann::json::to_msgpack(j);
        return std::string(bytes.begin(), bytes.end());
    };
    EXPECT_FALSE(readCompactInput("").validJson);
    EXPECT_FALSE(readCompactInput("\x92\xa1k").validJson); // truncated
    EXPECT_FALSE(readCompactInput(msgpack({"k"})).validJson);
    EXPECT_FALSE(readCompactInput(msgpack({"k", "v", "w"})).validJson);
    EXPECT_FALSE(readCompactInput(msgpack({"k", 5})).validJson);
    EXPECT_FALSE(readCompactInput(msgpack({"k", {1, "2"}})).validJson);
    EXPECT_FALSE(readCompactInput(msgpack({"k", {1, 99999999999LL}})).validJson);
    EXPECT_FALSE(readCompactInput(msgpack({{"k", "v"}, {"x", "y"}})).validJson);
    EXPECT_FALSE(readCompactInput(msgpack(nlohmann::json::object({{"key", "k"}, {"value", "v"}}))).validJson);
    std::string trailing = msgpack({"k", "v"}) + "x";
    EXPECT_FALSE(readCompactInput(trailing).validJson);
}

namespace {

// The virtual memory this process has mapped, in bytes (VmSize of /proc/self/status).
std::size_t mappedBytes() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmSize:", 0) == 0)
            return std::stoull(line.substr(7)) * 1024;
    return 0;
}

} // namespace

TEST(CompactInput, AHugeArrayHeaderAllocatesNoMoreThanTheInputHolds) {
    // [ "k", array32 of 2^32-1 faces ]: 8 bytes that once made the reader reserve 17 GB. Read in a child
    // allowed 1 GB more address space than it has: an allocation of what the header claims fails there.
    const std::string bytes("\x92\xa1k\xdd\xff\xff\xff\xff", 8);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        const rlimit limit{mappedBytes() + (std::size_t(1) << 30), RLIM_INFINITY};
        ::setrlimit(RLIMIT_AS, &limit);
        try {
            ::_exit(readCompactInput(bytes).validJson ? 3 : 0);
        } catch (...) {
            ::_exit(4);
        }
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status)) << "the reader died on an 8-byte input";
    EXPECT_EQ(WEXITSTATUS(status), 0) << "3: read as valid, 4: threw (the allocation failed)";
    EXPECT_EQ(readCompactInput(compactInput(true, readPayloadFields(R"({"key":"k","faces":[3,5,6]})"))).faces,
              (std::vector<int>{3, 5, 6}));
}
