// The audio layer (src/audio): the table from events to sounds on the project's own fighters and
// sounds, panning, the fallbacks for missing and broken files, the channel policy, each rollback
// rule (a test that fails when the rule is taken out), a two-peer session at 100 ms feeding the real
// layer (each confirmed hit requested exactly once), and the SDL2_mixer sink under the dummy driver
// (the right chunk, volumes, mute).
#include "assets/assets.h"
#include "audio/audio.h"
#include "net/net.h"
#include "net_harness.h"
#include "run_command.h"
#include "synthetic_fighter.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

namespace {

namespace fs = std::filesystem;
using audio::Sfx;

const std::string ASSETS = std::string(HOTMAP_SOURCE_DIR) + "/assets";

// The project's fighters and sounds, loaded once.
struct Project {
    std::vector<assets::LoadedFighter> fighters;
    audio::SoundBank bank;
    std::vector<std::string> lines;
    audio::SoundId rooftopMusic = audio::NO_SOUND;  ///< the default stage's loop (assets/stages/rooftop)
    Project() {
        lines = bank.LoadShared(ASSETS);
        rooftopMusic = bank.LoadMusicFile(ASSETS + "/stages/rooftop/music.wav", lines);
        for (const char* id : {"brick", "kestrel"}) {
            auto f = assets::LoadFighter(assets::AssetRoots::Under(HOTMAP_SOURCE_DIR), id);
            if (!f.Ok()) throw std::runtime_error(f.GetError().ToLine());
            fighters.push_back(std::move(f).Value());
            for (std::string& l : bank.LoadFighter(ASSETS, id, fighters.back().moveSounds)) lines.push_back(l);
        }
    }
    [[nodiscard]] game::MatchDefs Defs() const {
        game::MatchDefs d;
        d.fighters = {&fighters[0].def, &fighters[1].def};
        return d;
    }
    [[nodiscard]] std::int16_t Move(int fighter, const char* name) const {
        const auto& moves = fighters[static_cast<std::size_t>(fighter)].def.moves;
        for (std::size_t i = 0; i < moves.size(); ++i)
            if (moves[i].name == name) return static_cast<std::int16_t>(i);
        return -1;
    }
};
const Project& P() {
    static const Project p;
    return p;
}

game::Event Ev(game::EventKind kind, std::int8_t fighter = -1, std::int16_t move = -1, std::uint64_t tick = 100) {
    game::Event e;
    e.tick = tick;
    e.kind = kind;
    e.fighter = fighter;
    e.target = fighter < 0 ? -1 : static_cast<std::int8_t>(1 - fighter);
    e.move = move;
    e.xPx = 320;
    return e;
}

// The file names an event plays, in order.
std::vector<std::string> Files(const game::Event& e, std::array<std::int32_t, 2> x = {200, 440}) {
    const audio::EventSounds sounds(P().bank, P().Defs());
    std::array<audio::Cue, 2> cues{};
    const std::int32_t n = sounds.CuesFor(e, x, cues);
    std::vector<std::string> out;
    for (std::int32_t i = 0; i < n; ++i)
        out.push_back(fs::path(P().bank.PathOf(cues[static_cast<std::size_t>(i)].sound)).filename().string());
    return out;
}

using V = std::vector<std::string>;

TEST(EventSounds, EveryEventKindIsDecidedInTheTable) {
    for (const auto& [kind, name] : game::EVENT_KIND_NAMES) {
        const bool decided = std::any_of(std::begin(audio::EVENT_SOUNDS), std::end(audio::EVENT_SOUNDS),
                                         [kind = kind](const audio::EventSoundRule& r) { return r.kind == kind; });
        EXPECT_TRUE(decided) << name << ": give it a row in audio::EVENT_SOUNDS (Pick::Silent for no sound)";
    }
}

TEST(EventSounds, TheProjectLoadsEverySoundWithoutAWord) {
    EXPECT_TRUE(P().lines.empty()) << P().lines.front();
    for (int s = 0; s < static_cast<int>(Sfx::COUNT); ++s)
        EXPECT_NE(P().bank.Get(P().bank.Shared(static_cast<Sfx>(s))), nullptr) << audio::SFX_FILES[s].name;
    EXPECT_NE(P().bank.Get(P().bank.Music(audio::Track::Title)), nullptr);
    EXPECT_NE(P().bank.Get(P().rooftopMusic), nullptr);
}

TEST(EventSounds, EachEventPlaysWhatItIs) {
    using K = game::EventKind;
    const std::int16_t brickPunch = P().Move(0, "light_punch"), brickKick = P().Move(0, "heavy_kick"),
                       brickLow = P().Move(0, "low_kick"), brickSpecial = P().Move(0, "special"),
                       kestrelKick = P().Move(1, "heavy_kick"), kestrelSpecial = P().Move(1, "special");
    EXPECT_EQ(Files(Ev(K::MoveStart, 0, brickPunch)), V{"whiff_light.wav"});
    EXPECT_EQ(Files(Ev(K::MoveStart, 0, brickLow)), V{"whiff_light.wav"}) << "75 damage: light";
    EXPECT_EQ(Files(Ev(K::MoveStart, 0, brickKick)), V{"whiff_heavy.wav"}) << "135 damage: heavy";
    EXPECT_EQ(Files(Ev(K::MoveStart, 1, kestrelKick)), V{"whiff_heavy.wav"});
    EXPECT_EQ(Files(Ev(K::MoveStart, 0, brickSpecial)), V{}) << "a move that only throws is heard when it throws";
    EXPECT_EQ(Files(Ev(K::ProjectileThrown, 0, brickSpecial)), V{"rock_throw.wav"}) << "Brick's own";
    EXPECT_EQ(Files(Ev(K::ProjectileThrown, 1, kestrelSpecial)), V{"blade_whoosh.wav"}) << "Kestrel's own";
    game::Event hit = Ev(K::Hit, 0, brickPunch);
    EXPECT_EQ(Files(hit), V{"hit_light.wav"});
    hit.move = brickKick;
    EXPECT_EQ(Files(hit), V{"hit_heavy.wav"});
    hit.move = brickSpecial, hit.projectile = true;
    EXPECT_EQ(Files(hit), V{"rock_hit.wav"});
    hit.fighter = 1, hit.move = kestrelSpecial;
    EXPECT_EQ(Files(hit), V{"blade_hit.wav"});
    EXPECT_EQ(Files(Ev(K::Block, 0, brickKick)), V{"block.wav"});
    EXPECT_EQ(Files(Ev(K::Clash)), V{"clash.wav"});
    EXPECT_EQ(Files(Ev(K::ClashSpent, 0, brickPunch)), V{});
    EXPECT_EQ(Files(Ev(K::ProjectileCancel)), V{"cancel.wav"});
    EXPECT_EQ(Files(Ev(K::Jump, 1)), V{"jump.wav"});
    EXPECT_EQ(Files(Ev(K::Land, 1)), V{"land.wav"});
    EXPECT_EQ(Files(Ev(K::KnockOut, 1)), (V{"knockdown.wav", "ko.wav"}));
    game::Event round = Ev(K::RoundStart);
    for (const auto& [n, file] : {std::pair{1, "round_1.wav"}, {2, "round_2.wav"}, {3, "round_final.wav"}}) {
        round.value = n;
        EXPECT_EQ(Files(round), V{file}) << n;
    }
    EXPECT_EQ(Files(Ev(K::FightStart)), V{"fight.wav"});
    EXPECT_EQ(Files(Ev(K::TimeOver)), V{"time_over.wav"});
    EXPECT_EQ(Files(Ev(K::RoundEnd)), V{});
    EXPECT_EQ(Files(Ev(K::MatchOver)), V{});
    // The fight depth's events: a throw is heard when it grabs and when it lands (a tech breaks
    // it with its own sound), the super's flash over its swing, a full meter's chime; a cancel and
    // a combo are heard through their MoveStart and Hit.
    const std::int16_t brickThrow = P().Move(0, "throw");
    EXPECT_EQ(Files(Ev(K::Grab, 0, brickThrow)), V{"grab.wav"});
    EXPECT_EQ(Files(Ev(K::Thrown, 0, brickThrow)), V{"throw_slam.wav"});
    EXPECT_EQ(Files(Ev(K::ThrowTech, 0, brickThrow)), V{"throw_tech.wav"});
    EXPECT_EQ(Files(Ev(K::SuperStart, 1, P().Move(1, "super"))), V{"super.wav"});
    EXPECT_EQ(Files(Ev(K::MeterFull, 1)), V{"meter_full.wav"});
    EXPECT_EQ(Files(Ev(K::Cancel, 0, brickKick)), V{});
    EXPECT_EQ(Files(Ev(K::Combo, 0, brickKick)), V{});
}

TEST(EventSounds, PanFollowsWhereItHappenedOverTheStage) {
    const audio::EventSounds sounds(P().bank, P().Defs());
    std::array<audio::Cue, 2> cues{};
    game::Event hit = Ev(game::EventKind::Hit, 0, P().Move(0, "light_punch"));
    for (const auto& [x, pan] : {std::pair{0, -audio::PAN_WIDTH}, {320, 0.0f}, {640, audio::PAN_WIDTH}, {480, 0.4f}}) {
        hit.xPx = x;
        ASSERT_EQ(sounds.CuesFor(hit, {0, 0}, cues), 1);
        EXPECT_NEAR(cues[0].pan, pan, 1e-6) << x;
    }
    // A jump has no position of its own: where its fighter stands.
    ASSERT_EQ(sounds.CuesFor(Ev(game::EventKind::Jump, 1), {100, 600}, cues), 1);
    EXPECT_NEAR(cues[0].pan, audio::EventSounds::PanOf(600), 1e-6);
    EXPECT_GT(cues[0].pan, 0.5f);
    // A stinger is centred.
    ASSERT_EQ(sounds.CuesFor(Ev(game::EventKind::KnockOut, 0), {0, 0}, cues), 2);
    EXPECT_NEAR(cues[0].pan, -audio::PAN_WIDTH, 1e-6) << "the body falls where it stands";
    EXPECT_EQ(cues[1].pan, 0.0f) << "KO is centred";
}

// A project folder holding copies of the shared sounds, to break.
fs::path CopyOfSounds(const std::string& name) {
    const fs::path dir = testrun::FreshDir(name);
    fs::copy(ASSETS + "/sfx", dir / "sfx");
    fs::copy(ASSETS + "/music", dir / "music");
    return dir;
}

TEST(SoundBank, AMissingOrBrokenFileIsOneLineAndSilenceNeverAFailure) {
    const fs::path dir = CopyOfSounds("bank_broken");
    fs::remove(dir / "sfx" / "block.wav");
    { std::ofstream(dir / "sfx" / "clash.wav") << "not a wav"; }
    audio::SoundBank bank;
    const auto lines = bank.LoadShared(dir.string());
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0].rfind("warning: " + (dir / "sfx" / "block.wav").string() + ": no such file", 0), 0u) << lines[0];
    EXPECT_EQ(lines[1].rfind("warning: " + (dir / "sfx" / "clash.wav").string() + ": not a WAV", 0), 0u) << lines[1];
    EXPECT_EQ(bank.Get(bank.Shared(Sfx::Block)), nullptr);
    EXPECT_EQ(bank.Get(bank.Shared(Sfx::Clash)), nullptr);
    EXPECT_NE(bank.Get(bank.Shared(Sfx::HitLight)), nullptr);
    // A fighter's own sound that is missing: one line, and the shared sound plays instead.
    const std::vector<assets::MoveSounds> names{{"", ""}, {"gone_throw.wav", "gone_hit.wav"}};
    const auto own = bank.LoadFighter(dir.string(), "a", names);
    ASSERT_EQ(own.size(), 2u);
    EXPECT_NE(own[0].find("gone_throw.wav: no such file (the shared sound plays instead)"), std::string::npos)
        << own[0];
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a");
    game::MatchDefs defs;
    defs.fighters = {&a, &a};
    const audio::EventSounds sounds(bank, defs);
    std::array<audio::Cue, 2> cues{};
    game::Event hit = Ev(game::EventKind::Hit, 0, 1);
    hit.projectile = true;
    ASSERT_EQ(sounds.CuesFor(hit, {0, 0}, cues), 1);
    EXPECT_EQ(cues[0].sound, bank.Shared(Sfx::HitProjectile));
    fs::remove_all(dir);
}

TEST(SoundBank, AProjectWithoutSoundFoldersIsSilentByChoiceWithoutALine) {
    const fs::path dir = testrun::FreshDir("bank_none");
    audio::SoundBank bank;
    EXPECT_TRUE(bank.LoadShared(dir.string()).empty());
    EXPECT_EQ(bank.Get(bank.Shared(Sfx::HitLight)), nullptr);
    fs::remove_all(dir);
}

TEST(SoundBank, AChangedFileIsReloadedAndABrokenOneKeepsTheLastGood) {
    const fs::path dir = CopyOfSounds("bank_reload");
    audio::SoundBank bank;
    ASSERT_TRUE(bank.LoadShared(dir.string()).empty());
    const audio::SoundId jump = bank.Shared(Sfx::Jump);
    EXPECT_TRUE(bank.Reload().empty()) << "nothing changed";
    fs::copy_file(dir / "sfx" / "land.wav", dir / "sfx" / "jump.wav", fs::copy_options::overwrite_existing);
    const auto changes = bank.Reload();
    ASSERT_EQ(changes.size(), 1u);
    EXPECT_EQ(changes[0].sound, jump);
    EXPECT_EQ(bank.Get(jump)->samples, bank.Get(bank.Shared(Sfx::Land))->samples);
    { std::ofstream(dir / "sfx" / "jump.wav") << "RIFF"; }  // half-written
    const auto bad = bank.Reload();
    ASSERT_EQ(bad.size(), 1u);
    EXPECT_EQ(bad[0].line.rfind("error: ", 0), 0u) << bad[0].line;
    ASSERT_NE(bank.Get(jump), nullptr) << "the last good version stays";
    fs::remove_all(dir);
}

// ---- the channel policy ------------------------------------------------------------------------------

TEST(ChannelPool, AFreeChannelFirstThenTheOldestOfTheLowestPriorityNeverAHigherOne) {
    audio::ChannelPool pool;
    const auto allPlaying = [](std::int32_t) { return true; };
    audio::VoiceId v = 1;
    for (std::int32_t c = 0; c < audio::ChannelPool::CHANNELS; ++c) {
        const std::int32_t got = pool.Pick(audio::Priority::Impact, allPlaying);
        ASSERT_EQ(got, c) << "free channels first";
        pool.Take(got, v++, c == 5 || c == 9 ? audio::Priority::Movement : audio::Priority::Impact);
    }
    EXPECT_EQ(pool.Pick(audio::Priority::Impact, allPlaying), 5) << "the oldest of the lowest priority";
    pool.Take(5, v++, audio::Priority::Impact);
    EXPECT_EQ(pool.Pick(audio::Priority::Swing, allPlaying), 9) << "a lower voice gives way to a higher sound";
    pool.Take(9, v++, audio::Priority::Impact);
    EXPECT_EQ(pool.Pick(audio::Priority::Movement, allPlaying), -1) << "nothing above gives way to a jump";
    EXPECT_EQ(pool.Pick(audio::Priority::Impact, allPlaying), 0) << "among equals, the oldest";
    EXPECT_EQ(pool.Pick(audio::Priority::Menu, [](std::int32_t c) { return c != 12; }), 12)
        << "a finished voice frees its channel";
    EXPECT_EQ(pool.ChannelOf(v - 1), 9);
    pool.Free(9);
    EXPECT_EQ(pool.ChannelOf(v - 1), -1);
}

// ---- the rollback rules -------------------------------------------------------------------------------

struct Layer {
    audio::RecordingSink sink;
    audio::EventSounds sounds{P().bank, P().Defs()};
    audio::RollbackVoices voices{sink, sounds};
};

game::Event Hit(std::uint64_t tick, std::int8_t fighter = 0) {
    game::Event e = Ev(game::EventKind::Hit, fighter, P().Move(fighter, "light_punch"), tick);
    e.target = static_cast<std::int8_t>(1 - fighter);
    return e;
}

TEST(RollbackVoices, AReSimulatedTickDoesNotPlayItsSoundAgain) {
    Layer l;
    l.voices.Started(Hit(100), 100);
    l.voices.Started(Hit(100), 103);  // tick 100 simulated again after a rollback: the same hit
    game::Event moved = Hit(100);
    moved.xPx = 333;  // where may differ; the identity is the same
    l.voices.Started(moved, 104);
    ASSERT_EQ(l.sink.Plays().size(), 1u);
    EXPECT_EQ(l.sink.Plays()[0].sound, P().bank.Shared(Sfx::HitLight));
}

TEST(RollbackVoices, ASoundWhoseEventVanishedWithinSixTicksIsStopped) {
    for (std::uint64_t after = 0; after <= audio::ROLLBACK_STOP_TICKS; ++after) {
        Layer l;
        l.voices.Started(Hit(100), 102);
        l.voices.Vanished(Hit(100), 102 + after);
        ASSERT_EQ(l.sink.Plays().size(), 1u);
        EXPECT_TRUE(l.sink.Plays()[0].stopped) << "vanished " << after << " ticks after it started";
    }
}

TEST(RollbackVoices, ASoundWhoseEventVanishedLaterIsLeftToEnd) {
    Layer l;
    l.voices.Started(Hit(100), 102);
    l.voices.Vanished(Hit(100), 102 + audio::ROLLBACK_STOP_TICKS + 1);
    ASSERT_EQ(l.sink.Plays().size(), 1u);
    EXPECT_FALSE(l.sink.Plays()[0].stopped);
    EXPECT_EQ(l.sink.Stops(), 0);
}

TEST(RollbackVoices, AnEventThatReturnsIsNotPlayedAgain) {
    Layer l;
    l.voices.Started(Hit(100), 100);
    l.voices.Vanished(Hit(100), 101);
    l.voices.Started(Hit(100), 102);  // net::EventTracker's Returned
    EXPECT_EQ(l.sink.Plays().size(), 1u);
}

TEST(RollbackVoices, TheSameSoundOnOneTickIsOneVoiceAndStaysWhileAnEventHoldsIt) {
    Layer l;
    l.voices.Started(Hit(100, 0), 100);
    l.voices.Started(Hit(100, 1), 100);  // a trade: both light punches land on one tick
    ASSERT_EQ(l.sink.Plays().size(), 1u) << "not doubled";
    l.voices.Vanished(Hit(100, 1), 101);
    EXPECT_EQ(l.sink.Stops(), 0) << "the other hit still holds the voice";
    l.voices.Vanished(Hit(100, 0), 101);
    EXPECT_EQ(l.sink.Stops(), 1);
    l.voices.Started(Hit(101, 0), 101);
    EXPECT_EQ(l.sink.Plays().size(), 2u) << "the next tick's hit is its own";
}

TEST(RollbackVoices, ConfirmedTicksAreForgotten) {
    Layer l;
    for (std::uint64_t t = 100; t < 110; ++t) l.voices.Started(Hit(t), t);
    EXPECT_EQ(l.voices.Size(), 10u);
    l.voices.Confirm(104);
    EXPECT_EQ(l.voices.Size(), 5u);
    EXPECT_EQ(l.voices.VoicesOf(Hit(104)), nullptr);
    ASSERT_NE(l.voices.VoicesOf(Hit(105)), nullptr);
    l.voices.Vanished(Hit(103), 106);  // forgotten: nothing to stop
    EXPECT_EQ(l.sink.Stops(), 0);
}

// The rules through net::EventTracker on a scripted rollback: a hit predicted at tick 10, then a
// rollback at tick 13 finds it blocked instead, then the hit again.
TEST(RollbackVoices, ThroughTheEventTrackerARollbackSequencePlaysEachOutcomeOnce) {
    Layer l;
    net::EventTracker tracker;
    std::vector<net::EventTracker::Tracked> changes;
    const auto feed = [&](std::uint64_t tick, std::vector<game::Event> events, std::uint64_t now) {
        tracker.Feed(tick, events, changes);
        for (const auto& c : changes) {
            if (c.change == net::EventTracker::Change::Vanished)
                l.voices.Vanished(c.event, now);
            else
                l.voices.Started(c.event, now);
        }
    };
    game::Event block = Hit(10);
    block.kind = game::EventKind::Block;
    feed(10, {Hit(10)}, 10);
    feed(11, {}, 11);
    feed(10, {block}, 13);  // rollback: it was blocked
    feed(11, {}, 13);
    feed(10, {Hit(10)}, 15);  // another rollback: it landed after all
    ASSERT_EQ(l.sink.Plays().size(), 2u) << "the hit once, the block once";
    EXPECT_TRUE(l.sink.Plays()[0].stopped) << "the hit vanished 3 ticks after it started";
    EXPECT_TRUE(l.sink.Plays()[1].stopped) << "the block vanished 2 ticks after it started";
    EXPECT_EQ(l.sink.Plays()[1].sound, P().bank.Shared(Sfx::Block));
}

// ---- two peers at 100 ms, the real layer -----------------------------------------------------------

TEST(RollbackVoices, TwoPeersAtOneHundredMillisecondsRequestEachConfirmedHitExactlyOnce) {
    const game::FighterDef a = synth::Make(synth::Kick::Rising, "a"), b = synth::Make(synth::Kick::Level, "b");
    netharness::PairOptions o;
    const std::vector<const game::FighterDef*> roster{&a, &b};
    o.rosters = {roster, roster};
    o.link.latencyMillis = 100;
    o.link.jitterMillis = 10;
    o.lastTick = 1800;
    o.config.seed = 3;
    struct Side {
        audio::RecordingSink sink;
        audio::EventSounds sounds;
        std::unique_ptr<audio::RollbackVoices> voices;
        net::EventTracker tracker;
        std::vector<net::EventTracker::Tracked> changes;
        std::map<std::tuple<std::uint64_t, int, int, int>, int> requested;  // plays started per hit
        int confirmedHits = 0, vanished = 0;
        std::vector<std::string> problems;
    };
    std::array<Side, 2> sides;
    const auto key = [](const game::Event& e) { return std::tuple{e.tick, int(e.kind), int(e.fighter), int(e.move)}; };
    o.onPoll = [&](std::int32_t i, net::Session& s, const net::TickReport& report, std::uint64_t) {
        Side& side = sides[static_cast<std::size_t>(i)];
        if (!side.voices) {
            side.sounds = audio::EventSounds(P().bank, s.Defs());
            side.voices = std::make_unique<audio::RollbackVoices>(side.sink, side.sounds);
        }
        side.sounds.Bind(s.Defs());
        std::uint64_t now = 0;
        for (const net::SimulatedTick& t : report.simulated) now = std::max(now, t.tick);
        for (const net::SimulatedTick& t : report.simulated) {
            // Every event of every pass goes in, re-simulations included (more than the app sends,
            // which is the tracker's New and Returned): the layer's own rule must keep each to one.
            for (const game::Event& e : t.events.View()) {
                const std::size_t before = side.sink.Plays().size();
                side.voices->Started(e, now);
                if (e.kind == game::EventKind::Hit)
                    side.requested[key(e)] += static_cast<int>(side.sink.Plays().size() - before);
            }
            side.tracker.Feed(t.tick, t.events.View(), side.changes);
            for (const auto& c : side.changes) {
                if (c.change != net::EventTracker::Change::Vanished) continue;
                side.voices->Vanished(c.event, now);
                side.vanished += c.event.kind == game::EventKind::Hit;
            }
        }
        for (const net::SimulatedTick& t : report.confirmed) {
            for (const game::Event& e : t.events.View()) {
                if (e.kind != game::EventKind::Hit) continue;
                ++side.confirmedHits;
                const auto* voices = side.voices->VoicesOf(e);
                if (voices == nullptr || (*voices)[0] == 0)
                    side.problems.push_back("a confirmed hit at tick " + std::to_string(e.tick) + " has no voice");
                // One play for it, or none when it shares a voice started on the same tick (a trade).
                if (side.requested[key(e)] > 1)
                    side.problems.push_back("a confirmed hit at tick " + std::to_string(e.tick) + " was requested " +
                                            std::to_string(side.requested[key(e)]) + " times");
            }
            side.tracker.Confirm(t.tick);
            side.voices->Confirm(t.tick);
        }
    };
    const netharness::PairResult r = netharness::RunPair(o);
    for (std::size_t i = 0; i < 2; ++i) {
        const Side& side = sides[i];
        EXPECT_GT(r.peers[i].stats.rollbacks, 20) << "100 ms must make the sessions roll back";
        EXPECT_GE(side.confirmedHits, 5) << "the random players land hits";
        EXPECT_TRUE(side.problems.empty()) << side.problems.front();
        EXPECT_LE(side.voices->Size(), 200u) << "confirmed ticks are forgotten";
        int total = 0;
        for (const auto& [k, n] : side.requested) total += n;
        EXPECT_GE(total, side.confirmedHits - 2) << "every confirmed hit was heard (trades share one voice)";
        std::printf("side %zu: %d confirmed hits, %d plays of hits, %d hits vanished, %lld rollbacks\n", i,
                    side.confirmedHits, total, side.vanished, static_cast<long long>(r.peers[i].stats.rollbacks));
    }
    EXPECT_EQ(sides[0].confirmedHits, sides[1].confirmedHits) << "both sides confirm the same match";
}

// ---- SDL2_mixer under the dummy driver --------------------------------------------------------------

class Mixer : public ::testing::Test {
protected:
    void SetUp() override {
        SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
        ASSERT_EQ(SDL_InitSubSystem(SDL_INIT_AUDIO), 0) << SDL_GetError();
        std::string why;
        sink = audio::MixerSink::Open(P().bank, why);
        ASSERT_NE(sink, nullptr) << why;
    }
    void TearDown() override {
        sink.reset();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    std::unique_ptr<audio::MixerSink> sink;
};

TEST_F(Mixer, EachEventPlaysItsOwnChunkOnAChannel) {
    const audio::EventSounds sounds(P().bank, P().Defs());
    audio::RollbackVoices voices(*sink, sounds);
    using K = game::EventKind;
    std::uint64_t tick = 1;
    for (const game::Event& e : {Ev(K::Hit, 0, P().Move(0, "heavy_kick")), Ev(K::Block, 1, P().Move(1, "light_punch")),
                                 Ev(K::Clash), Ev(K::Jump, 0), Ev(K::FightStart)}) {
        game::Event at = e;
        at.tick = tick;
        std::array<audio::Cue, 2> cues{};
        ASSERT_EQ(sounds.CuesFor(at, {300, 300}, cues), 1);
        voices.Started(at, tick);
        const auto* v = voices.VoicesOf(at);
        ASSERT_NE(v, nullptr);
        const std::int32_t channel = sink->ChannelOf((*v)[0]);
        ASSERT_GE(channel, 0) << game::NameOf(game::EVENT_KIND_NAMES, at.kind);
        EXPECT_EQ(sink->SoundOn(channel), cues[0].sound) << "its own sound sounds on its channel";
        ++tick;
    }
}

TEST_F(Mixer, VolumesAreAppliedAndMuteSilences) {
    audio::Volumes v;
    v.master = 50, v.effects = 80, v.music = 40;
    sink->SetVolumes(v);
    EXPECT_FLOAT_EQ(sink->EffectsGain(), 0.4f) << "0.5 x 0.8";
    EXPECT_EQ(Mix_VolumeMusic(-1), 26) << "0.5 x 0.4 of 128";
    sink->PlayMusic(P().rooftopMusic);
    EXPECT_TRUE(Mix_PlayingMusic());
    EXPECT_EQ(sink->MusicPlaying(), P().rooftopMusic);
    v.mute = true;
    sink->SetVolumes(v);
    EXPECT_EQ(sink->EffectsGain(), 0.0f);
    EXPECT_EQ(Mix_VolumeMusic(-1), 0);
    EXPECT_EQ(sink->Play(P().bank.Shared(Sfx::HitLight), 0, 1, audio::Priority::Impact), 0u) << "muted: nothing starts";
    EXPECT_EQ(sink->Sounding(), 0);
    v.mute = false;
    sink->SetVolumes(v);
    const audio::VoiceId voice = sink->Play(P().bank.Shared(Sfx::HitLight), 0.5f, 0.5f, audio::Priority::Impact);
    ASSERT_NE(voice, 0u);
    const std::array<float, 2> gains = sink->GainsOf(voice);
    EXPECT_FLOAT_EQ(gains[0], 0.25f) << "the cue's own gain, balanced to the right: 0.5 x (1 - 0.5) on the left";
    EXPECT_FLOAT_EQ(gains[1], 0.5f) << "and all of it on the right";
    sink->Stop(voice);
    EXPECT_EQ(sink->ChannelOf(voice), -1);
}

TEST_F(Mixer, AMissingOrBrokenSoundPlaysNothingAndFailsNothing) {
    EXPECT_EQ(sink->Play(audio::NO_SOUND, 0, 1, audio::Priority::Impact), 0u);
    const fs::path dir = CopyOfSounds("mixer_broken");
    { std::ofstream(dir / "sfx" / "block.wav") << "garbage"; }
    audio::SoundBank bank;
    ASSERT_EQ(bank.LoadShared(dir.string()).size(), 1u);
    std::string why;
    sink.reset();  // one device at a time
    sink = audio::MixerSink::Open(bank, why);
    ASSERT_NE(sink, nullptr) << why;
    EXPECT_EQ(sink->Play(bank.Shared(Sfx::Block), 0, 1, audio::Priority::Impact), 0u);
    EXPECT_NE(sink->Play(bank.Shared(Sfx::Clash), 0, 1, audio::Priority::Impact), 0u);
    sink.reset();
    fs::remove_all(dir);
}

// ---- the mix: headroom and a limiter (issue 36, item 4) ----------------------------------------------

// The effects' mix rendered offline, as the device's post-mix callback renders it: the project's
// sounds (22,050 Hz mono, as test_sound checks) played stereo at their own rate, the stage's music
// under them at its volume (SDL_mixer mixes it before the effects), one tick's frames at a time.
// Beside it, the oracle of the mix before this one: every voice's samples at its gains plus the
// music, clamped to 16 bits as SDL_mixer's own summing did.
struct OfflineMix {
    static constexpr std::int32_t RATE_HZ = 22050;
    static constexpr float FULL_SCALE = 32767.0f;
    audio::Volumes volumes;  // master 100, effects 100, music 60: the defaults, "volume 100"
    bool music = true;
    std::vector<std::shared_ptr<const std::vector<std::int16_t>>> stereo;  // by SoundId
    audio::EffectsMixer mix{2, RATE_HZ, [this](audio::SoundId id) { return Stereo(id); }};
    struct Started {
        audio::SoundId sound;
        std::array<float, 2> gains;
        std::size_t frame;
    };
    std::vector<Started> started;  // for the oracle
    std::vector<std::int16_t> out;
    std::vector<float> plain;  // the oracle's sum, unclamped
    std::size_t musicAt = 0;

    std::shared_ptr<const std::vector<std::int16_t>> Stereo(audio::SoundId id) {
        const assets::Sound* s = P().bank.Get(id);
        if (s == nullptr || s->channels != 1 || s->rateHz != RATE_HZ) return nullptr;
        if (stereo.size() <= static_cast<std::size_t>(id)) stereo.resize(static_cast<std::size_t>(id) + 1);
        auto& slot = stereo[static_cast<std::size_t>(id)];
        if (!slot) {
            auto two = std::make_shared<std::vector<std::int16_t>>();
            for (const std::int16_t v : s->samples) two->insert(two->end(), {v, v});
            slot = std::move(two);
        }
        return slot;
    }
    // Renders `frames` more frames (music, then the effects through the mixer).
    void Render(std::size_t frames) {
        const assets::Sound* track = P().bank.Get(P().rooftopMusic);
        const std::size_t from = out.size();
        out.resize(from + frames * 2);
        plain.resize(out.size());
        for (std::size_t f = 0; f < frames; ++f) {
            const float m =
                music && track != nullptr
                    ? static_cast<float>(track->samples[musicAt++ % track->samples.size()]) * volumes.MusicGain()
                    : 0.0f;
            out[from + f * 2] = out[from + f * 2 + 1] = static_cast<std::int16_t>(std::lround(m));
            plain[from + f * 2] = plain[from + f * 2 + 1] = m;
        }
        mix.SetVolumes(volumes);
        mix.Render(std::span<std::int16_t>(out).subspan(from));
    }
    // The oracle: each started sound's samples added at its gains over the music.
    [[nodiscard]] std::vector<float> PlainSum() const {
        std::vector<float> sum = plain;
        for (const Started& st : started) {
            const auto& s = *stereo[static_cast<std::size_t>(st.sound)];
            for (std::size_t i = 0; i < s.size() && st.frame * 2 + i < sum.size(); ++i)
                sum[st.frame * 2 + i] += static_cast<float>(s[i]) * st.gains[i % 2] * volumes.EffectsGain();
        }
        return sum;
    }
};

// A sink that starts each sound on the offline mix and notes it for the oracle.
class OfflineSink final : public audio::Sink {
public:
    explicit OfflineSink(OfflineMix& m) : m_(m) {}
    audio::VoiceId Play(audio::SoundId sound, float pan, float gain, audio::Priority priority) override {
        const audio::VoiceId v = m_.mix.Play(sound, pan, gain, priority);
        if (v != 0) m_.started.push_back({sound, m_.mix.GainsOf(v), m_.out.size() / 2});
        return v;
    }
    void Stop(audio::VoiceId voice) override { m_.mix.Stop(voice); }
    void PlayMusic(audio::SoundId) override {}
    void StopMusic() override {}
    void SetVolumes(const audio::Volumes& v) override { m_.volumes = v; }

private:
    OfflineMix& m_;
};

std::int64_t Clipped(std::span<const std::int16_t> samples) {
    return std::count_if(samples.begin(), samples.end(), [](std::int16_t v) { return v == 32767 || v <= -32767; });
}

double RmsDb(std::span<const float> samples) {
    double sum = 0;
    for (const float v : samples) sum += static_cast<double>(v) * v;
    return 10.0 * std::log10(sum / static_cast<double>(samples.size()) / (32767.0 * 32767.0));
}

// A CPU-vs-CPU match of the project's fighters to its first knock-out and 3 s on (the KO's sound
// rings for 2.8 s), every event through RollbackVoices into the offline mix at volume 100 with the
// stage's music: not one sample clips, where the plain sum clamped (the mix before) clipped.
TEST(Mix, ABusyExchangeAndTheKnockOutNeverClipAtVolumeOneHundred) {
    OfflineMix m;
    OfflineSink sink(m);
    const audio::EventSounds sounds(P().bank, P().Defs());
    audio::RollbackVoices voices(sink, sounds);
    game::MatchConfig config;
    config.controllers = {game::Controller::Cpu, game::Controller::Cpu};
    config.cpuLevel = 3;
    config.seed = 7;
    const game::MatchDefs defs = P().Defs();
    game::MatchState s = game::NewMatch(defs, config);
    game::EventList events;
    int hits = 0, heavyHits = 0;
    std::int64_t koTick = -1;
    for (std::int64_t t = 0; t < 60 * 200 && (koTick < 0 || t < koTick + 180); ++t) {
        game::StepMatch(defs, s, {}, game::StepHooks{nullptr, nullptr, &events});
        const std::array<std::int32_t, 2> x{s.fighters[0].xSubpx / game::SUBPIXELS_PER_PX,
                                            s.fighters[1].xSubpx / game::SUBPIXELS_PER_PX};
        for (const game::Event& e : events.View()) {
            voices.Started(e, e.tick, x);
            if (e.kind == game::EventKind::Hit) ++hits, heavyHits += e.value >= audio::HEAVY_DAMAGE ? 1 : 0;
            if (e.kind == game::EventKind::KnockOut && koTick < 0) koTick = t;
        }
        voices.Confirm(s.tick);
        // 22,050 frames a second over 60 ticks: 367 or 368 a tick, never drifting.
        m.Render(static_cast<std::size_t>((t + 1) * OfflineMix::RATE_HZ / 60 - t * OfflineMix::RATE_HZ / 60));
    }
    ASSERT_GE(koTick, 0) << "the match reached a knock-out";
    EXPECT_GE(heavyHits, 3) << "a busy exchange: heavy hits among " << hits;
    std::vector<std::int16_t> before;
    for (const float v : m.PlainSum())
        before.push_back(static_cast<std::int16_t>(std::clamp(std::lround(v), -32768l, 32767l)));
    const std::int64_t clippedBefore = Clipped(before), clippedNow = Clipped(m.out);
    float peakBefore = 0;
    for (const float v : m.PlainSum()) peakBefore = std::max(peakBefore, std::abs(v) / OfflineMix::FULL_SCALE);
    std::printf(
        "%zu s of a match (%d hits, %d heavy, KO at tick %lld): %lld samples clipped in the plain sum (its "
        "peak %.2f x full scale), %lld through the mix\n",
        m.out.size() / 2 / OfflineMix::RATE_HZ, hits, heavyHits, static_cast<long long>(koTick),
        static_cast<long long>(clippedBefore), peakBefore, static_cast<long long>(clippedNow));
    EXPECT_GT(clippedBefore, 0) << "the match is busy enough to clip the mix before this one";
    EXPECT_EQ(clippedNow, 0);
}

// A heavy hit alone (no music) at volume 100 sounds as loud as it did: within 3 dB of the plain
// mix's level (its samples at its cue's gain), by RMS over the sound's length.
TEST(Mix, ALoneHeavyHitKeepsItsLevelWithinThreeDecibels) {
    OfflineMix m;
    m.music = false;
    OfflineSink sink(m);
    const audio::EventSounds sounds(P().bank, P().Defs());
    audio::RollbackVoices voices(sink, sounds);
    game::Event hit = Ev(game::EventKind::Hit, 0, P().Move(0, "heavy_kick"), 1);
    std::array<audio::Cue, 2> cues{};
    ASSERT_EQ(sounds.CuesFor(hit, {320, 320}, cues), 1);
    ASSERT_EQ(cues[0].sound, P().bank.Shared(Sfx::HitHeavy));
    voices.Started(hit, 1, {320, 320});
    const std::size_t frames = P().bank.Get(cues[0].sound)->samples.size();
    m.Render(frames);
    const std::vector<float> before = m.PlainSum();
    const std::vector<float> now(m.out.begin(), m.out.end());
    const double beforeDb = RmsDb(before), nowDb = RmsDb(now);
    float peakBefore = 0, peakNow = 0;
    for (const float v : before) peakBefore = std::max(peakBefore, std::abs(v) / 32767.0f);
    for (const float v : now) peakNow = std::max(peakNow, std::abs(v) / 32767.0f);
    std::printf(
        "a lone heavy hit: %.2f dBFS RMS (peak %.3f) in the plain mix, %.2f dBFS RMS (peak %.3f) through "
        "the mix\n",
        beforeDb, peakBefore, nowDb, peakNow);
    EXPECT_GT(nowDb, beforeDb - 3.0);
    EXPECT_LE(nowDb, beforeDb + 0.01) << "the limiter never adds level";
}

// The limiter's own rule on a synthetic overload: sixteen full-scale voices at once stay under the
// ceiling on every sample, and a quiet sound after them comes back to its level.
TEST(Mix, TheLimiterHoldsTheCeilingAndLetsGo) {
    auto loud = std::make_shared<std::vector<std::int16_t>>(2 * 2000, std::int16_t{32767});
    auto quiet = std::make_shared<std::vector<std::int16_t>>(2 * 22050, std::int16_t{3000});
    audio::EffectsMixer mix(2, 22050, [&](audio::SoundId id) { return id == 0 ? loud : quiet; });
    for (int i = 0; i < audio::ChannelPool::CHANNELS; ++i) ASSERT_NE(mix.Play(0, 0, 1, audio::Priority::Impact), 0u);
    std::vector<std::int16_t> out(2 * 2000);
    mix.Render(out);
    const float ceiling = audio::EffectsMixer::LIMIT_CEILING * 32767.0f;
    for (const std::int16_t v : out) ASSERT_LE(std::abs(v), std::lround(ceiling));
    EXPECT_NEAR(std::abs(out[10]), ceiling, 1.0f) << "limited to the ceiling, not below it";
    ASSERT_NE(mix.Play(1, 0, 1, audio::Priority::Impact), 0u);
    std::vector<std::int16_t> after(2 * 22050);
    mix.Render(after);
    EXPECT_NEAR(after.back(), 3000, 3) << "a second later the gain is back to 1";
    EXPECT_LT(after[2], 3000 - 100) << "but not at once";
}

}  // namespace
