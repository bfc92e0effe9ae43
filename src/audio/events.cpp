// Events to cues (the table applied to one match), the rollback rules, and the recording sink.
// No SDL here: all of it runs in tests without a device.
#include "audio/audio.h"

#include <algorithm>

namespace audio {

// ---- the recording sink ----------------------------------------------------------------------------

VoiceId RecordingSink::Play(SoundId sound, float pan, float gain, Priority priority) {
    if (sound == NO_SOUND) return 0;
    const VoiceId voice = plays_.size() + 1;
    plays_.push_back({sound, pan, gain, priority, voice, false});
    return voice;
}

void RecordingSink::Stop(VoiceId voice) {
    for (Played& p : plays_) {
        if (p.voice == voice && !p.stopped) p.stopped = true, ++stops_;
    }
}

// ---- events to cues -----------------------------------------------------------------------------------

float EventSounds::PanOf(std::int32_t screenXPx) {
    const float x = static_cast<float>(std::clamp(screenXPx, 0, game::SCREEN_WIDTH_PX));
    return PAN_WIDTH * (2.0f * x / static_cast<float>(game::SCREEN_WIDTH_PX) - 1.0f);
}

const FighterSounds::Move* EventSounds::OwnSounds(std::int32_t fighter, std::int32_t move) const {
    if (bank_ == nullptr || (fighter != 0 && fighter != 1) || move < 0) return nullptr;
    const game::FighterDef* def = defs_.fighters[static_cast<std::size_t>(fighter)];
    if (def == nullptr) return nullptr;
    const FighterSounds* own = bank_->Fighter(def->id);
    if (own == nullptr || static_cast<std::size_t>(move) >= own->moves.size()) return nullptr;
    return &own->moves[static_cast<std::size_t>(move)];
}

SoundId EventSounds::Choose(const EventSoundRule& rule, const game::Event& e) const {
    if (bank_ == nullptr || rule.pick == Pick::Silent) return NO_SOUND;
    const game::FighterDef* def =
        e.fighter == 0 || e.fighter == 1 ? defs_.fighters[static_cast<std::size_t>(e.fighter)] : nullptr;
    const game::MoveDef* move = def != nullptr && e.move >= 0 && static_cast<std::size_t>(e.move) < def->moves.size()
                                    ? &def->moves[static_cast<std::size_t>(e.move)]
                                    : nullptr;
    const FighterSounds::Move* own = OwnSounds(e.fighter, e.move);
    // A fighter's own sound that is missing or broken falls back to the shared one.
    const SoundId ownStart = own != nullptr && bank_->Get(own->start) != nullptr ? own->start : NO_SOUND;
    const SoundId ownHit = own != nullptr && bank_->Get(own->hit) != nullptr ? own->hit : NO_SOUND;
    const std::int32_t damage = move != nullptr ? move->damage : e.value;
    switch (rule.pick) {
        case Pick::Silent:
            return NO_SOUND;
        case Pick::Fixed:
            return bank_->Shared(rule.sfx);
        case Pick::Swing:
            if (ownStart != NO_SOUND && !(move != nullptr && move->projectile)) return ownStart;
            // A move that only throws is heard when its projectile leaves (Throw), not here.
            if (move != nullptr && move->projectile && move->activeFirst < 0) return NO_SOUND;
            return bank_->Shared(damage >= HEAVY_DAMAGE ? Sfx::WhiffHeavy : Sfx::WhiffLight);
        case Pick::Throw:
            if (ownStart != NO_SOUND) return ownStart;
            return bank_->Shared(rule.sfx);
        case Pick::Hit:
            if (ownHit != NO_SOUND) return ownHit;
            if (e.projectile) return bank_->Shared(Sfx::HitProjectile);
            return bank_->Shared(damage >= HEAVY_DAMAGE ? Sfx::HitHeavy : Sfx::HitLight);
        case Pick::Round:
            return bank_->Shared(e.value <= 1 ? Sfx::Round1 : e.value == 2 ? Sfx::Round2 : Sfx::RoundFinal);
    }
    return NO_SOUND;
}

std::int32_t EventSounds::CuesFor(const game::Event& e, std::array<std::int32_t, 2> fighterXPx,
                                  std::array<Cue, 2>& out) const {
    std::int32_t n = 0;
    for (const EventSoundRule& rule : EVENT_SOUNDS) {
        if (rule.kind != e.kind || n == 2) continue;
        const SoundId sound = Choose(rule, e);
        if (sound == NO_SOUND) continue;
        float pan = 0.0f;
        if (rule.pan == PanFrom::Event) pan = PanOf(e.xPx);
        if (rule.pan == PanFrom::Fighter && (e.fighter == 0 || e.fighter == 1))
            pan = PanOf(fighterXPx[static_cast<std::size_t>(e.fighter)]);
        out[static_cast<std::size_t>(n++)] = Cue{sound, pan, 1.0f, rule.priority};
    }
    return n;
}

// ---- rollback -------------------------------------------------------------------------------------

void RollbackVoices::Started(const game::Event& e, std::uint64_t nowTick, std::array<std::int32_t, 2> fighterXPx) {
    // Once per identity: a re-simulated tick's event, or one that returned after vanishing, was
    // already heard (or cut on purpose); it does not start again.
    for (const Played& p : played_) {
        if (p.event.SameIdentity(e)) return;
    }
    if (nowTick != recentTick_) recentTick_ = nowTick, recent_.clear();
    Played p{e, {}, nowTick, true};
    std::array<Cue, 2> cues{};
    const std::int32_t n = sounds_->CuesFor(e, fighterXPx, cues);
    for (std::int32_t i = 0; i < n; ++i) {
        const Cue& c = cues[static_cast<std::size_t>(i)];
        // The same sound twice on one tick (a trade: both hit at once) is one voice, not two.
        const auto same =
            std::find_if(recent_.begin(), recent_.end(), [&](const Recent& r) { return r.sound == c.sound; });
        if (same != recent_.end()) {
            p.voices[static_cast<std::size_t>(i)] = same->voice;
            continue;
        }
        const VoiceId v = sink_->Play(c.sound, c.pan, c.gain, c.priority);
        p.voices[static_cast<std::size_t>(i)] = v;
        recent_.push_back({c.sound, v});
    }
    played_.push_back(p);
}

void RollbackVoices::Vanished(const game::Event& e, std::uint64_t nowTick) {
    const auto it = std::find_if(played_.begin(), played_.end(),
                                 [&](const Played& p) { return p.live && p.event.SameIdentity(e); });
    if (it == played_.end()) return;
    it->live = false;
    if (nowTick > it->startedTick + ROLLBACK_STOP_TICKS) return;  // mostly heard: let it end
    for (const VoiceId v : it->voices) {
        if (v == 0) continue;
        const bool shared = std::any_of(played_.begin(), played_.end(), [&](const Played& o) {
            return o.live && std::find(o.voices.begin(), o.voices.end(), v) != o.voices.end();
        });
        if (!shared) sink_->Stop(v);
    }
}

void RollbackVoices::Confirm(std::uint64_t tick) {
    std::erase_if(played_, [&](const Played& p) { return p.event.tick <= tick; });
}

void RollbackVoices::Reset() {
    played_.clear();
    recent_.clear();
    recentTick_ = ~0ull;
}

}  // namespace audio
