// Inputs beyond one button: the numpad reading of a tick's directions, motions read from the input
// history (docs/rules.md, "Inputs": how long a motion may take, which directions stand in for
// others), two buttons pressed together, and the one priority that picks a move when several
// match. Integers and the state's history only: a motion is decided the same way on every run.
#include "game/game.h"
#include "game/internal.h"

#include <algorithm>
#include <cstdlib>

namespace game {

using namespace detail;

namespace {

// The input `ticksAgo` ticks before this one (0: this tick's), from the fighter's ring.
std::uint8_t HistoryAt(const FighterState& f, std::int32_t ticksAgo) {
    const std::int32_t i = ((f.historyAt - ticksAgo) % INPUT_HISTORY_TICKS + INPUT_HISTORY_TICKS) % INPUT_HISTORY_TICKS;
    return f.inputHistory[static_cast<std::size_t>(i)];
}

// How many ticks ago `bit` went down (pressed on that tick, up on the one before), or -1.
std::int32_t PressTickAgo(const FighterState& f, std::uint8_t bit) {
    for (std::int32_t k = 0; k + 1 < INPUT_HISTORY_TICKS; ++k) {
        if ((HistoryAt(f, k) & bit) != 0 && (HistoryAt(f, k + 1) & bit) == 0) return k;
    }
    return -1;
}

// Does the direction `dir` (numpad) stand for the motion's digit at `index`? Exactly, except one
// documented leniency: the 2 of a dragon punch (a 2 right after a 6, as in 623) may be 2 or 3, so a
// sloppy 6, 3, 3 still rises.
bool DirectionFits(const std::string& motion, std::size_t index, std::int32_t dir) {
    const std::int32_t want = motion[index] - '0';
    if (dir == want) return true;
    return want == 2 && index > 0 && motion[index - 1] == '6' && dir == 3;
}

// The motion's digits, read backward from the button's press `pressAgo` ticks ago: the last
// direction on the press's tick or up to MOTION_BUTTON_GAP_TICKS before it, each earlier digit on
// an earlier tick, the first no more than MOTION_TICKS_PER_DIRECTION per digit before the press.
// Taking each digit's latest tick (greedy from the end) finds a match whenever one exists.
bool MotionMatches(const FighterState& f, const std::string& motion, std::int32_t pressAgo) {
    const auto n = static_cast<std::int32_t>(motion.size());
    const std::int32_t oldest = std::min(pressAgo + n * MOTION_TICKS_PER_DIRECTION, INPUT_HISTORY_TICKS - 1);
    std::int32_t from = pressAgo;
    for (std::int32_t i = n - 1; i >= 0; --i) {
        const std::int32_t limit = i == n - 1 ? std::min(pressAgo + MOTION_BUTTON_GAP_TICKS, oldest) : oldest;
        std::int32_t found = -1;
        for (std::int32_t k = from; k <= limit; ++k) {
            if (DirectionFits(motion, static_cast<std::size_t>(i), NumpadDirection(Input{HistoryAt(f, k)}, f.facing))) {
                found = k;
                break;
            }
        }
        if (found < 0) return false;
        from = found + 1;
    }
    return true;
}

constexpr Input::Bit BUTTON_BITS[3] = {Input::PUNCH, Input::KICK, Input::SPECIAL};

// A move's button, if pressed within the input buffer: how long ago (the later press, for punch and
// kick together), and the press's tick in the history.
struct Press {
    bool ok = false;
    std::int32_t ago = 99;
    std::int32_t historyAgo = -1;
};
Press ButtonPress(const FighterState& f, Button button) {
    Press p;
    if (button == Button::PunchKick) {
        const std::int32_t punch = f.pressedAgo[0], kick = f.pressedAgo[1];
        p.ok =
            punch < INPUT_BUFFER_TICKS && kick < INPUT_BUFFER_TICKS && std::abs(punch - kick) <= THROW_PRESS_GAP_TICKS;
        p.ago = std::min(punch, kick);
        const std::int32_t hp = PressTickAgo(f, Input::PUNCH), hk = PressTickAgo(f, Input::KICK);
        p.historyAgo = hp < 0 || hk < 0 ? std::max(hp, hk) : std::min(hp, hk);
        return p;
    }
    const auto b = static_cast<std::size_t>(button);
    p.ago = f.pressedAgo[b];
    p.ok = p.ago < INPUT_BUFFER_TICKS;
    p.historyAgo = PressTickAgo(f, BUTTON_BITS[b]);
    return p;
}

}  // namespace

std::int32_t NumpadDirection(Input input, Facing facing) {
    const std::int32_t right = input.Has(Input::RIGHT) ? 1 : 0, left = input.Has(Input::LEFT) ? 1 : 0;
    const std::int32_t screenX = right - left;  // both held: neither
    const std::int32_t x = facing == Facing::Right ? screenX : -screenX;
    const std::int32_t y = (input.Has(Input::UP) ? 1 : 0) - (input.Has(Input::DOWN) ? 1 : 0);
    return 5 + x + 3 * y;
}

std::string MoveInputNotation(const MoveDef& move) {
    std::string out;
    if (move.stance == Stance::Air) out = "j.";
    if (!move.motion.empty()) {
        out += move.motion;
    } else if (move.stance != Stance::Air) {
        out += move.stance == Stance::Crouch ? "2" : "5";
    }
    switch (move.button) {
        case Button::Punch:
            return out + "P";
        case Button::Kick:
            return out + "K";
        case Button::Special:
            return out + "S";
        case Button::PunchKick:
            return out + "PK";
    }
    return out;
}

std::vector<Input> MoveInputSequence(const MoveDef& move) {
    std::array<Input, MAX_MOTION_LENGTH> typed{};
    const std::size_t n = TypeMoveInputs(move, typed);
    return std::vector<Input>(typed.begin(), typed.begin() + static_cast<std::ptrdiff_t>(n));
}

std::size_t TypeMoveInputs(const MoveDef& move, std::span<Input, MAX_MOTION_LENGTH> out) {
    const auto bitsOf = [](char digit) {
        const std::int32_t d = digit - '0';
        const std::int32_t x = (d - 1) % 3 - 1, y = (d - 1) / 3 - 1;  // numpad: 1 is down-back
        return static_cast<std::uint8_t>((x > 0 ? Input::RIGHT : 0) | (x < 0 ? Input::LEFT : 0) |
                                         (y < 0 ? Input::DOWN : 0) | (y > 0 ? Input::UP : 0));
    };
    std::uint8_t button = 0;
    switch (move.button) {
        case Button::Punch:
            button = Input::PUNCH;
            break;
        case Button::Kick:
            button = Input::KICK;
            break;
        case Button::Special:
            button = Input::SPECIAL;
            break;
        case Button::PunchKick:
            button = Input::PUNCH | Input::KICK;
            break;
    }
    std::size_t n = 0;
    for (std::size_t i = 0; i + 1 < move.motion.size() && n + 1 < out.size(); ++i)
        out[n++] = Input{bitsOf(move.motion[i])};
    const std::uint8_t last =
        move.motion.empty() ? (move.stance == Stance::Crouch ? Input::DOWN : 0) : bitsOf(move.motion.back());
    out[n++] = Input{static_cast<std::uint8_t>(last | button)};
    return n;
}

namespace detail {

std::int32_t MovePriority(const MoveDef& m) {
    // Super, then motions (longest first), then throws, then the rest: docs/rules.md, "Inputs".
    return (m.meterCost > 0 ? 1000 : 0) + static_cast<std::int32_t>(m.motion.size()) * 10 + (m.throwDef ? 5 : 0);
}

std::int32_t FindMoveAmong(const FighterDef& def, const FighterState& f, Input input,
                           std::span<const std::int32_t> allowed) {
    const bool air = !IsGrounded(f);
    const Stance stance = air ? Stance::Air : input.Has(Input::DOWN) ? Stance::Crouch : Stance::Stand;
    std::int32_t best = -1, bestPriority = -1, bestAgo = 99;
    for (std::size_t m = 0; m < def.moves.size(); ++m) {
        const MoveDef& move = def.moves[m];
        if (!allowed.empty() &&
            std::find(allowed.begin(), allowed.end(), static_cast<std::int32_t>(m)) == allowed.end())
            continue;
        // A motion decides a ground move by itself (236 ends standing, 623 crouching); otherwise
        // the stance must be the fighter's.
        if (move.stance == Stance::Air ? !air : (air || (move.motion.empty() && move.stance != stance))) continue;
        if (move.meterCost > f.meter) continue;
        const Press press = ButtonPress(f, move.button);
        if (!press.ok) continue;
        if (!move.motion.empty() && (press.historyAgo < 0 || !MotionMatches(f, move.motion, press.historyAgo)))
            continue;
        const std::int32_t priority = MovePriority(move);
        if (priority > bestPriority || (priority == bestPriority && press.ago < bestAgo)) {
            best = static_cast<std::int32_t>(m);
            bestPriority = priority;
            bestAgo = press.ago;
        }
    }
    return best;
}

}  // namespace detail

std::int32_t FindRequestedMove(const FighterDef& def, const FighterState& f, Input input) {
    return FindMoveAmong(def, f, input, {});
}

}  // namespace game
