// The lobby's setup text, its hash, and the checks of a peer's Hello, fighter and setup, each
// refusal worded for both sides ("here" is always the reader's side). Depends on game only.
// Invariant: a setup is accepted only when its text parses as a zero-tick replay header, both
// fighters are in the roster with the host's definition hashes, and the hash matches.
#include "net/lobby.h"

#include "game/fnv.h"

#include <cstdio>

namespace net {

namespace {

std::string Hex(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string Quoted(const std::string& s) {
    return "\"" + s + "\"";
}

}  // namespace

const game::FighterDef* FindIn(const std::vector<const game::FighterDef*>& roster, const std::string& id) {
    for (const game::FighterDef* f : roster) {
        if (f->id == id) return f;
    }
    return nullptr;
}

std::string EncodeSetup(const std::array<std::string, 2>& fighterIds, const game::MatchConfig& config,
                        std::int32_t simulationVersion, const std::string& stageId) {
    game::Replay r;
    r.fighterIds = fighterIds;
    r.stageId = stageId;
    r.config = config;
    r.simulationVersion = simulationVersion;
    return game::FormatReplay(r);
}

std::uint64_t HashSetup(std::string_view text, const std::array<std::uint64_t, 2>& fighterHashes,
                        const game::StageGeometry& stage) {
    game::Fnv1a64 h;
    for (const char c : text) h.Byte(static_cast<std::uint8_t>(c));
    h.Combine(fighterHashes[0]);
    h.Combine(fighterHashes[1]);
    for (const std::int32_t v : {stage.widthPx, stage.startXPx[0], stage.startXPx[1]})
        h.Combine(static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)));
    return h.Value();
}

std::optional<game::StageGeometry> FindStage(const std::vector<StageEntry>& stages, const std::string& id) {
    if (stages.empty() && id == "rooftop") return game::StageGeometry{};
    for (const StageEntry& s : stages) {
        if (s.id == id) return s.geometry;
    }
    return std::nullopt;
}

std::optional<Refusal> CheckFighter(const std::vector<const game::FighterDef*>& roster, const std::string& id,
                                    std::uint64_t peerHash, const char* peer, const char* self) {
    const game::FighterDef* def = FindIn(roster, id);
    if (def == nullptr) {
        return Refusal{ErrorCode::FighterUnknown,
                       std::string("the ") + peer + "'s fighter " + Quoted(id) + " is not in this side's roster",
                       "fighter " + Quoted(id) + " is not in the " + self + "'s roster"};
    }
    const std::uint64_t mine = game::HashFighterDef(*def);
    if (mine == peerHash) return std::nullopt;
    const std::string what = "fighter " + Quoted(id) + " differs: definition hash ";
    return Refusal{ErrorCode::FighterMismatch,
                   what + Hex(mine) + " here, " + Hex(peerHash) + " on the " + peer + "'s side",
                   what + Hex(peerHash) + " here, " + Hex(mine) + " on the " + self + "'s side"};
}

Result<AcceptedSetup> AcceptSetup(const SetupPacket& setup, const std::vector<const game::FighterDef*>& roster,
                                  const std::vector<StageEntry>& stages, const char* self, Refusal& refusal) {
    std::string why;
    const std::optional<game::Replay> parsed = game::ParseReplay(setup.text, why);
    if (!parsed || !parsed->inputs.empty() || parsed->finalHash) {
        refusal = {ErrorCode::SetupMismatch, "the host's match setup cannot be read" + (why.empty() ? "" : ": " + why),
                   std::string("the ") + self + " cannot read this side's match setup"};
        return Error{refusal.code, refusal.here, 0};
    }
    AcceptedSetup a;
    a.fighterIds = parsed->fighterIds;
    a.config = parsed->config;
    a.stageId = parsed->stageId;
    a.simulationVersion = parsed->simulationVersion;
    const std::optional<game::StageGeometry> stage = FindStage(stages, a.stageId);
    if (!stage) {
        refusal = {ErrorCode::SetupMismatch, "the host's stage " + Quoted(a.stageId) + " is not in this side's stages",
                   "stage " + Quoted(a.stageId) + " is not in the " + std::string(self) + "'s stages"};
        return Error{refusal.code, refusal.here, 0};
    }
    a.config.stage = *stage;
    std::array<std::uint64_t, 2> mine{};
    for (std::size_t i = 0; i < 2; ++i) {
        if (auto r = CheckFighter(roster, a.fighterIds[i], setup.fighterHashes[i], "host", self)) {
            refusal = *r;
            return Error{refusal.code, refusal.here, 0};
        }
        a.defs.fighters[i] = FindIn(roster, a.fighterIds[i]);
        mine[i] = game::HashFighterDef(*a.defs.fighters[i]);
    }
    const std::uint64_t hash = HashSetup(setup.text, mine, a.config.stage);
    if (hash != setup.setupHash) {
        refusal = {
            ErrorCode::SetupMismatch,
            "the match setup's hash differs: " + Hex(hash) + " here, " + Hex(setup.setupHash) + " on the host's side",
            "the match setup's hash differs: " + Hex(setup.setupHash) + " here, " + Hex(hash) + " on the " + self +
                "'s side"};
        return Error{refusal.code, refusal.here, 0};
    }
    return a;
}

std::optional<Refusal> CheckHello(const HelloPacket& peer, const std::string& programVersion,
                                  std::int32_t simulationVersion, PeerRole self) {
    const char* peerName = self == PeerRole::Host        ? (peer.role == PeerRole::Spectator ? "spectator" : "opponent")
                           : self == PeerRole::Spectator ? "host"
                                                         : "opponent";
    const char* selfName = self == PeerRole::Spectator        ? "spectator"
                           : peer.role == PeerRole::Spectator ? "host"
                                                              : "opponent";
    if (peer.programVersion != programVersion) {
        const std::string what = "program version differs: ";
        return Refusal{
            ErrorCode::ProgramVersionMismatch,
            what + Quoted(programVersion) + " here, " + Quoted(peer.programVersion) + " on the " + peerName + "'s side",
            what + Quoted(peer.programVersion) + " here, " + Quoted(programVersion) + " on the " + selfName +
                "'s side"};
    }
    if (peer.simulationVersion != simulationVersion) {
        const std::string what = "simulation version differs: ";
        return Refusal{ErrorCode::SimulationVersionMismatch,
                       what + std::to_string(simulationVersion) + " here, " + std::to_string(peer.simulationVersion) +
                           " on the " + peerName + "'s side",
                       what + std::to_string(peer.simulationVersion) + " here, " + std::to_string(simulationVersion) +
                           " on the " + selfName + "'s side"};
    }
    // A host meets players and spectators; a player and a spectator meet only a host.
    const bool hostHere = self == PeerRole::Host, hostThere = peer.role == PeerRole::Host;
    if (hostHere == hostThere) {
        if (hostHere) {
            const char* line = "both sides are hosts: one must join (--join HOST:PORT)";
            return Refusal{ErrorCode::RoleMismatch, line, line};
        }
        const std::string here = self == PeerRole::Spectator
                                     ? "the address is not a host (a " +
                                           std::string(peer.role == PeerRole::Spectator ? "spectator" : "player") +
                                           " answered): spectate a --host"
                                     : "both sides joined: one must host (--host PORT)";
        return Refusal{ErrorCode::RoleMismatch, here, here};
    }
    return std::nullopt;
}

}  // namespace net
