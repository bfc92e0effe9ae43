// The lobby's pieces shared by the peer session and the spectator: a match setup as text (the
// header of a zero-tick game::Replay: fighters, simulation version, seed, controllers, level,
// detection), its hash over the text and both fighters' definitions, and the checks that refuse a
// fighter or a setup with a line in each side's own words. Internal to src/net; game only.
// Invariant: two sides that accept the same setup hash build the same game::NewMatch.
#pragma once

#include "net/net.h"

namespace net {

/// The setup's text (at most MAX_SETUP_BYTES for ids within MAX_NAME_BYTES), with the stage's id.
std::string EncodeSetup(const std::array<std::string, 2>& fighterIds, const game::MatchConfig& config,
                        std::int32_t simulationVersion, const std::string& stageId = "rooftop");
/// FNV-1a over the text, then both fighters' definition hashes, then the stage's geometry (so two
/// sides whose stage of that name differs refuse the setup).
std::uint64_t HashSetup(std::string_view text, const std::array<std::uint64_t, 2>& fighterHashes,
                        const game::StageGeometry& stage);
/// The stage `id` of `stages` (empty: the rooftop alone), or nothing.
std::optional<game::StageGeometry> FindStage(const std::vector<StageEntry>& stages, const std::string& id);

/// A refusal in both sides' words: `here` for this side's error, `there` for the peer's.
struct Refusal {
    ErrorCode code = ErrorCode::None;
    std::string here, there;
};

/// The peer's fighter `id` with definition hash `peerHash` against this side's roster; `peer` and
/// `self` name the sides as each sees the other ("opponent", "host", "spectator").
std::optional<Refusal> CheckFighter(const std::vector<const game::FighterDef*>& roster, const std::string& id,
                                    std::uint64_t peerHash, const char* peer, const char* self);

/// What a checked setup builds.
struct AcceptedSetup {
    game::MatchDefs defs;
    game::MatchConfig config;
    std::array<std::string, 2> fighterIds;
    std::string stageId;
    std::int32_t simulationVersion = 0;
};
/// Reads and checks a host's setup against this side's roster: a setup's text, both fighters
/// known with the host's definitions, the hash the host computed. `self` names this side to the host.
/// The setup's stage must be in `stages` (its geometry goes into the accepted config).
Result<AcceptedSetup> AcceptSetup(const SetupPacket& setup, const std::vector<const game::FighterDef*>& roster,
                                  const std::vector<StageEntry>& stages, const char* self, Refusal& refusal);

/// The fighter of `roster` with this id, or nullptr.
const game::FighterDef* FindIn(const std::vector<const game::FighterDef*>& roster, const std::string& id);

/// The version and role checks of a peer's Hello, as a refusal in both sides' words.
std::optional<Refusal> CheckHello(const HelloPacket& peer, const std::string& programVersion,
                                  std::int32_t simulationVersion, PeerRole self);

}  // namespace net
