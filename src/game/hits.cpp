// The hit check, in three steps, as the DirectDraw seed orders them:
//   1. hitbox pass: every body (a fighter's hurt area, an active attack, a projectile) gets its
//      placed tight bounds; of the pairs that can interact, only those whose boxes overlap go on;
//   2. per-pixel pass: the overlap query on those pairs' masks, mirrored by facing, the spinning
//      projectile through the transformed query; every contact is recorded;
//   3. reactions: only now does any state change, from the recorded contacts and a snapshot of
//      the fighters as they were tested, so a trade (both hit on one tick) hits both.
#include "game/game.h"
#include "game/internal.h"

#include <algorithm>

namespace game::detail {

namespace {

struct Body {
    BodyKind kind{};
    std::int32_t owner = 0;
    std::int32_t projectile = -1;
    collide::Collider collider{};
    collide::TransformedPlacement tp{};  // the collider points here for a spinning projectile
    collide::Rect bounds{};
};

struct Pair {
    PairKind kind{};
    std::int32_t a = 0, b = 0;  // body indices; for AttackHurt / ProjectileHurt, a attacks b
};

struct Contact {
    PairKind kind{};
    std::int32_t a = 0, b = 0;
    collide::Point first{};
};

constexpr std::size_t MAX_BODIES = 4 + MAX_PROJECTILES;
constexpr std::size_t MAX_PAIRS = 3 + MAX_PROJECTILES + MAX_PROJECTILES * MAX_PROJECTILES / 2;

// What passes 1 and 2 hand to the reactions: the bodies and the contacts, in reaction order.
struct Passes {
    std::array<Body, MAX_BODIES> bodies{};
    std::size_t bodyCount = 0;
    std::array<Contact, MAX_PAIRS> contacts{};
    std::size_t contactCount = 0;
    // Bodies (indices into bodies) in a pair whose boxes connected and whose pixels did not touch.
    std::array<bool, MAX_BODIES> rejectedByPixels{};
};

double Micros(std::uint64_t from, std::uint64_t to) {
    return static_cast<double>(to - from) / 1000.0;
}

collide::Rect Inset(collide::Rect r, std::int32_t px) {
    return collide::Rect{r.x + px, r.y + px, r.w - 2 * px, r.h - 2 * px};
}

bool IsActiveFrame(const MoveDef& move, std::int32_t frame) {
    return move.activeFirst >= 0 && frame >= move.activeFirst && frame <= move.activeLast;
}

const char* Name(std::int32_t side) {
    return side == 0 ? "P1" : "P2";
}

// A hit or a block on `defender`, decided from the snapshot taken before any reaction.
void ApplyHit(const MatchDefs& defs, MatchState& s, const std::array<FighterState, 2>& before, const Inputs& inputs,
              std::int32_t attacker, std::int32_t defender, const MoveDef& move, std::int32_t direction, bool melee,
              collide::Point at, std::string* what) {
    const FighterState& was = before[static_cast<std::size_t>(defender)];
    FighterState& d = s.fighters[static_cast<std::size_t>(defender)];
    const Input in = inputs[static_cast<std::size_t>(defender)];
    const bool crouching = in.Has(Input::DOWN);
    const bool canBlockNow = IsGrounded(was) && (was.action == Action::Idle || was.action == Action::WalkBack ||
                                                 was.action == Action::Crouch || was.action == Action::BlockStand ||
                                                 was.action == Action::BlockCrouch);
    const bool blocked = canBlockNow && HoldsBack(was, in) && (move.height != HitHeight::Low || crouching);
    const FighterDef& ddef = *defs.fighters[static_cast<std::size_t>(defender)];
    std::int32_t slide = direction * move.knockbackSubpx;
    // Pushback off the wall: a defender with its back to the wall cannot slide, so the attacker
    // slides back instead (melee only; a projectile has no one to push).
    const collide::Rect box = PushboxOf(ddef, was);
    const bool cornered = (direction > 0 && box.Right() >= STAGE_WIDTH_PX - 2) || (direction < 0 && box.x <= 2);
    if (cornered && melee) {
        s.fighters[static_cast<std::size_t>(attacker)].slideSubpx = -slide;
        slide = 0;
    }
    d.slideSubpx = slide;
    d.move = -1;
    if (blocked) {
        d.health = std::max(std::min(d.health, 1), d.health - move.damage / CHIP_DAMAGE_DIVISOR);
        StartAction(d, crouching ? Action::BlockCrouch : Action::BlockStand,
                    AnimIndex(crouching ? Anim::BlockCrouch : Anim::BlockStand));
        d.stunTicks = move.blockstunTicks;
        d.vxSubpx = 0;
        ++s.stats.blocks[static_cast<std::size_t>(defender)];
        AddSpark(s, at, SparkKind::Block);
        if (what) *what = std::string(Name(defender)) + " blocked " + Name(attacker) + " " + move.name;
        return;
    }
    d.health = std::max(0, d.health - move.damage);
    d.vxSubpx = 0;
    if (d.health == 0) {
        StartAction(d, Action::Knockdown, AnimIndex(Anim::Knockdown));
        d.stunTicks = 0;
    } else {
        StartAction(d, Action::Hitstun, AnimIndex(Anim::Hit));
        d.stunTicks = move.hitstunTicks;
    }
    ++s.stats.hits[static_cast<std::size_t>(attacker)];
    AddSpark(s, at, SparkKind::Hit);
    if (what)
        *what =
            std::string(Name(attacker)) + " " + move.name + " hit " + Name(defender) + (d.health == 0 ? ": KO" : "");
}

}  // namespace

// Passes 1 and 2 on a state that does not change: bodies, broad phase, pixel tests, contacts.
static void FindContacts(const MatchDefs& defs, const MatchState& s, const StepHooks& hooks, Passes& out) {
    DebugRecord* debug = hooks.debug;
    const auto now = [&]() -> std::uint64_t { return hooks.nowNanos != nullptr ? hooks.nowNanos() : 0; };
    const std::uint64_t t0 = now();

    // ---- 1. the hitbox pass ---------------------------------------------------------------------
    std::array<Body, MAX_BODIES>& bodies = out.bodies;
    std::size_t& bodyCount = out.bodyCount;
    for (std::int32_t i = 0; i < 2; ++i) {
        const FighterDef& def = *defs.fighters[static_cast<std::size_t>(i)];
        const FighterState& f = s.fighters[static_cast<std::size_t>(i)];
        const AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
        const std::int32_t frameIndex = FrameIndexAt(anim, f.animTick);
        const FrameDef& frame = anim.frames[static_cast<std::size_t>(frameIndex)];
        const collide::Placement place = PlaceFrame(frame, ToPx(f.xSubpx), ToPx(f.ySubpx), f.facing);
        if (f.action != Action::Knockdown && !frame.masks.hurt.IsEmpty()) {
            bodies[bodyCount++] = Body{BodyKind::FighterHurt,
                                       i,
                                       -1,
                                       collide::Collider{&frame.masks.hurt, place, nullptr},
                                       {},
                                       collide::PlacedBounds(frame.masks.hurt, place)};
        }
        if (f.action == Action::Attack && !f.moveHasHit &&
            IsActiveFrame(def.moves[static_cast<std::size_t>(f.move)], frameIndex) && !frame.masks.attack.IsEmpty()) {
            bodies[bodyCount++] = Body{BodyKind::FighterAttack,
                                       i,
                                       -1,
                                       collide::Collider{&frame.masks.attack, place, nullptr},
                                       {},
                                       collide::PlacedBounds(frame.masks.attack, place)};
        }
    }
    for (std::size_t p = 0; p < s.projectiles.size(); ++p) {
        const ProjectileState& ps = s.projectiles[p];
        if (!ps.alive) continue;
        const FighterDef& def = *defs.fighters[static_cast<std::size_t>(ps.owner)];
        const ProjectileDef& pd = *def.moves[static_cast<std::size_t>(ps.move)].projectile;
        const AnimationDef& anim = def.animations[static_cast<std::size_t>(pd.animation)];
        const FrameDef& frame = anim.frames[static_cast<std::size_t>(FrameIndexAt(anim, ps.ageTicks))];
        Body& body = bodies[bodyCount];
        body = Body{BodyKind::Projectile, ps.owner, static_cast<std::int32_t>(p),
                    collide::Collider{&frame.masks.attack, {}, nullptr}};
        if (pd.spinMilliDegreesPerTick != 0) {
            body.tp = collide::PlaceTransformed(frame.masks.attack, ProjectileTransform(frame, ps));
            body.collider.transformed = &body.tp;  // bodies[] does not move: the pointer stays good
        } else {
            body.collider.placement = PlaceFrame(frame, ToPx(ps.xSubpx), ToPx(ps.ySubpx), ps.facing);
        }
        body.bounds = body.collider.Bounds();
        ++bodyCount;
    }

    // The broad phase (the same grid the bumper scene uses) finds the overlapping boxes; of those,
    // only pairs that can interact go on, sorted into a fixed order (the order reactions apply in).
    std::array<collide::Rect, MAX_BODIES> boxes{};
    for (std::size_t i = 0; i < bodyCount; ++i) boxes[i] = bodies[i].bounds;
    // A grid per tick: the fight has at most MAX_BODIES boxes, so its few small allocations cost
    // less than keeping scratch beside a state that must stay one plain copyable value.
    collide::UniformGrid grid(128);
    std::vector<collide::IndexPair> overlapping;
    grid.FindPairs(std::span<const collide::Rect>(boxes.data(), bodyCount), overlapping);
    std::array<Pair, MAX_PAIRS> pairs{};
    std::size_t pairCount = 0;
    for (const collide::IndexPair ip : overlapping) {
        std::int32_t a = ip.a, b = ip.b;
        const Body* ba = &bodies[static_cast<std::size_t>(a)];
        const Body* bb = &bodies[static_cast<std::size_t>(b)];
        // Put the attacking body first (attack before hurt, projectile before hurt).
        if (bb->kind != BodyKind::FighterHurt && ba->kind == BodyKind::FighterHurt) std::swap(a, b), std::swap(ba, bb);
        if (ba->owner == bb->owner) continue;  // nothing of one fighter hits that fighter
        PairKind kind;
        if (ba->kind == BodyKind::FighterAttack && bb->kind == BodyKind::FighterHurt)
            kind = PairKind::AttackHurt;
        else if (ba->kind == BodyKind::FighterAttack && bb->kind == BodyKind::FighterAttack)
            kind = PairKind::AttackAttack;
        else if (ba->kind == BodyKind::Projectile && bb->kind == BodyKind::FighterHurt)
            kind = PairKind::ProjectileHurt;
        else if (ba->kind == BodyKind::Projectile && bb->kind == BodyKind::Projectile)
            kind = PairKind::ProjectileProjectile;
        else
            continue;  // a fighter's attack against a projectile: no rule
        if (kind == PairKind::AttackAttack && a > b) std::swap(a, b);
        pairs[pairCount++] = Pair{kind, a, b};
    }
    std::sort(pairs.begin(), pairs.begin() + static_cast<std::ptrdiff_t>(pairCount), [](const Pair& x, const Pair& y) {
        if (x.kind != y.kind) return x.kind < y.kind;
        return x.a != y.a ? x.a < y.a : x.b < y.b;
    });
    // What the all-pairs loop would have tested: every pair of bodies that can interact.
    std::int32_t interacting = 0;
    for (std::size_t i = 0; i < bodyCount; ++i)
        for (std::size_t j = i + 1; j < bodyCount; ++j) {
            const Body& x = bodies[i];
            const Body& y = bodies[j];
            const bool hurtPair = x.kind == BodyKind::FighterHurt && y.kind == BodyKind::FighterHurt;
            interacting += (x.owner != y.owner && !hurtPair) ? 1 : 0;
        }
    const DetectionMode mode = s.config.detection;
    std::array<bool, MAX_PAIRS> boxHit{};
    for (std::size_t k = 0; k < pairCount; ++k) {
        const collide::Rect ra = bodies[static_cast<std::size_t>(pairs[k].a)].bounds,
                            rb = bodies[static_cast<std::size_t>(pairs[k].b)].bounds;
        boxHit[k] = mode != DetectionMode::BoxesInset ||
                    !collide::IntersectRects(Inset(ra, s.config.insetPx), Inset(rb, s.config.insetPx)).IsEmpty();
    }
    const std::uint64_t t1 = now();

    // ---- 2. the per-pixel pass, over the overlap only, recording contacts ---------------------------
    std::array<Contact, MAX_PAIRS>& contacts = out.contacts;
    std::size_t& contactCount = out.contactCount;
    for (std::size_t k = 0; k < pairCount; ++k) {
        const Body& a = bodies[static_cast<std::size_t>(pairs[k].a)];
        const Body& b = bodies[static_cast<std::size_t>(pairs[k].b)];
        collide::OverlapResult r{};
        DebugContact* dc = nullptr;
        if (debug != nullptr) {
            debug->contacts.emplace_back();
            dc = &debug->contacts.back();
            dc->pixels.resize(MAX_CONTACT_PIXELS);
            r = collide::QueryColliders(a.collider, b.collider, collide::QueryMode::CountAll, dc->pixels);
        } else {
            r = collide::QueryColliders(a.collider, b.collider, collide::QueryMode::FirstHit, {});
        }
        const bool contact = mode == DetectionMode::PerPixel ? r.hit : boxHit[k];
        if (boxHit[k] && !r.hit) {
            // Both sides of the pair: the hurt body's flag is never read (only attacks count).
            out.rejectedByPixels[static_cast<std::size_t>(pairs[k].a)] = true;
            out.rejectedByPixels[static_cast<std::size_t>(pairs[k].b)] = true;
        }
        if (contact) {
            collide::Point at = r.first;
            if (!r.hit) {  // boxes-only contact: no pixel, so the spark goes to the boxes' overlap
                const collide::Rect o = collide::IntersectRects(a.bounds, b.bounds);
                at = collide::Point{o.x + o.w / 2, o.y + o.h / 2};
            }
            contacts[contactCount++] = Contact{pairs[k].kind, pairs[k].a, pairs[k].b, at};
        }
        if (debug != nullptr) {
            const collide::Rect ov =
                mode == DetectionMode::BoxesInset
                    ? collide::IntersectRects(Inset(a.bounds, s.config.insetPx), Inset(b.bounds, s.config.insetPx))
                    : collide::IntersectRects(a.bounds, b.bounds);
            debug->pairs.push_back(DebugPair{pairs[k].kind, pairs[k].a, pairs[k].b, ov, boxHit[k], r.hit, contact});
            if (dc != nullptr) {
                if (contact) {
                    dc->kind = pairs[k].kind;
                    dc->pair = static_cast<std::int32_t>(debug->pairs.size() - 1);
                    dc->overlap = r.overlap;
                    dc->first = contacts[contactCount - 1].first;
                    dc->pixelCount = r.pixelCount;
                    dc->pixels.resize(static_cast<std::size_t>(r.pixelsWritten));
                } else {
                    debug->contacts.pop_back();
                }
            }
            debug->boxOverlaps += boxHit[k] ? 1 : 0;
            debug->pixelContacts += r.hit ? 1 : 0;
            debug->collidingPixels += r.pixelCount;
        }
    }
    const std::uint64_t t2 = now();
    if (debug != nullptr) {
        for (std::size_t i = 0; i < bodyCount; ++i) {
            debug->bodies.push_back(DebugBody{bodies[i].kind, bodies[i].owner, bodies[i].projectile, bodies[i].bounds});
        }
        debug->pairsTested = interacting;
        debug->hitboxPassMicros = Micros(t0, t1);
        debug->pixelPassMicros = Micros(t1, t2);
    }
}

void RunHitPasses(const MatchDefs& defs, MatchState& s, const Inputs& inputs, const StepHooks& hooks) {
    Passes passes;
    FindContacts(defs, s, hooks, passes);
    DebugRecord* debug = hooks.debug;
    const std::array<Body, MAX_BODIES>& bodies = passes.bodies;
    // The statistic counts attack instances, not ticks or pairs: an attack whose box lies over the
    // opponent for three active ticks is one attack boxes would have landed, as it is in the box
    // modes, where the first box hit spends it. The flags in the state remember who was counted.
    for (std::size_t i = 0; i < passes.bodyCount; ++i) {
        if (!passes.rejectedByPixels[i]) continue;
        const Body& body = bodies[i];
        bool* counted = nullptr;
        if (body.kind == BodyKind::FighterAttack)
            counted = &s.fighters[static_cast<std::size_t>(body.owner)].moveBoxHitRejected;
        if (body.kind == BodyKind::Projectile)
            counted = &s.projectiles[static_cast<std::size_t>(body.projectile)].boxHitRejected;
        if (counted == nullptr || *counted) continue;
        *counted = true;
        ++s.stats.boxHitsRejectedByPixels;
    }
    const std::array<Contact, MAX_PAIRS>& contacts = passes.contacts;
    const std::size_t contactCount = passes.contactCount;

    // ---- 3. reactions, after every pair was tested --------------------------------------------------
    const std::array<FighterState, 2> before = s.fighters;
    std::array<bool, 2> clashed{false, false};
    std::int32_t hitstop = 0;
    std::size_t debugContact = 0;
    auto describe = [&]() -> std::string* {
        return debug != nullptr && debugContact < debug->contacts.size() ? &debug->contacts[debugContact++].what
                                                                         : nullptr;
    };
    for (std::size_t c = 0; c < contactCount; ++c) {
        if (contacts[c].kind == PairKind::AttackAttack) clashed = {true, true};
    }
    for (std::size_t c = 0; c < contactCount; ++c) {
        const Contact& ct = contacts[c];
        const Body& a = bodies[static_cast<std::size_t>(ct.a)];
        const Body& b = bodies[static_cast<std::size_t>(ct.b)];
        std::string* what = describe();
        switch (ct.kind) {
            case PairKind::AttackAttack:
                // A clash: both attacks are spent, both fighters recoil, nobody takes damage.
                for (std::int32_t i = 0; i < 2; ++i) {
                    FighterState& f = s.fighters[static_cast<std::size_t>(i)];
                    f.moveHasHit = true;
                    f.slideSubpx = -FacingSign(f.facing) * CLASH_PUSH_SUBPX;
                }
                ++s.stats.clashes;
                hitstop = std::max(hitstop, CLASH_HITSTOP_TICKS);
                AddSpark(s, ct.first, SparkKind::Clash);
                if (what) *what = "clash: both attacks spent";
                break;
            case PairKind::AttackHurt: {
                if (clashed[static_cast<std::size_t>(a.owner)]) {
                    if (what) *what = std::string(Name(a.owner)) + " attack spent in the clash";
                    break;
                }
                FighterState& attacker = s.fighters[static_cast<std::size_t>(a.owner)];
                const MoveDef& move =
                    defs.fighters[static_cast<std::size_t>(a.owner)]
                        ->moves[static_cast<std::size_t>(before[static_cast<std::size_t>(a.owner)].move)];
                attacker.moveHasHit = true;
                ApplyHit(defs, s, before, inputs, a.owner, b.owner, move,
                         FacingSign(before[static_cast<std::size_t>(a.owner)].facing), true, ct.first, what);
                hitstop = std::max(hitstop, move.hitstopTicks);
                break;
            }
            case PairKind::ProjectileHurt: {
                ProjectileState& p = s.projectiles[static_cast<std::size_t>(a.projectile)];
                const MoveDef& move =
                    defs.fighters[static_cast<std::size_t>(p.owner)]->moves[static_cast<std::size_t>(p.move)];
                ApplyHit(defs, s, before, inputs, p.owner, b.owner, move, FacingSign(p.facing), false, ct.first, what);
                p.alive = false;
                hitstop = std::max(hitstop, move.hitstopTicks);
                break;
            }
            case PairKind::ProjectileProjectile:
                s.projectiles[static_cast<std::size_t>(a.projectile)].alive = false;
                s.projectiles[static_cast<std::size_t>(b.projectile)].alive = false;
                AddSpark(s, ct.first, SparkKind::ProjectileCancel);
                if (what) *what = "projectiles cancelled";
                break;
        }
    }
    s.hitstopTicks = std::max(s.hitstopTicks, hitstop);
}

}  // namespace game::detail

namespace game {

std::int32_t ProbeContacts(const MatchDefs& defs, const MatchState& state, DebugRecord* debug) {
    detail::Passes passes;
    if (debug != nullptr) debug->Clear();
    detail::FindContacts(defs, state, StepHooks{debug, nullptr}, passes);
    return static_cast<std::int32_t>(passes.contactCount);
}

}  // namespace game
