// audio: the simulation's events -> sounds. The simulation stays silent: this library reads the
// per-tick event channel (game/events.h) and asks a Sink to play what each event calls for, panned
// by where it happened. Rollback-safe: an event is identified by (tick, kind, fighter, move), so a
// re-simulated tick never plays twice, and a sound whose event vanished in a rollback is stopped
// if it started at most ROLLBACK_STOP_TICKS ago (counted in ticks, never wall time).
// Depends on game and assets only (never on net: the rollback changes come in as plain calls);
// SDL2_mixer only in mixer_sink.cpp (the MixerSink), so everything else runs without a device.
#pragma once

#include "assets/assets.h"
#include "assets/sound.h"
#include "game/events.h"
#include "game/game.h"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace audio {

// ---- what there is to play ------------------------------------------------------------------------

/// The shared sounds: one file each in assets/sfx/ (a fighter may name its own for its moves).
enum class Sfx : std::uint8_t {
    HitLight,
    HitHeavy,
    HitProjectile,
    Block,
    Clash,
    WhiffLight,
    WhiffHeavy,
    ThrowProjectile,
    Cancel,
    Jump,
    Land,
    Knockdown,
    Ko,
    Round1,
    Round2,
    RoundFinal,
    Fight,
    TimeOver,
    Grab,
    ThrowSlam,
    ThrowTech,
    Super,
    MeterFull,
    MenuMove,
    MenuChoose,
    COUNT
};
inline constexpr game::EnumName<Sfx> SFX_FILES[] = {
    {Sfx::HitLight, "hit_light.wav"},
    {Sfx::HitHeavy, "hit_heavy.wav"},
    {Sfx::HitProjectile, "hit_projectile.wav"},
    {Sfx::Block, "block.wav"},
    {Sfx::Clash, "clash.wav"},
    {Sfx::WhiffLight, "whiff_light.wav"},
    {Sfx::WhiffHeavy, "whiff_heavy.wav"},
    {Sfx::ThrowProjectile, "throw_projectile.wav"},
    {Sfx::Cancel, "cancel.wav"},
    {Sfx::Jump, "jump.wav"},
    {Sfx::Land, "land.wav"},
    {Sfx::Knockdown, "knockdown.wav"},
    {Sfx::Ko, "ko.wav"},
    {Sfx::Round1, "round_1.wav"},
    {Sfx::Round2, "round_2.wav"},
    {Sfx::RoundFinal, "round_final.wav"},
    {Sfx::Fight, "fight.wav"},
    {Sfx::TimeOver, "time_over.wav"},
    {Sfx::Grab, "grab.wav"},
    {Sfx::ThrowSlam, "throw_slam.wav"},
    {Sfx::ThrowTech, "throw_tech.wav"},
    {Sfx::Super, "super.wav"},
    {Sfx::MeterFull, "meter_full.wav"},
    {Sfx::MenuMove, "menu_move.wav"},
    {Sfx::MenuChoose, "menu_choose.wav"},
};
static_assert(std::size(SFX_FILES) == static_cast<std::size_t>(Sfx::COUNT), "every Sfx has its file");

/// The music loops of assets/music/: the title's (each stage's own loop is in its folder,
/// assets/stages/<id>/, loaded with LoadMusicFile).
enum class Track : std::uint8_t { Title, COUNT };
inline constexpr game::EnumName<Track> TRACK_FILES[] = {
    {Track::Title, "title.wav"},
};

/// Folders inside the project's assets/ folder (and, for a fighter's own sounds, inside its folder).
inline constexpr const char* SFX_FOLDER = "sfx";
inline constexpr const char* MUSIC_FOLDER = "music";

/// A sound of the SoundBank (an index); NO_SOUND plays nothing.
using SoundId = std::int32_t;
inline constexpr SoundId NO_SOUND = -1;

/// How much a sound matters when the channels run out (lowest first): a new sound may cut the
/// oldest voice of the lowest priority at or below its own, never one above it.
enum class Priority : std::uint8_t { Menu, Movement, Swing, Impact, Stinger };

/// A started sound, to stop it later; 0 is none (nothing was started).
using VoiceId = std::uint64_t;

/// The player's levels, 0-100 each; effects and music are scaled by master.
struct Volumes {
    std::int32_t master = 100;
    std::int32_t music = 60;
    std::int32_t effects = 100;
    bool mute = false;
    /// Effects' gain 0-1 (0 when muted).
    [[nodiscard]] float EffectsGain() const { return mute ? 0.0f : static_cast<float>(master * effects) / 10000.0f; }
    [[nodiscard]] float MusicGain() const { return mute ? 0.0f : static_cast<float>(master * music) / 10000.0f; }
    friend bool operator==(const Volumes&, const Volumes&) = default;
};

// ---- the sink: where sounds go ------------------------------------------------------------------

/// Plays sounds. The MixerSink plays them through SDL2_mixer; a RecordingSink writes them down for
/// tests. Pan: -1 left, 0 centre, +1 right. Gain: 0-1 of the effects' volume.
class Sink {
public:
    virtual ~Sink() = default;
    /// Starts `sound` once; the voice, or 0 when nothing started (no sound, muted, no channel).
    virtual VoiceId Play(SoundId sound, float pan, float gain, Priority priority) = 0;
    /// Stops a voice (a short fade, no click) if it still plays; a finished or unknown voice is ignored.
    virtual void Stop(VoiceId voice) = 0;
    /// Loops `music` from its start (fading in), replacing what plays; the same track again goes on.
    virtual void PlayMusic(SoundId music) = 0;
    virtual void StopMusic() = 0;
    virtual void SetVolumes(const Volumes& volumes) = 0;
    /// A sound's samples changed (hot reload): the next Play uses the new ones.
    virtual void Reloaded(SoundId) {}
};

/// A sink that plays nothing and writes every call down, in order (tests, and the rollback rules'
/// proofs: which sound was requested, how often, which was stopped).
class RecordingSink final : public Sink {
public:
    struct Played {
        SoundId sound = NO_SOUND;
        float pan = 0, gain = 0;
        Priority priority{};
        VoiceId voice = 0;
        bool stopped = false;
    };
    VoiceId Play(SoundId sound, float pan, float gain, Priority priority) override;
    void Stop(VoiceId voice) override;
    void PlayMusic(SoundId music) override { music_ = music; }
    void StopMusic() override { music_ = NO_SOUND; }
    void SetVolumes(const Volumes& v) override { volumes_ = v; }

    [[nodiscard]] const std::vector<Played>& Plays() const { return plays_; }
    [[nodiscard]] std::int32_t Stops() const { return stops_; }
    [[nodiscard]] SoundId Music() const { return music_; }
    [[nodiscard]] const Volumes& CurrentVolumes() const { return volumes_; }
    void Clear() { plays_.clear(), stops_ = 0; }

private:
    std::vector<Played> plays_;
    std::int32_t stops_ = 0;
    SoundId music_ = NO_SOUND;
    Volumes volumes_;
};

// ---- the channels: a fixed number, and who gives way -----------------------------------------------

/// The MixerSink's channel policy, without SDL: CHANNELS voices at once. A new sound takes a free
/// channel; when none is free it cuts the oldest voice of the lowest priority at or below its own;
/// when every voice is above it, it does not play.
class ChannelPool {
public:
    static constexpr std::int32_t CHANNELS = 16;
    /// The channel for a new voice of `priority`, or -1; `playing(channel)` says whether a channel
    /// still sounds. The caller starts the voice there and records it with Take.
    template <class Playing>
    [[nodiscard]] std::int32_t Pick(Priority priority, Playing&& playing) const {
        std::int32_t best = -1;
        for (std::int32_t c = 0; c < CHANNELS; ++c) {
            if (voices_[static_cast<std::size_t>(c)].voice == 0 || !playing(c)) return c;
            const Slot& s = voices_[static_cast<std::size_t>(c)];
            if (s.priority > priority) continue;
            const Slot* b = best < 0 ? nullptr : &voices_[static_cast<std::size_t>(best)];
            if (b == nullptr || s.priority < b->priority || (s.priority == b->priority && s.voice < b->voice)) best = c;
        }
        return best;
    }
    /// Records that `channel` now plays `voice` (voices are numbered in the order they start).
    void Take(std::int32_t channel, VoiceId voice, Priority priority) {
        voices_[static_cast<std::size_t>(channel)] = {voice, priority};
    }
    /// The channel playing `voice`, or -1.
    [[nodiscard]] std::int32_t ChannelOf(VoiceId voice) const {
        for (std::int32_t c = 0; c < CHANNELS; ++c) {
            if (voice != 0 && voices_[static_cast<std::size_t>(c)].voice == voice) return c;
        }
        return -1;
    }
    void Free(std::int32_t channel) { voices_[static_cast<std::size_t>(channel)] = {}; }

private:
    struct Slot {
        VoiceId voice = 0;
        Priority priority{};
    };
    std::array<Slot, CHANNELS> voices_{};
};

// ---- the mix: every effect summed with headroom, then a limiter --------------------------------------

/// The effects' mix, without SDL (the MixerSink runs it on the device's thread; tests run it
/// offline): ChannelPool::CHANNELS voices, each a sound's samples in the output's format (16-bit,
/// interleaved, the output's channels and rate), summed in float over what the buffer holds already
/// (the music), so no sum clips on the way; then a peak limiter brings the whole down to
/// LIMIT_CEILING when it would go over, and lets it back up over LIMIT_RELEASE_MS. Its invariant: no
/// output sample is beyond LIMIT_CEILING of full scale, whatever plays. Below the ceiling the mix is
/// what SDL_mixer's was: each voice at its cue's gain times the effects' volume, panned as a balance.
class EffectsMixer final : public Sink {
public:
    /// A sound's samples in the output's format, shared with the voices that play them (a reload
    /// replaces a sound without pulling it from under a voice).
    using Samples = std::shared_ptr<const std::vector<std::int16_t>>;
    /// The samples for a sound (nullptr: silence, nothing starts).
    using SamplesOf = std::function<Samples(SoundId)>;
    /// The ceiling: -1 dBFS, in full scales (a sample's magnitude over 32767).
    static constexpr float LIMIT_CEILING = 0.891f;
    /// How fast the limiter gives back its gain after a peak: to about 63% in this long.
    static constexpr float LIMIT_RELEASE_MS = 80.0f;
    /// A stopped voice fades over this long (no click), as SDL_mixer's fade-out did.
    static constexpr float STOP_FADE_MS = 25.0f;

    /// `channels` per frame (1 mono, 2 stereo: left, right, ...), `rateHz` frames a second.
    EffectsMixer(std::int32_t channels, std::int32_t rateHz, SamplesOf samplesOf);

    VoiceId Play(SoundId sound, float pan, float gain, Priority priority) override;
    void Stop(VoiceId voice) override;
    void PlayMusic(SoundId) override {}  // the device's music stream, not a voice (MixerSink)
    void StopMusic() override {}
    void SetVolumes(const Volumes& volumes) override { volumes_ = volumes; }

    /// Mixes the voices into `interleaved` (which holds the music, or silence), limits the sum and
    /// writes it back; finished voices free their channels. `interleaved.size()` is a whole number
    /// of frames.
    void Render(std::span<std::int16_t> interleaved);

    /// The channel `voice` plays on (-1: none), the sound a channel plays (NO_SOUND: none), a
    /// voice's gains per side (0 when none), and how many voices sound.
    [[nodiscard]] std::int32_t ChannelOf(VoiceId voice) const { return pool_.ChannelOf(voice); }
    [[nodiscard]] SoundId SoundOn(std::int32_t channel) const;
    [[nodiscard]] std::array<float, 2> GainsOf(VoiceId voice) const;
    [[nodiscard]] std::int32_t Sounding() const;
    /// The effects' gain now (the volumes': master x effects, 0 muted).
    [[nodiscard]] float EffectsGain() const { return volumes_.EffectsGain(); }
    /// The limiter's gain now (1: not limiting).
    [[nodiscard]] float LimiterGain() const { return limiterGain_; }

private:
    struct Voice {
        Samples samples;
        SoundId sound = NO_SOUND;
        std::size_t at = 0;           ///< the next sample (interleaved index)
        std::array<float, 2> gain{};  ///< left, right (the cue's gain times the balance)
        std::int32_t fadeFrames = 0;  ///< left of a stop's fade; 0: not fading
        [[nodiscard]] bool Sounding() const { return samples && at < samples->size(); }
    };
    std::int32_t channels_;
    std::int32_t rateHz_;
    SamplesOf samplesOf_;
    ChannelPool pool_;
    std::array<Voice, ChannelPool::CHANNELS> voices_{};
    VoiceId nextVoice_ = 1;
    Volumes volumes_;
    float limiterGain_ = 1.0f;
    std::vector<float> sum_;  ///< the float mix of one Render, reused
};

// ---- the sounds, loaded -----------------------------------------------------------------------------

/// A fighter's own sounds, per move (parallel to its definition's moves): NO_SOUND where the
/// manifest names none (the shared sound plays).
struct FighterSounds {
    struct Move {
        SoundId start = NO_SOUND;  ///< the move's `sound`: its swing, or its projectile's throw
        SoundId hit = NO_SOUND;    ///< its `hitSound`
    };
    std::vector<Move> moves;
};

/// Every sound the game may play, decoded: the shared ones (assets/sfx/), the music
/// (assets/music/), each fighter's own (assets/<fighter>/sfx/, named by its manifest). A file that
/// is missing or broken is one line in the list Load returns, and silence for that sound (a
/// fighter's own falls back to the shared one); never a failure. No device needed.
class SoundBank {
public:
    /// Loads the shared sounds and music of `assetsDir` (a project's assets/). A project with no
    /// sfx/ and no music/ folder at all is silent by choice: no line for it.
    /// From now on, a sound file whose real path leaves `within`'s project is refused (a link out
    /// of assets/: docs/reliability.md), as the sprites are; unset, nothing is confined.
    void Confine(const assets::Confinement& within) { within_ = within; }
    std::vector<std::string> LoadShared(const std::string& assetsDir);
    /// Loads `fighter`'s own sounds from `assetsDir`/<id>/sfx/ (replacing what it had).
    std::vector<std::string> LoadFighter(const std::string& assetsDir, const std::string& id,
                                         std::span<const assets::MoveSounds> names);
    /// A music loop outside assets/music/ (a stage's, assets/stages/<id>/): read once per path (the
    /// same path again gives the same id); a file that cannot be read is a line and silence.
    SoundId LoadMusicFile(const std::string& path, std::vector<std::string>& lines);
    /// Files whose size or time changed since they were read, read again (hot reload, polled
    /// like the sprites): a lines per file (reloaded, or what is wrong), and the ids changed.
    struct Change {
        SoundId sound = NO_SOUND;
        std::string line;
    };
    std::vector<Change> Reload();

    [[nodiscard]] SoundId Shared(Sfx sfx) const { return shared_[static_cast<std::size_t>(sfx)]; }
    [[nodiscard]] SoundId Music(Track t) const { return music_[static_cast<std::size_t>(t)]; }
    /// `id`'s own sounds, or nullptr for a fighter the bank does not know.
    [[nodiscard]] const FighterSounds* Fighter(const std::string& id) const;
    /// The decoded samples, or nullptr while the file is missing or broken (silence).
    [[nodiscard]] const assets::Sound* Get(SoundId id) const;
    /// The file a sound comes from.
    [[nodiscard]] const std::string& PathOf(SoundId id) const;
    [[nodiscard]] std::int32_t Size() const { return static_cast<std::int32_t>(entries_.size()); }

private:
    struct Entry {
        std::string path;
        std::optional<assets::Sound> sound;
        std::string signature;  ///< size and time when read
    };
    SoundId Add(const std::string& path, std::vector<std::string>& lines);
    std::optional<assets::Confinement> within_;  // the project, unless links may leave it
    std::vector<Entry> entries_;
    std::array<SoundId, static_cast<std::size_t>(Sfx::COUNT)> shared_{};
    std::array<SoundId, static_cast<std::size_t>(Track::COUNT)> music_{};
    std::vector<std::pair<std::string, FighterSounds>> fighters_;
};

// ---- events to sounds --------------------------------------------------------------------------------

/// Where a sound is panned from.
enum class PanFrom : std::uint8_t { Centre, Event, Fighter };
/// How a kind's sound is refined by the event (the rule's `sfx` is the default).
enum class Pick : std::uint8_t {
    Silent,  ///< decided: no sound
    Fixed,   ///< always `sfx`
    Swing,   ///< a move starts: its own sound, else whiff light or heavy (none for a move that only throws)
    Throw,   ///< a projectile leaves: its move's own sound, else `sfx`
    Hit,     ///< its move's own hit sound, else the projectile's, else light or heavy
    Round,   ///< round 1, round 2, the final round (3 and after)
};

/// One row of the table: what an event kind sounds like. A kind may have two rows (two sounds).
struct EventSoundRule {
    game::EventKind kind;
    Pick pick;
    Sfx sfx;
    PanFrom pan;
    Priority priority;
};
/// Every event kind, decided (a test fails when a kind has no row): adding a kind's sound is one
/// line here.
inline constexpr EventSoundRule EVENT_SOUNDS[] = {
    {game::EventKind::RoundStart, Pick::Round, Sfx::Round1, PanFrom::Centre, Priority::Stinger},
    {game::EventKind::FightStart, Pick::Fixed, Sfx::Fight, PanFrom::Centre, Priority::Stinger},
    {game::EventKind::MoveStart, Pick::Swing, Sfx::WhiffLight, PanFrom::Fighter, Priority::Swing},
    {game::EventKind::ProjectileThrown, Pick::Throw, Sfx::ThrowProjectile, PanFrom::Event, Priority::Swing},
    {game::EventKind::Hit, Pick::Hit, Sfx::HitLight, PanFrom::Event, Priority::Impact},
    {game::EventKind::Block, Pick::Fixed, Sfx::Block, PanFrom::Event, Priority::Impact},
    {game::EventKind::Clash, Pick::Fixed, Sfx::Clash, PanFrom::Event, Priority::Impact},
    {game::EventKind::ClashSpent, Pick::Silent, Sfx::Clash, PanFrom::Event, Priority::Impact},  // the clash sounded
    {game::EventKind::ProjectileCancel, Pick::Fixed, Sfx::Cancel, PanFrom::Event, Priority::Impact},
    {game::EventKind::Jump, Pick::Fixed, Sfx::Jump, PanFrom::Fighter, Priority::Movement},
    {game::EventKind::Land, Pick::Fixed, Sfx::Land, PanFrom::Fighter, Priority::Movement},
    {game::EventKind::KnockOut, Pick::Fixed, Sfx::Knockdown, PanFrom::Fighter, Priority::Impact},
    {game::EventKind::KnockOut, Pick::Fixed, Sfx::Ko, PanFrom::Centre, Priority::Stinger},
    {game::EventKind::RoundEnd, Pick::Silent, Sfx::Ko, PanFrom::Centre, Priority::Stinger},  // KO or time over sounded
    {game::EventKind::TimeOver, Pick::Fixed, Sfx::TimeOver, PanFrom::Centre, Priority::Stinger},
    {game::EventKind::MatchOver, Pick::Silent, Sfx::Ko, PanFrom::Centre, Priority::Stinger},
    {game::EventKind::Cancel, Pick::Silent, Sfx::WhiffLight, PanFrom::Fighter,
     Priority::Swing},  // its MoveStart swings
    {game::EventKind::Grab, Pick::Fixed, Sfx::Grab, PanFrom::Event, Priority::Impact},
    {game::EventKind::ThrowTech, Pick::Fixed, Sfx::ThrowTech, PanFrom::Event, Priority::Impact},
    {game::EventKind::Thrown, Pick::Fixed, Sfx::ThrowSlam, PanFrom::Event, Priority::Impact},
    {game::EventKind::SuperStart, Pick::Fixed, Sfx::Super, PanFrom::Fighter, Priority::Stinger},
    {game::EventKind::Combo, Pick::Silent, Sfx::HitLight, PanFrom::Event, Priority::Impact},  // its Hit sounded
    {game::EventKind::MeterFull, Pick::Fixed, Sfx::MeterFull, PanFrom::Fighter, Priority::Movement},
    {game::EventKind::CounterHit, Pick::Silent, Sfx::HitHeavy, PanFrom::Event, Priority::Impact},  // its Hit sounded
    {game::EventKind::KnockDown, Pick::Fixed, Sfx::Knockdown, PanFrom::Event, Priority::Impact},
    {game::EventKind::GetUp, Pick::Silent, Sfx::Land, PanFrom::Fighter, Priority::Movement},  // quiet: a body rising
};

/// A move is heavy (heavy whiff, heavy hit) from this much damage up; light below.
inline constexpr std::int32_t HEAVY_DAMAGE = 100;
/// Pans never reach a hard side: a fighter at the stage's edge is heard in both ears, mostly one.
inline constexpr float PAN_WIDTH = 0.8f;
/// A sound whose event vanished in a rollback is stopped when it started at most this many ticks
/// ago; an older one has mostly been heard, and cutting it would be worse than letting it end.
inline constexpr std::uint64_t ROLLBACK_STOP_TICKS = 6;

/// What one event plays: a sound, where, how loud, how much it matters.
struct Cue {
    SoundId sound = NO_SOUND;
    float pan = 0;
    float gain = 1;
    Priority priority{};
};

/// The table applied to one match: its two fighters' definitions and sounds.
class EventSounds {
public:
    EventSounds() = default;
    /// `bank` must outlive this; the definitions must outlive it or be replaced with Bind.
    EventSounds(const SoundBank& bank, const game::MatchDefs& defs) : bank_(&bank) { Bind(defs); }
    void Bind(const game::MatchDefs& defs) { defs_ = defs; }
    /// The cues of `e` (at most two), in the table's order. `fighterXPx`: where each fighter
    /// stands now (screen pixels, as e.xPx must be), for the kinds panned from a fighter.
    [[nodiscard]] std::int32_t CuesFor(const game::Event& e, std::array<std::int32_t, 2> fighterXPx,
                                       std::array<Cue, 2>& out) const;
    /// Pan for a screen x (world x less the camera's, render/camera.h): -PAN_WIDTH at the left
    /// edge, +PAN_WIDTH at the right.
    [[nodiscard]] static float PanOf(std::int32_t screenXPx);

private:
    [[nodiscard]] SoundId Choose(const EventSoundRule& rule, const game::Event& e) const;
    [[nodiscard]] const FighterSounds::Move* OwnSounds(std::int32_t fighter, std::int32_t move) const;
    const SoundBank* bank_ = nullptr;
    game::MatchDefs defs_;
};

// ---- rollback -------------------------------------------------------------------------------------

/// Turns events into voices once per identity (tick, kind, fighter, move), whatever the rollbacks
/// do. Offline: feed each tick's events once (Started), then Confirm the tick. Online: feed what
/// net::EventTracker reports: New and Returned -> Started (a returned event is not played again),
/// Vanished -> Vanished; confirmed ticks -> Confirm. Ticks are the only clock.
class RollbackVoices {
public:
    /// `sink` and `sounds` must outlive this.
    RollbackVoices(Sink& sink, const EventSounds& sounds) : sink_(&sink), sounds_(&sounds) {}
    /// `e` happened (first seen, or seen again): its sounds start unless this identity already
    /// played. `nowTick`: the newest tick simulated; a sound another event already started on the
    /// same now-tick is shared, not doubled.
    void Started(const game::Event& e, std::uint64_t nowTick, std::array<std::int32_t, 2> fighterXPx = {320, 320});
    /// `e` no longer happens (a rollback re-simulated its tick without it): its voices stop if they
    /// started at most ROLLBACK_STOP_TICKS before `nowTick`, and no other live event shares them.
    void Vanished(const game::Event& e, std::uint64_t nowTick);
    /// Ticks up to `tick` are final: forgotten.
    void Confirm(std::uint64_t tick);
    /// A new match (its ticks start again): everything forgotten, nothing stopped.
    void Reset();
    /// Identities held: bounded by the rollback window's events.
    [[nodiscard]] std::size_t Size() const { return played_.size(); }
    /// The voices `e`'s identity holds (0 where it started none), or nullptr when it is not held.
    [[nodiscard]] const std::array<VoiceId, 2>* VoicesOf(const game::Event& e) const {
        for (const Played& p : played_) {
            if (p.event.SameIdentity(e)) return &p.voices;
        }
        return nullptr;
    }

private:
    struct Played {
        game::Event event;
        std::array<VoiceId, 2> voices{};
        std::uint64_t startedTick = 0;
        bool live = true;
    };
    struct Recent {
        SoundId sound = NO_SOUND;
        VoiceId voice = 0;
    };
    Sink* sink_;
    const EventSounds* sounds_;
    std::vector<Played> played_;
    std::uint64_t recentTick_ = ~0ull;
    std::vector<Recent> recent_;  ///< sounds started on recentTick_
};

// ---- the device ---------------------------------------------------------------------------------------

/// The SDL2_mixer sink: the effects are an EffectsMixer run in SDL_mixer's post-mix callback (over
/// the music, so the limiter takes both), the loops SDL_mixer's music stream. Open under SDL's dummy
/// driver it plays into nothing (headless runs, CI). Calls from the game's thread and the device's
/// callback take turns on one lock.
class MixerSink final : public Sink {
public:
    /// Opens the audio device (SDL's audio subsystem must be initialised); on failure, nullptr and
    /// `why` (the game then runs silent).
    static std::unique_ptr<MixerSink> Open(const SoundBank& bank, std::string& why);
    ~MixerSink() override;
    MixerSink(const MixerSink&) = delete;
    MixerSink& operator=(const MixerSink&) = delete;

    VoiceId Play(SoundId sound, float pan, float gain, Priority priority) override;
    void Stop(VoiceId voice) override;
    void PlayMusic(SoundId music) override;
    void StopMusic() override;
    void SetVolumes(const Volumes& volumes) override;
    void Reloaded(SoundId sound) override;

    /// For tests: the channel `voice` plays on (-1 if none), the sound a channel plays (NO_SOUND if
    /// none), a voice's gains (left, right), the effects' gain and how many voices sound.
    [[nodiscard]] std::int32_t ChannelOf(VoiceId voice) const;
    [[nodiscard]] SoundId SoundOn(std::int32_t channel) const;
    [[nodiscard]] std::array<float, 2> GainsOf(VoiceId voice) const;
    [[nodiscard]] float EffectsGain() const;
    [[nodiscard]] std::int32_t Sounding() const;
    [[nodiscard]] SoundId MusicPlaying() const { return musicId_; }

private:
    explicit MixerSink(const SoundBank& bank);
    EffectsMixer::Samples Converted(SoundId sound);
    static void PostMix(void* self, std::uint8_t* stream, int bytes);
    const SoundBank& bank_;
    std::vector<EffectsMixer::Samples> converted_;  ///< by SoundId, in the device's format
    std::unique_ptr<EffectsMixer> mix_;
    struct Lock;
    std::unique_ptr<Lock> lock_;
    struct MusicStream;
    std::unique_ptr<MusicStream> music_;
    SoundId musicId_ = NO_SOUND;
};

}  // namespace audio
