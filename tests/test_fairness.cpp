// A fair fight, checked on the project's own fighters (docs/rules.md and issue "A fair fight"):
//   the loop search    every move and light-into-heavy chain, followed by a 0-40 tick walk or wait
//                      and repeated, against both fighters, midscreen and in the corner: no combo
//                      of them passes 12 hits;
//   the punish test    every grounded strike, blocked, is as punishable as docs/rules.md's table
//                      says (played out by game::PunishOnBlock, as `hotmap framedata` shows it);
//   character pins     what keeps each fighter itself, as numbers;
//   throws and supers  throw startup, reach (body to body) and whiff recovery; a super combos;
//   the CPU            its profile on short seeded runs, outcomes counted, never timed; and a
//                      handful of looped one-button patterns against level 3.
// Every figure comes from the simulation; nothing races a clock.
#include "assets/assets.h"
#include "game/arena.h"
#include "game/framedata.h"
#include "game/training.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>

namespace {

using game::Input;

struct Roster {
    std::vector<assets::LoadedFighter> fighters;
    Roster() {
        const assets::AssetRoots roots = assets::AssetRoots::Under(HOTMAP_SOURCE_DIR);
        auto ids = assets::ListFighters(roots);
        EXPECT_TRUE(ids.Ok());
        if (!ids.Ok()) return;
        for (const std::string& id : ids.Value()) {
            auto f = assets::LoadFighter(roots, id);
            EXPECT_TRUE(f.Ok()) << (f.Ok() ? "" : f.GetError().ToLine());
            if (f.Ok()) fighters.push_back(std::move(f).Value());
        }
    }
    [[nodiscard]] const game::FighterDef& Def(const std::string& id) const {
        for (const auto& f : fighters) {
            if (f.def.id == id) return f.def;
        }
        ADD_FAILURE() << "no fighter " << id;
        return fighters.front().def;
    }
};

const Roster& TheRoster() {
    static const Roster roster;  // loaded once for the whole test program
    return roster;
}

std::int32_t MoveIndex(const game::FighterDef& def, const std::string& name) {
    for (std::size_t m = 0; m < def.moves.size(); ++m) {
        if (def.moves[m].name == name) return static_cast<std::int32_t>(m);
    }
    ADD_FAILURE() << def.id << " has no move " << name;
    return 0;
}

std::int32_t TicksOf(const game::AnimationDef& anim, std::int32_t first, std::int32_t last) {
    std::int32_t t = 0;
    for (std::int32_t i = first; i <= last; ++i) t += anim.frames[static_cast<std::size_t>(i)].ticks;
    return t;
}

// The farthest anchor distance at which any active frame of `move` touches `body` (-1: none).
std::int32_t MaxReachPx(const game::FighterDef& def, const game::MoveDef& move, const game::FrameDef& body) {
    std::int32_t best = -1;
    const auto& anim = def.animations[static_cast<std::size_t>(move.animation)];
    for (std::int32_t f = move.activeFirst; f >= 0 && f <= move.activeLast; ++f) {
        for (std::int32_t d = game::FRAMEDATA_MAX_DISTANCE_PX; d > best; --d) {
            if (game::TouchesAt(anim.frames[static_cast<std::size_t>(f)], body, d, game::Facing::Right)) {
                best = d;
                break;
            }
        }
    }
    return best;
}

// Two human sides, the match started as training starts it: the scenes below.
game::MatchState TwoHumansNoTimer(const game::MatchDefs& defs) {
    game::MatchConfig config;
    config.controllers = {game::Controller::Human, game::Controller::Human};
    game::TrainingState training;
    return game::NewTrainingMatch(defs, config, training);
}

// ---- the loop search --------------------------------------------------------------------------------

// One loop: the attacker's inputs (forward/back bits), played from `xPx` against a defender that
// stands still at `defenderXPx`; returns the longest combo the defender suffered in `ticks`.
std::int32_t LongestCombo(const game::FighterDef& a, const game::FighterDef& d, const std::vector<Input>& loop,
                          std::int32_t attackerXPx, std::int32_t defenderXPx, std::int32_t ticks) {
    const game::MatchDefs defs{{&a, &d}};
    game::MatchState s = TwoHumansNoTimer(defs);
    s.fighters[0].xSubpx = attackerXPx * game::SUBPIXELS_PER_PX;
    s.fighters[1].xSubpx = defenderXPx * game::SUBPIXELS_PER_PX;
    s.fighters[0].facing = attackerXPx < defenderXPx ? game::Facing::Right : game::Facing::Left;
    s.fighters[1].facing = attackerXPx < defenderXPx ? game::Facing::Left : game::Facing::Right;
    std::int32_t longest = 0;
    for (std::int32_t t = 0; t < ticks && s.phase == game::Phase::Fight; ++t) {
        game::Inputs in{};
        in[0] = game::ToScreen(loop[static_cast<std::size_t>(t) % loop.size()], s.fighters[0].facing);
        game::StepMatch(defs, s, in);
        s.roundTicksLeft = game::ROUND_TICKS;
        s.fighters[1].health = d.maxHealth;  // the loop is never cut short by a knockout
        s.fighters[0].meter = game::METER_MAX;
        longest = std::max(longest, s.fighters[1].comboHits);
    }
    return longest;
}

TEST(LoopSearch, NoLoopOfMovesCombosPastTwelveHits) {
    const Roster& r = TheRoster();
    ASSERT_GE(r.fighters.size(), 2u);
    constexpr std::int32_t LIMIT = 12, TICKS = 420;
    std::int32_t worst = 0, cases = 0;
    std::string worstCase;
    for (const auto& attacker : r.fighters) {
        const game::FighterDef& a = attacker.def;
        // Each move alone, and each light-into-heavy chain the manifest allows (the cancel pressed
        // on the first tick its window opens after contact: the combo a loop of normals makes).
        std::vector<std::pair<std::string, std::vector<Input>>> strings;
        for (const game::MoveDef& m : a.moves) {
            std::vector<Input> in = game::MoveInputSequence(m);
            if (m.stance == game::Stance::Air) {
                // A jump-in: up-forward, the air button near the top of the jump's way down.
                std::vector<Input> jump(14, Input{Input::UP | Input::RIGHT});
                jump.resize(jump.size() + 10);
                jump.insert(jump.end(), in.begin(), in.end());
                in = jump;
            }
            strings.emplace_back(m.name, in);
            for (const game::CancelDef& c : m.cancels) {
                for (const std::int32_t into : c.into) {
                    const game::MoveDef& next = a.moves[static_cast<std::size_t>(into)];
                    if (!next.motion.empty() || next.meterCost > 0 || m.stance == game::Stance::Air) continue;
                    // Pressed through the window: the next press a few ticks after the first.
                    std::vector<Input> chain = game::MoveInputSequence(m);
                    const std::int32_t windowTick =
                        TicksOf(a.animations[static_cast<std::size_t>(m.animation)], 0, c.firstFrame - 1);
                    chain.resize(static_cast<std::size_t>(std::max<std::int32_t>(windowTick, 1)) + chain.size());
                    const auto second = game::MoveInputSequence(next);
                    chain.insert(chain.end(), second.begin(), second.end());
                    strings.emplace_back(m.name + " > " + next.name, chain);
                }
            }
        }
        for (const auto& defender : r.fighters) {
            const game::FighterDef& d = defender.def;
            const std::int32_t half = d.pushboxWidthPx / 2;
            for (const auto& [name, inputs] : strings) {
                for (const bool corner : {false, true}) {
                    const std::int32_t defenderX = corner ? game::StageGeometry{}.widthPx - 1 - half : 400;
                    for (std::int32_t gap = 0; gap <= 40; ++gap) {
                        for (const bool walk : {false, true}) {
                            std::vector<Input> loop = inputs;
                            loop.insert(loop.end(), static_cast<std::size_t>(gap),
                                        Input{static_cast<std::uint8_t>(walk ? Input::RIGHT : 0)});
                            const std::int32_t combo = LongestCombo(a, d, loop, defenderX - 70, defenderX, TICKS);
                            ++cases;
                            if (combo > worst) {
                                worst = combo;
                                worstCase = a.id + " " + name + " then " + std::to_string(gap) +
                                            (walk ? " ticks walking" : " ticks waiting") + " against " + d.id +
                                            (corner ? " in the corner" : " midscreen");
                            }
                            EXPECT_LE(combo, LIMIT)
                                << a.id << " " << name << ", gap " << gap << (walk ? " walking" : " waiting") << ", vs "
                                << d.id << (corner ? " in the corner" : " midscreen");
                        }
                    }
                }
            }
        }
    }
    std::printf("loop search: %d loops, the longest combo %d hits (%s)\n", cases, worst, worstCase.c_str());
    EXPECT_GT(worst, 1) << "the search never combos at all: it is not testing anything";
}

// ---- the punish test ----------------------------------------------------------------------------------

// docs/rules.md's intent table: "| fighter | move | on block | why |" rows, "safe" or "punishable".
std::map<std::string, std::string> IntentTable() {
    std::ifstream in(std::string(HOTMAP_SOURCE_DIR) + "/docs/rules.md");
    std::map<std::string, std::string> out;
    std::string line;
    bool inTable = false;
    while (std::getline(in, line)) {
        if (line.rfind("| fighter | move | on block |", 0) == 0) {
            inTable = true;
            continue;
        }
        if (!inTable) continue;
        if (line.empty() || line[0] != '|') break;
        if (line.rfind("| ---", 0) == 0) continue;
        std::vector<std::string> cells;
        std::stringstream row(line.substr(1));
        for (std::string cell; std::getline(row, cell, '|');) {
            const auto b = cell.find_first_not_of(' '), e = cell.find_last_not_of(' ');
            cells.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
        }
        if (cells.size() >= 3) out[cells[0] + " " + cells[1]] = cells[2];
    }
    return out;
}

TEST(Punish, EveryGroundedStrikeIsAsPunishableAsTheRulesSay) {
    const Roster& r = TheRoster();
    const auto intent = IntentTable();
    ASSERT_FALSE(intent.empty()) << "docs/rules.md has no \"| fighter | move | on block |\" table";
    std::int32_t checked = 0;
    for (const auto& attacker : r.fighters) {
        for (const auto& defender : r.fighters) {
            const game::FighterDef& a = attacker.def;
            const game::FighterDef& d = defender.def;
            for (std::size_t m = 0; m < a.moves.size(); ++m) {
                const auto punish = game::PunishOnBlock(a, d, static_cast<std::int32_t>(m));
                if (!punish) continue;
                const std::string key = a.id + " " + a.moves[m].name;
                const auto want = intent.find(key);
                ASSERT_NE(want, intent.end()) << "docs/rules.md's table has no row for " << key;
                const std::string got = punish->move < 0 ? "safe" : "punishable";
                EXPECT_EQ(got, want->second)
                    << key << " against " << d.id << ": "
                    << (punish->move < 0 ? "nothing lands in time"
                                         : "punished by " + punish->notation + ", " +
                                               std::to_string(punish->spareTicks) + " ticks to spare");
                ++checked;
            }
        }
    }
    EXPECT_GE(checked, 8);
}

// ---- character pins ------------------------------------------------------------------------------------

TEST(Character, BrickIsTheSlowHeavyAndKestrelTheQuickOne) {
    const Roster& r = TheRoster();
    const game::FighterDef& brick = r.Def("brick");
    const game::FighterDef& kestrel = r.Def("kestrel");
    EXPECT_LE(brick.walkForwardSubpx * 10, kestrel.walkForwardSubpx * 8) << "Brick walks at most 0.8 times as fast";
    EXPECT_GT(brick.maxHealth, kestrel.maxHealth);
    const auto startup = [](const game::FighterDef& def, const std::string& move) {
        const game::MoveDef& m = def.moves[static_cast<std::size_t>(MoveIndex(def, move))];
        return TicksOf(def.animations[static_cast<std::size_t>(m.animation)], 0, m.activeFirst - 1);
    };
    EXPECT_GT(startup(brick, "light_punch"), startup(kestrel, "light_punch"));
}

// ---- throws and the super ------------------------------------------------------------------------------

TEST(Throws, StartInFiveOrSixTicksReachNoFartherThanAJabAndWhiffPunishably) {
    const Roster& r = TheRoster();
    for (const auto& fa : r.fighters) {
        const game::FighterDef& a = fa.def;
        const game::MoveDef& grab = a.moves[static_cast<std::size_t>(MoveIndex(a, "throw"))];
        const game::MoveDef& jab = a.moves[static_cast<std::size_t>(MoveIndex(a, "light_punch"))];
        const auto& anim = a.animations[static_cast<std::size_t>(grab.animation)];
        const std::int32_t startup = TicksOf(anim, 0, grab.activeFirst - 1);
        EXPECT_GE(startup, 5) << a.id;
        EXPECT_LE(startup, 6) << a.id;
        const std::int32_t recovery =
            TicksOf(anim, grab.activeLast + 1, static_cast<std::int32_t>(anim.frames.size()) - 1);
        for (const auto& fd : r.fighters) {
            const game::FighterDef& d = fd.def;
            // Body to body: the anchor distance less both pushboxes' half widths.
            const std::int32_t bodies = (a.pushboxWidthPx + d.pushboxWidthPx) / 2;
            const std::int32_t throwReach = MaxReachPx(a, grab, game::StandingFrame(d)) - bodies;
            const std::int32_t jabReach = MaxReachPx(a, jab, game::StandingFrame(d)) - bodies;
            EXPECT_GE(throwReach + bodies, 0) << a.id << "'s throw reaches nothing of " << d.id;
            EXPECT_LE(throwReach, jabReach) << a.id << "'s throw against " << d.id;
            EXPECT_GE(MaxReachPx(a, grab, game::CrouchingFrame(d)), 0)
                << a.id << "'s throw must take a crouching " << d.id;
            // Whiffed: the defender's own light punch, started at once, lands in its recovery.
            const game::MoveDef& djab = d.moves[static_cast<std::size_t>(MoveIndex(d, "light_punch"))];
            const std::int32_t djabStartup =
                TicksOf(d.animations[static_cast<std::size_t>(djab.animation)], 0, djab.activeFirst - 1) + 1;
            EXPECT_GT(recovery, djabStartup + 8) << a.id << "'s whiffed throw recovers too soon for " << d.id;
        }
    }
}

TEST(Super, AHeavyKickThatHitsCombosIntoTheSuper) {
    const Roster& r = TheRoster();
    for (const auto& fa : r.fighters) {
        for (const auto& fd : r.fighters) {
            const game::FighterDef& a = fa.def;
            const game::FighterDef& d = fd.def;
            const std::int32_t hk = MoveIndex(a, "heavy_kick"), super = MoveIndex(a, "super");
            const game::MatchDefs defs{{&a, &d}};
            game::MatchState s = TwoHumansNoTimer(defs);
            const std::int32_t reach = MaxReachPx(a, a.moves[static_cast<std::size_t>(hk)], game::StandingFrame(d));
            ASSERT_GT(reach, 0);
            s.fighters[0].xSubpx = 200 * game::SUBPIXELS_PER_PX;
            s.fighters[1].xSubpx = (200 + reach - 4) * game::SUBPIXELS_PER_PX;
            s.fighters[0].meter = game::METER_MAX;
            // 5K, then 236236S typed as soon as the kick has hit (within its cancel window).
            std::vector<Input> inputs = game::MoveInputSequence(a.moves[static_cast<std::size_t>(hk)]);
            game::EventList events;
            bool comboSuper = false, kicked = false;
            std::vector<Input> superInputs = game::MoveInputSequence(a.moves[static_cast<std::size_t>(super)]);
            std::size_t at = 0, superAt = 0;
            for (std::int32_t t = 0; t < 200; ++t) {
                game::Inputs in{};
                if (at < inputs.size()) in[0] = inputs[at++];
                if (kicked && superAt < superInputs.size()) in[0] = superInputs[superAt++];
                game::StepMatch(defs, s, in, game::StepHooks{nullptr, nullptr, &events});
                for (const game::Event& e : events.View()) {
                    if (e.kind == game::EventKind::Hit && e.fighter == 0 && e.move == hk) kicked = true;
                    if (e.kind == game::EventKind::Combo && e.move == super) comboSuper = true;
                }
            }
            EXPECT_TRUE(kicked) << a.id << "'s heavy kick did not hit " << d.id;
            EXPECT_TRUE(comboSuper) << a.id << "'s super did not combo after the heavy kick against " << d.id;
        }
    }
}

// ---- the CPU ---------------------------------------------------------------------------------------------

game::SideCounts CpuCountsAt(std::int32_t level, std::int32_t matchesPerSide, std::uint64_t seed) {
    const Roster& r = TheRoster();
    game::SideCounts total;
    for (std::size_t a = 0; a < r.fighters.size(); ++a) {
        for (std::size_t b = 0; b < r.fighters.size(); ++b) {
            if (a == b) continue;
            game::MatchDefs defs;
            defs.fighters = {&r.fighters[a].def, &r.fighters[b].def};
            for (std::int32_t k = 0; k < matchesPerSide; ++k) {
                const auto result =
                    game::PlayArena(defs, {game::ArenaSide{level, nullptr}, game::ArenaSide{level, nullptr}},
                                    seed + static_cast<std::uint64_t>(k));
                total += result.counts[0];
                total += result.counts[1];
            }
        }
    }
    return total;
}

TEST(Cpu, LevelThreeBlocksAntiAirsPunishesAndTechsAsItsProfileSays) {
    const game::SideCounts c = CpuCountsAt(3, 25, 4242);
    // Enough of each thing happened for the share to mean something.
    ASSERT_GE(c.blockable, 100);
    ASSERT_GE(c.jumpIns, 20);
    ASSERT_GE(c.punishable, 15);
    ASSERT_GE(c.grabbed, 15);
    EXPECT_GE(c.blocked * 100, c.blockable * 60) << c.blocked << " of " << c.blockable << " blocked";
    EXPECT_LE(c.blocked * 100, c.blockable * 90) << c.blocked << " of " << c.blockable << " blocked: at most 90 %";
    EXPECT_GE(c.antiAired * 100, c.jumpIns * 50) << c.antiAired << " of " << c.jumpIns << " jump-ins anti-aired";
    EXPECT_GE(c.punished * 100, c.punishable * 50) << c.punished << " of " << c.punishable << " punished";
    EXPECT_GE(c.teched * 100, c.grabbed * 50) << c.teched << " of " << c.grabbed << " grabs broken";
    EXPECT_GT(c.airAttacks, 0);
    EXPECT_GT(c.throws, 0);
}

TEST(Cpu, LevelOneIsBeatable) {
    const game::SideCounts c = CpuCountsAt(1, 25, 4242);
    ASSERT_GE(c.grabbed, 15);
    EXPECT_LE(c.teched * 100, c.grabbed * 20) << c.teched << " of " << c.grabbed << " grabs broken";
    EXPECT_LE(c.blocked * 100, c.blockable * 50) << c.blocked << " of " << c.blockable << " blocked";
}

// docs/rules.md's profile table says what the code does: each row's three figures, in order.
TEST(Cpu, TheRulesProfileTableIsTheCode) {
    std::ifstream in(std::string(HOTMAP_SOURCE_DIR) + "/docs/rules.md");
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    const auto row = [&](const std::string& label) {
        const auto at = doc.find("| " + label + " |");
        EXPECT_NE(at, std::string::npos) << "docs/rules.md has no row \"" << label << "\"";
        std::vector<std::int32_t> numbers;
        if (at == std::string::npos) return numbers;
        const std::string line = doc.substr(at + label.size() + 3, doc.find('\n', at) - at - label.size() - 3);
        for (std::size_t i = 0; i < line.size();) {
            if (std::isdigit(static_cast<unsigned char>(line[i]))) {
                std::size_t end = i;
                while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
                numbers.push_back(std::stoi(line.substr(i, end - i)));
                i = end;
            } else {
                ++i;
            }
        }
        return numbers;
    };
    const auto expectRow = [&](const std::string& label, auto field, bool withSpread = false) {
        std::vector<std::int32_t> want;
        for (std::int32_t level = 1; level <= 3; ++level) {
            const game::CpuProfile& p = game::CpuProfileOf(level);
            want.push_back(field(p));
            if (withSpread) want.push_back(0), want.push_back(p.reactionSpreadTicks);
        }
        EXPECT_EQ(row(label), want) << label;
    };
    expectRow(
        "reaction (ticks, plus 0 to the spread)", [](const game::CpuProfile& p) { return p.reactionTicks; }, true);
    expectRow("keeps its guard up at close range", [](const game::CpuProfile& p) { return p.guardPercent; });
    expectRow("guards an attack, jump-in or projectile it sees in time",
              [](const game::CpuProfile& p) { return p.blockPercent; });
    expectRow("meets a jump-in it sees with its anti-air", [](const game::CpuProfile& p) { return p.antiAirPercent; });
    expectRow("punishes a blocked or whiffed move that leaves it time",
              [](const game::CpuProfile& p) { return p.punishPercent; });
    expectRow("breaks a throw whose start it sees in time", [](const game::CpuProfile& p) { return p.techPercent; });
    expectRow("presses a throw break up close, guessing", [](const game::CpuProfile& p) { return p.techGuessPercent; });
    expectRow("attacks in its jumps", [](const game::CpuProfile& p) { return p.airAttackPercent; });
    expectRow("throws when close (doubled against a guarding opponent)",
              [](const game::CpuProfile& p) { return p.throwPercent; });
    expectRow("jumps in from jump range (doubled against a guarding opponent)",
              [](const game::CpuProfile& p) { return p.jumpInPercent; });
    expectRow("pokes with a normal that reaches", [](const game::CpuProfile& p) { return p.pokePercent; });
    expectRow("confirms a hit into the next move of its chain",
              [](const game::CpuProfile& p) { return p.comboPercent; });
    expectRow("spends a full bar on the super in range", [](const game::CpuProfile& p) { return p.superPercent; });
    expectRow("gets up with a reversal", [](const game::CpuProfile& p) { return p.reversalPercent; });
    expectRow("learns from an exchange (per cent of its damage)",
              [](const game::CpuProfile& p) { return p.learnPercent; });
    // Level 1 guesses a throw break ~10 % of the time and cannot see one in time: "about 10 %".
    EXPECT_EQ(game::CpuProfileOf(1).techPercent, 0);
    EXPECT_GE(game::CpuProfileOf(1).reactionTicks, 10);
    EXPECT_GE(game::CpuProfileOf(3).reactionTicks, 10) << "reactions take at least 10 ticks";
}

// A handful of the looped patterns (bench_balance plays them all): each wins at most 10 % against
// level 3, for both fighters, from both sides, against both fighters.
TEST(Cpu, NoLoopedPatternBeatsLevelThree) {
    const Roster& r = TheRoster();
    const std::vector<std::string> names{"S every 2", "5P every 12", "hold 1", "jump in, j.K at 12", "walk 15, throw"};
    for (const auto& fp : r.fighters) {
        const auto patterns = game::LoopPatterns(fp.def);
        for (const std::string& name : names) {
            const auto pattern = std::find_if(patterns.begin(), patterns.end(),
                                              [&](const game::LoopPattern& p) { return p.name == name; });
            ASSERT_NE(pattern, patterns.end()) << name;
            for (const auto& fc : r.fighters) {
                std::int32_t wins = 0, cpuWins = 0, played = 0;
                for (std::int32_t side = 0; side < 2; ++side) {
                    game::MatchDefs defs;
                    defs.fighters = side == 0 ? std::array<const game::FighterDef*, 2>{&fp.def, &fc.def}
                                              : std::array<const game::FighterDef*, 2>{&fc.def, &fp.def};
                    std::array<game::ArenaSide, 2> sides{};
                    sides[static_cast<std::size_t>(side)] = game::ArenaSide{3, &pattern->slot};
                    sides[static_cast<std::size_t>(1 - side)] = game::ArenaSide{3, nullptr};
                    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
                        const auto result = game::PlayArena(defs, sides, seed * 31 + static_cast<std::uint64_t>(side));
                        ++played;
                        if (result.winner == side) ++wins;
                        if (result.winner == 1 - side) ++cpuWins;
                    }
                }
                EXPECT_LE(wins * 10, played) << fp.def.id << "'s \"" << name << "\" against " << fc.def.id;
                // The CPU must win, not only survive: a draw or a timeout is not a win.
                EXPECT_GE(cpuWins * 10, played * 9) << fp.def.id << "'s \"" << name << "\" against the level-3 "
                                                    << fc.def.id << ": the CPU won " << cpuWins << " of " << played;
            }
        }
    }
}

}  // namespace

// ---- knockdowns, getting up, counter-hits (docs/rules.md) ----------------------------------------

namespace knock {

constexpr std::uint8_t R = Input::RIGHT, D = Input::DOWN, P = Input::PUNCH, K = Input::KICK;

// Brick (P1, at 200 facing right) rushes Kestrel (P2, 80 px away) and knocks her down; then, with
// `jab`, he presses punch every other tick while she is down; with `pressTick` >= 0 he walks in
// and presses the throw (6PK) on that tick. `reversal(t)` is Kestrel's input on tick t.
struct Run {
    std::vector<std::vector<game::Event>> events;  // [tick]
    std::vector<game::Action> kestrel;             // [tick]: her action after the tick
    std::int32_t downTick = -1, getUpTick = -1, firstFreeTick = -1;
};

Run Play(bool jab, std::int32_t pressTick, const std::function<std::uint8_t(std::int32_t)>& reversal) {
    const Roster& r = TheRoster();
    const game::MatchDefs defs{{&r.Def("brick"), &r.Def("kestrel")}};
    game::MatchState s = TwoHumansNoTimer(defs);
    s.fighters[0].xSubpx = 200 * game::SUBPIXELS_PER_PX;
    s.fighters[1].xSubpx = 280 * game::SUBPIXELS_PER_PX;
    Run run;
    for (std::int32_t t = 0; t < 240; ++t) {
        std::uint8_t brick = 0;
        if (t == 0) brick = D;
        if (t == 1) brick = D | R;
        if (t == 2) brick = R | K;
        const bool down = run.downTick >= 0 && run.firstFreeTick < 0;
        if (down && jab) brick = (t % 2 == 0) ? P : 0;
        if (pressTick >= 0 && t >= run.downTick + 1 && run.downTick >= 0) brick = R;
        if (pressTick >= 0 && t == pressTick) brick = R | P | K;
        game::EventList events;
        game::StepMatch(defs, s, {Input{brick}, Input{reversal ? reversal(t) : std::uint8_t{0}}},
                        game::StepHooks{nullptr, nullptr, &events});
        run.events.emplace_back(events.View().begin(), events.View().end());
        run.kestrel.push_back(s.fighters[1].action);
        for (const game::Event& e : events.View()) {
            if (e.kind == game::EventKind::KnockDown && e.target == 1 && run.downTick < 0) run.downTick = t;
            if (e.kind == game::EventKind::GetUp && e.fighter == 1 && run.getUpTick < 0) run.getUpTick = t;
        }
        if (run.downTick >= 0 && run.firstFreeTick < 0 && t > run.downTick && game::RuleOf(s.fighters[1].action).free)
            run.firstFreeTick = t;
    }
    return run;
}

}  // namespace knock

TEST(Knockdowns, DownCannotBeHitAndGetsUpAfterItsTicks) {
    const knock::Run run = knock::Play(true, -1, nullptr);
    ASSERT_GE(run.downTick, 0) << "the rush knocks down";
    ASSERT_GT(run.getUpTick, run.downTick);
    int jabsWhileDown = 0;
    for (std::int32_t t = run.downTick + 1; t < run.getUpTick; ++t) {
        for (const game::Event& e : run.events[static_cast<std::size_t>(t)]) {
            EXPECT_FALSE((e.kind == game::EventKind::Hit || e.kind == game::EventKind::Block) && e.target == 1)
                << "tick " << t << ": a fighter down is hit";
            jabsWhileDown += e.kind == game::EventKind::MoveStart && e.fighter == 0;
        }
    }
    EXPECT_GE(jabsWhileDown, 2) << "Brick swung at her while she was down";
    // Down KNOCKDOWN_TICKS on the floor (the rush's hitstop first), the last GET_UP_TICKS getting up;
    // a jab already out when she gets up hits her then (a meaty).
    const game::MoveDef& rush =
        TheRoster().Def("brick").moves[static_cast<std::size_t>(MoveIndex(TheRoster().Def("brick"), "rush"))];
    EXPECT_EQ(run.getUpTick - run.downTick, game::KNOCKDOWN_TICKS + rush.hitstopTicks);
    const knock::Run alone = knock::Play(false, -1, nullptr);
    EXPECT_EQ(alone.getUpTick, run.getUpTick);
    EXPECT_EQ(alone.firstFreeTick, alone.getUpTick) << "left alone, she is free on the tick she gets up";
}

TEST(Knockdowns, AReversalTypedWhileDownComesOutOnTheFirstFreeTick) {
    const knock::Run plain = knock::Play(false, -1, nullptr);
    ASSERT_GT(plain.firstFreeTick, 0);
    const std::int32_t f = plain.firstFreeTick;
    // 623P relative to facing left: forward is left. Typed over the last ticks down, punch last.
    constexpr std::uint8_t L = Input::LEFT;
    const knock::Run reversal = knock::Play(false, -1, [f](std::int32_t t) -> std::uint8_t {
        if (t == f - 4) return L;
        if (t == f - 3) return knock::D;
        if (t == f - 2) return knock::D | L;
        if (t == f - 1) return knock::D | L | knock::P;
        return 0;
    });
    const std::int32_t antiAir = MoveIndex(TheRoster().Def("kestrel"), "anti_air");
    std::int32_t started = -1;
    for (std::size_t t = 0; t < reversal.events.size() && started < 0; ++t) {
        for (const game::Event& e : reversal.events[t]) {
            if (e.kind == game::EventKind::MoveStart && e.fighter == 1 && e.move == antiAir)
                started = static_cast<std::int32_t>(t);
        }
    }
    EXPECT_EQ(started, f) << "the anti-air starts on her first free tick";
}

// Brick walks in while she is down and presses his throw on each tick around her getting up: no
// grab takes her in her first WAKEUP_THROW_IMMUNE_TICKS ticks up, and the first one after does.
TEST(Knockdowns, NoGrabTakesAFighterInItsFirstTicksUp) {
    const knock::Run plain = knock::Play(false, -1, nullptr);
    ASSERT_GT(plain.firstFreeTick, 0);
    const std::int32_t f = plain.firstFreeTick;
    std::int32_t firstGrab = -1;
    for (std::int32_t press = f - 12; press <= f + 8; ++press) {
        const knock::Run run = knock::Play(false, press, nullptr);
        ASSERT_EQ(run.firstFreeTick, f) << "pressed at " << press;
        for (std::size_t t = 0; t < run.events.size(); ++t) {
            for (const game::Event& e : run.events[t]) {
                if (e.kind != game::EventKind::Grab || e.fighter != 0) continue;
                const std::int32_t g = static_cast<std::int32_t>(t);
                EXPECT_GE(g, f + game::WAKEUP_THROW_IMMUNE_TICKS) << "pressed at " << press;
                if (firstGrab < 0 || g < firstGrab) firstGrab = g;
            }
        }
    }
    EXPECT_EQ(firstGrab, f + game::WAKEUP_THROW_IMMUNE_TICKS) << "the throw reaches her, once it may";
}

// Brick's jab into Kestrel's heavy kick's startup: a counter-hit, COUNTER_HIT_HITSTUN_BONUS_TICKS
// longer in hitstun than the same jab on her standing.
TEST(CounterHits, AHitInStartupIsACounterHitWithItsHitstunBonus) {
    const Roster& r = TheRoster();
    const game::MatchDefs defs{{&r.Def("brick"), &r.Def("kestrel")}};
    const auto hitstun = [&](bool kicking, bool* counter) {
        game::MatchState s = TwoHumansNoTimer(defs);
        s.fighters[0].xSubpx = 200 * game::SUBPIXELS_PER_PX;
        s.fighters[1].xSubpx = 290 * game::SUBPIXELS_PER_PX;
        std::int32_t hitAt = -1, stun = 0;
        *counter = false;
        for (std::int32_t t = 0; t < 90; ++t) {
            const std::uint8_t brick = t == 0 ? knock::P : 0;
            const std::uint8_t kestrel = (kicking && t == 0) ? knock::K : 0;
            game::EventList events;
            game::StepMatch(defs, s, {Input{brick}, Input{kestrel}}, game::StepHooks{nullptr, nullptr, &events});
            for (const game::Event& e : events.View()) {
                if (e.kind == game::EventKind::Hit && e.fighter == 0 && hitAt < 0) hitAt = t;
                *counter = *counter || (e.kind == game::EventKind::CounterHit && e.fighter == 0);
            }
            if (hitAt >= 0 && s.fighters[1].action == game::Action::Hitstun) ++stun;
        }
        EXPECT_GE(hitAt, 0) << (kicking ? "kicking" : "standing");
        return stun;
    };
    bool counter = false, plainCounter = false;
    const int onStartup = hitstun(true, &counter), onStanding = hitstun(false, &plainCounter);
    EXPECT_TRUE(counter) << "the jab interrupts her kick's startup";
    EXPECT_FALSE(plainCounter);
    EXPECT_EQ(onStartup - onStanding, game::COUNTER_HIT_HITSTUN_BONUS_TICKS);
}
