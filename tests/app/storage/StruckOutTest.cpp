// Struck-out finds: the players' "not a die" reasons are read back from a photo's detections JSON, for the
// log, `game log` and the report. Nothing in a malformed document may throw.

#include "app/storage/StruckOut.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

using namespace muster::storage;
using namespace muster::storage::test;

TEST(StruckOut, ReasonsOfFoundDiceComeFirstThenFindsOnlyThePersonPlaced) {
    const std::string doc = R"({"dice":[{"face":3,"confidence":0.97},{"face":6,"notADie":"a shadow"},)"
                            R"({"face":1,"notADie":"the order chit"}],)"
                            R"("notADie":[{"x":12,"y":40,"reason":"a die outside the throw"}]})";
    EXPECT_EQ(struckOutReasons(doc),
              (std::vector<std::string>{"a shadow", "the order chit", "a die outside the throw"}));
    EXPECT_EQ(struckOutText(struckOutReasons(doc)),
              "struck out 3 finds as not a die: a shadow; the order chit; a die outside the throw");
}

TEST(StruckOut, OneFindAndAnEmptyReason) {
    EXPECT_EQ(struckOutText(struckOutReasons(R"({"dice":[{"face":2,"notADie":""}]})")),
              "struck out 1 find as not a die: no reason given");
    EXPECT_EQ(struckOutText({}), "");
}

TEST(StruckOut, MalformedDocumentsGiveNothingAndNeverThrow) {
    for (const char* doc : {"", "not json", "[1,2]", R"({"dice":7})", R"({"dice":[5,"x",null]})",
                            R"({"dice":[{"notADie":4}]})", R"({"notADie":{"reason":"x"}})",
                            R"({"notADie":[{"reason":[1]}, 3]})", R"({"dice":[{"notADie":"cut)"})
        EXPECT_TRUE(struckOutReasons(doc).empty()) << doc;
}

TEST(StruckOut, ByEventSeqOverEveryPhotoOfTheJournal) {
    ScratchDir dir;
    const std::string game = dir.file("struck.muster");
    auto j = Journal::create(game, sampleGame());
    ASSERT_TRUE(j) << j.message();
    ASSERT_TRUE(j->append(diceDraft(1, {2, 5}, 1))); // seq 1: a photo, nothing struck out
    EventDraft struck = diceDraft(1, {4}, 2);        // seq 2: two photos, one find struck out in each
    struck.evidence[0].detectionsJson = R"({"dice":[{"face":4},{"face":6,"notADie":"a coin"}]})";
    struck.evidence[1].detectionsJson = R"({"dice":[],"notADie":[{"x":1,"y":2,"reason":"a bead"}]})";
    ASSERT_TRUE(j->append(struck));
    const auto bySeq = struckOutBySeq(*j);
    ASSERT_TRUE(bySeq) << bySeq.message();
    ASSERT_EQ(bySeq->size(), 1u);
    EXPECT_EQ(bySeq->begin()->first, 2);
    EXPECT_EQ(bySeq->begin()->second, (std::vector<std::string>{"a coin", "a bead"}));
    const auto photos = j->evidenceDetections();
    ASSERT_TRUE(photos) << photos.message();
    ASSERT_EQ(photos->size(), 3u);
    for (const Evidence& p : *photos)
        EXPECT_TRUE(p.jpeg.empty()) << "the log reads no photo bytes";
}
