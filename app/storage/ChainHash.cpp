#include "app/storage/ChainHash.h"

#include "common/crypto/Crypto.h"

namespace muster::storage {

namespace {

// "name:length:value\n" - the length prefix makes the encoding unambiguous whatever the value contains. The
// text is small (a photo enters as its hash), so it is built whole and hashed in one call.
class Canonical {
public:
    explicit Canonical(std::string_view tag)
        : m_text(std::string(tag) + "\n") {}
    Canonical& field(std::string_view name, std::string_view value) {
        m_text.append(name).append(":" + std::to_string(value.size()) + ":").append(value).append("\n");
        return *this;
    }
    Canonical& field(std::string_view name, std::int64_t value) { return field(name, std::to_string(value)); }
    std::string hex() const { return crypto::sha256Hex(m_text); }

private:
    std::string m_text;
};

} // namespace

std::string genesisHash(const GameInfo& game) {
    Canonical c("muster-game/1");
    c.field("rule_set", game.ruleSet)
        .field("house_rules", game.houseRulesJson)
        .field("scenario", game.scenarioJson)
        .field("created", game.created)
        .field("muster_version", game.musterVersion);
    // Fields added in schema version 3 go in only when set, so older files keep their hashes.
    if (game.engineVersion != 0)
        c.field("engine_version", game.engineVersion);
    if (!game.playSetupJson.empty())
        c.field("play_setup", game.playSetupJson);
    c.field("players", static_cast<std::int64_t>(game.players.size()));
    for (const Player& p : game.players)
        c.field("name", p.name).field("side", p.side).field("dice_colour", p.diceColour);
    return c.hex();
}

std::string evidenceHash(const std::vector<Evidence>& evidence) {
    if (evidence.empty())
        return {};
    Canonical c("muster-evidence/1");
    for (const Evidence& e : evidence)
        c.field("event_seq", e.eventSeq)
            .field("idx", e.index)
            .field("photo", crypto::sha256Hex(e.jpeg.data(), e.jpeg.size()))
            .field("detections", e.detectionsJson);
    return c.hex();
}

std::string eventHash(const Event& event) {
    Canonical c("muster-event/1");
    c.field("seq", event.seq)
        .field("turn", event.turn)
        .field("phase", event.phase)
        .field("kind", event.kind)
        .field("payload", event.payloadJson)
        .field("player", event.player)
        .field("dice_source", toString(event.source))
        .field("time", event.time)
        .field("evidence", event.evidenceHash)
        .field("prev_hash", event.prevHash);
    if (!event.input.empty()) // schema version 3; older events hash as they always did
        c.field("input", event.input);
    return c.hex();
}

} // namespace muster::storage
