#include "app/storage/ChainHash.h"

#include "app/storage/Sha256.h"

namespace muster::storage {

namespace {

// "name:length:value\n" - the length prefix makes the encoding unambiguous whatever the value contains.
class Canonical {
public:
    explicit Canonical(std::string_view tag) { m_hash.update(std::string(tag) + "\n"); }
    Canonical& field(std::string_view name, std::string_view value) {
        m_hash.update(name);
        m_hash.update(":" + std::to_string(value.size()) + ":");
        m_hash.update(value);
        m_hash.update("\n");
        return *this;
    }
    Canonical& field(std::string_view name, std::int64_t value) { return field(name, std::to_string(value)); }
    std::string hex() { return Sha256::hex(m_hash.digest()); }

private:
    Sha256 m_hash;
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
            .field("photo", Sha256::hexOf(e.jpeg.data(), e.jpeg.size()))
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
