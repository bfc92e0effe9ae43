// The hit check, a straight pipeline of small steps, as the DirectDraw seed orders them:
//   bodies     every body of the tick: a fighter's hurt area, an active attack, a projectile,
//              each with its placed tight box;
//   pairs      the broad phase: every two bodies that PAIR_RULES lets interact and whose boxes
//              overlap, in one fixed order (the order reactions apply in);
//   boxes      the detection mode's box decision for each pair;
//   pixels     the per-pixel query on each pair, mirrored by facing, the spinning projectile
//              through the transformed query; with the box decision it makes the contacts;
//   reactions  only now does any state change, from the contacts and a snapshot of the fighters
//              as they were tested, so a trade (both hit on one tick) hits both. Each reaction is
//              told as an event; the sparks are made from those events.
// The debug record is filled from the pipeline's results by its own step, and only when asked
// for. Everything lives in fixed-size arrays: the check allocates nothing.
#include "game/game.h"
#include "game/internal.h"

#include <algorithm>
#include <optional>

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

// One pair's decisions: the detection mode's box answer and the pixels' answer.
struct Decision {
    bool boxHit = false;
    bool contact = false;
    collide::OverlapResult pixels{};  // first-hit query
};

struct Contact {
    PairKind kind{};
    std::int32_t pair = 0;
    std::int32_t a = 0, b = 0;
    collide::Point first{};
};

constexpr std::size_t MAX_BODIES = 4 + MAX_PROJECTILES;
constexpr std::size_t MAX_PAIRS = MAX_BODIES * (MAX_BODIES - 1) / 2;

// Which bodies interact, and as what: the row is the striking body's kind, the column the struck
// one's. No entry: no rule (a fighter's attack passes through a projectile; bodies of one fighter
// never meet, which FindPairs checks first). The one place the pair rules are written.
// A grab (a throw's active frames) touches only a body: it neither clashes nor is struck.
// clang-format off
constexpr std::optional<PairKind> PAIR_RULES[4][4] = {
    /*                          FighterHurt               FighterAttack           Projectile                      FighterGrab */
    /* FighterHurt   strikes */ {std::nullopt,            std::nullopt,           std::nullopt,                   std::nullopt},
    /* FighterAttack strikes */ {PairKind::AttackHurt,    PairKind::AttackAttack, std::nullopt,                   std::nullopt},
    /* Projectile    strikes */ {PairKind::ProjectileHurt, std::nullopt,          PairKind::ProjectileProjectile, std::nullopt},
    /* FighterGrab   strikes */ {PairKind::GrabHurt,      std::nullopt,           std::nullopt,                   std::nullopt},
};
// clang-format on

std::optional<PairKind> RuleFor(BodyKind striker, BodyKind struck) {
    return PAIR_RULES[static_cast<std::size_t>(striker)][static_cast<std::size_t>(struck)];
}

// The tick's pipeline, its steps' outputs side by side.
struct Passes {
    std::array<Body, MAX_BODIES> bodies{};
    std::size_t bodyCount = 0;
    std::int32_t interacting = 0;  // body pairs the rules let interact (what an all-pairs loop tests)
    std::array<Pair, MAX_PAIRS> pairs{};
    std::size_t pairCount = 0;
    std::array<Decision, MAX_PAIRS> decisions{};
    std::array<Contact, MAX_PAIRS> contacts{};
    std::size_t contactCount = 0;
    std::uint64_t startNanos = 0, boxesDoneNanos = 0, pixelsDoneNanos = 0;
};

double Micros(std::uint64_t from, std::uint64_t to) {
    return static_cast<double>(to - from) / 1000.0;
}

collide::Rect Inset(collide::Rect r, std::int32_t px) {
    return collide::Rect{r.x + px, r.y + px, r.w - 2 * px, r.h - 2 * px};
}

// Is the fighter in a move's startup (before its first active frame, or before a projectile move
// throws): a hit now is a counter-hit.
bool InStartup(const FighterDef& def, const FighterState& f) {
    if ((f.action != Action::Attack && f.action != Action::AirAttack) || f.move < 0) return false;
    const MoveDef& move = def.moves[static_cast<std::size_t>(f.move)];
    const std::int32_t first = move.activeFirst >= 0 ? move.activeFirst
                               : move.projectile     ? move.projectile->spawnFrame
                                                     : -1;
    return first >= 0 && FrameIndexAt(def.animations[static_cast<std::size_t>(f.animation)], f.animTick) < first;
}

// The hitstun of a combo's `hit`-th hit (docs/rules.md, "Combos"): full for the first
// COMBO_FULL_HITSTUN_HITS, then COMBO_HITSTUN_DECAY_TICKS less for each hit after; at least a tick.
std::int32_t ComboHitstun(std::int32_t hitstunTicks, std::int32_t hit) {
    const std::int32_t decayed = std::max(0, hit - COMBO_FULL_HITSTUN_HITS) * COMBO_HITSTUN_DECAY_TICKS;
    return std::max(1, hitstunTicks - decayed);
}

// ---- bodies -------------------------------------------------------------------------------------

void CollectBodies(const MatchDefs& defs, const MatchState& s, Passes& p) {
    for (std::int32_t i = 0; i < 2; ++i) {
        const FighterDef& def = *defs.fighters[static_cast<std::size_t>(i)];
        const FighterState& f = s.fighters[static_cast<std::size_t>(i)];
        const AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
        const std::int32_t frameIndex = FrameIndexAt(anim, f.animTick);
        const FrameDef& frame = anim.frames[static_cast<std::size_t>(frameIndex)];
        const collide::Placement place = PlaceFrame(frame, ToPx(f.xSubpx), ToPx(f.ySubpx), f.facing);
        if (RuleOf(f.action).hittable && !frame.masks.hurt.IsEmpty()) {
            p.bodies[p.bodyCount++] = Body{BodyKind::FighterHurt,
                                           i,
                                           -1,
                                           collide::Collider{&frame.masks.hurt, place, nullptr},
                                           {},
                                           collide::PlacedBounds(frame.masks.hurt, place)};
        }
        if ((f.action == Action::Attack || f.action == Action::AirAttack) && !f.moveHasHit &&
            IsActiveFrame(def.moves[static_cast<std::size_t>(f.move)], frameIndex) && !frame.masks.attack.IsEmpty()) {
            // A throw's active frames are a grab: its attack pixels take hold instead of striking.
            const bool grab = def.moves[static_cast<std::size_t>(f.move)].throwDef.has_value();
            p.bodies[p.bodyCount++] = Body{grab ? BodyKind::FighterGrab : BodyKind::FighterAttack,
                                           i,
                                           -1,
                                           collide::Collider{&frame.masks.attack, place, nullptr},
                                           {},
                                           collide::PlacedBounds(frame.masks.attack, place)};
        }
    }
    for (std::size_t slot = 0; slot < s.projectiles.size(); ++slot) {
        const ProjectileState& ps = s.projectiles[slot];
        if (!ps.alive) continue;
        const FighterDef& def = *defs.fighters[static_cast<std::size_t>(ps.owner)];
        const ProjectileDef& pd = *def.moves[static_cast<std::size_t>(ps.move)].projectile;
        const AnimationDef& anim = def.animations[static_cast<std::size_t>(pd.animation)];
        const FrameDef& frame = anim.frames[static_cast<std::size_t>(FrameIndexAt(anim, ps.ageTicks))];
        Body& body = p.bodies[p.bodyCount];
        body = Body{BodyKind::Projectile, ps.owner, static_cast<std::int32_t>(slot),
                    collide::Collider{&frame.masks.attack, {}, nullptr}};
        if (pd.spinMilliDegreesPerTick != 0) {
            body.tp = collide::PlaceTransformed(frame.masks.attack, ProjectileTransform(frame, ps));
            body.collider.transformed = &body.tp;  // bodies[] does not move: the pointer stays good
        } else {
            body.collider.placement = PlaceFrame(frame, ToPx(ps.xSubpx), ToPx(ps.ySubpx), ps.facing);
        }
        body.bounds = body.collider.Bounds();
        ++p.bodyCount;
    }
}

// ---- pairs: the broad phase ----------------------------------------------------------------------

// Every two bodies of different fighters that a rule lets interact, striker first; those whose boxes
// overlap become pairs, sorted by kind, then bodies (the order reactions apply in). At most eight
// bodies: the all-pairs box test (28 rectangle tests) is the broad phase that costs least here; the
// bumper scene's thousands of sprites use collide::UniformGrid.
void FindPairs(Passes& p) {
    for (std::size_t i = 0; i < p.bodyCount; ++i) {
        for (std::size_t j = i + 1; j < p.bodyCount; ++j) {
            const Body& x = p.bodies[i];
            const Body& y = p.bodies[j];
            if (x.owner == y.owner) continue;  // nothing of one fighter hits that fighter
            Pair pair;
            if (const auto kind = RuleFor(x.kind, y.kind)) {
                pair = Pair{*kind, static_cast<std::int32_t>(i), static_cast<std::int32_t>(j)};
            } else if (const auto reverse = RuleFor(y.kind, x.kind)) {
                pair = Pair{*reverse, static_cast<std::int32_t>(j), static_cast<std::int32_t>(i)};
            } else {
                continue;
            }
            ++p.interacting;
            if (collide::IntersectRects(x.bounds, y.bounds).IsEmpty()) continue;
            p.pairs[p.pairCount++] = pair;
        }
    }
    std::sort(p.pairs.begin(), p.pairs.begin() + static_cast<std::ptrdiff_t>(p.pairCount),
              [](const Pair& x, const Pair& y) {
                  if (x.kind != y.kind) return x.kind < y.kind;
                  return x.a != y.a ? x.a < y.a : x.b < y.b;
              });
}

// ---- boxes, then pixels: the decisions ----------------------------------------------------------

void DecideBoxes(const MatchConfig& config, Passes& p) {
    for (std::size_t k = 0; k < p.pairCount; ++k) {
        const collide::Rect ra = p.bodies[static_cast<std::size_t>(p.pairs[k].a)].bounds;
        const collide::Rect rb = p.bodies[static_cast<std::size_t>(p.pairs[k].b)].bounds;
        p.decisions[k].boxHit =
            config.detection != DetectionMode::BoxesInset ||
            !collide::IntersectRects(Inset(ra, config.insetPx), Inset(rb, config.insetPx)).IsEmpty();
    }
}

// The pixels are asked in every mode (the statistic of box hits they reject needs them); the mode
// says which answer makes a contact.
void DecidePixels(const MatchConfig& config, Passes& p) {
    for (std::size_t k = 0; k < p.pairCount; ++k) {
        const Body& a = p.bodies[static_cast<std::size_t>(p.pairs[k].a)];
        const Body& b = p.bodies[static_cast<std::size_t>(p.pairs[k].b)];
        Decision& d = p.decisions[k];
        d.pixels = collide::QueryColliders(a.collider, b.collider, collide::QueryMode::FirstHit, {});
        d.contact = config.detection == DetectionMode::PerPixel ? d.pixels.hit : d.boxHit;
        if (!d.contact) continue;
        collide::Point at = d.pixels.first;
        if (!d.pixels.hit) {  // a box-mode contact with no pixel: the spark goes to the boxes' overlap
            const collide::Rect o = collide::IntersectRects(a.bounds, b.bounds);
            at = collide::Point{o.x + o.w / 2, o.y + o.h / 2};
        }
        p.contacts[p.contactCount++] =
            Contact{p.pairs[k].kind, static_cast<std::int32_t>(k), p.pairs[k].a, p.pairs[k].b, at};
    }
}

// The statistic counts attack instances, not ticks or pairs: an attack whose box lies over the
// opponent for three active ticks is one attack boxes would have landed, as it is in the box modes,
// where the first box hit spends it. The flags in the state remember who was counted. (Both bodies
// of a rejected pair are looked at; a hurt body's is never counted: only attacks are.)
void CountBoxHitsRejectedByPixels(const Passes& p, MatchState& s) {
    for (std::size_t k = 0; k < p.pairCount; ++k) {
        if (!p.decisions[k].boxHit || p.decisions[k].pixels.hit) continue;
        for (const std::int32_t index : {p.pairs[k].a, p.pairs[k].b}) {
            const Body& body = p.bodies[static_cast<std::size_t>(index)];
            bool* counted = nullptr;
            if (body.kind == BodyKind::FighterAttack || body.kind == BodyKind::FighterGrab)
                counted = &s.fighters[static_cast<std::size_t>(body.owner)].moveBoxHitRejected;
            if (body.kind == BodyKind::Projectile)
                counted = &s.projectiles[static_cast<std::size_t>(body.projectile)].boxHitRejected;
            if (counted == nullptr || *counted) continue;
            *counted = true;
            ++s.stats.boxHitsRejectedByPixels;
        }
    }
}

// ---- the debug record ---------------------------------------------------------------------------

// The overlay's view of the passes: every body, every pair with both answers, every contact with
// all its colliding pixels (a count-all query, asked only here, only when a record is wanted).
void FillDebugRecord(const MatchConfig& config, const Passes& p, DebugRecord& debug) {
    for (std::size_t k = 0; k < p.pairCount; ++k) {
        const Body& a = p.bodies[static_cast<std::size_t>(p.pairs[k].a)];
        const Body& b = p.bodies[static_cast<std::size_t>(p.pairs[k].b)];
        const Decision& d = p.decisions[k];
        const collide::Rect overlap =
            config.detection == DetectionMode::BoxesInset
                ? collide::IntersectRects(Inset(a.bounds, config.insetPx), Inset(b.bounds, config.insetPx))
                : collide::IntersectRects(a.bounds, b.bounds);
        debug.pairs.push_back(
            DebugPair{p.pairs[k].kind, p.pairs[k].a, p.pairs[k].b, overlap, d.boxHit, d.pixels.hit, d.contact});
        debug.boxOverlaps += d.boxHit ? 1 : 0;
        debug.pixelContacts += d.pixels.hit ? 1 : 0;
        if (!d.pixels.hit && !d.contact) continue;
        std::vector<collide::Point> pixels(d.contact ? MAX_CONTACT_PIXELS : 0);
        const collide::OverlapResult all =
            collide::QueryColliders(a.collider, b.collider, collide::QueryMode::CountAll, pixels);
        debug.collidingPixels += all.pixelCount;
        if (!d.contact) continue;
        pixels.resize(static_cast<std::size_t>(all.pixelsWritten));
        const auto contact =
            std::find_if(p.contacts.begin(), p.contacts.begin() + static_cast<std::ptrdiff_t>(p.contactCount),
                         [&](const Contact& c) { return c.pair == static_cast<std::int32_t>(k); });
        debug.contacts.push_back(DebugContact{p.pairs[k].kind, static_cast<std::int32_t>(debug.pairs.size() - 1),
                                              all.overlap, contact->first, all.pixelCount, std::move(pixels)});
    }
    for (std::size_t i = 0; i < p.bodyCount; ++i) {
        const Body& body = p.bodies[i];
        debug.bodies.push_back(DebugBody{body.kind, body.owner, body.projectile, body.bounds});
    }
    debug.pairsTested = p.interacting;
    debug.hitboxPassMicros = Micros(p.startNanos, p.boxesDoneNanos);
    debug.pixelPassMicros = Micros(p.boxesDoneNanos, p.pixelsDoneNanos);
}

// Passes up to the contacts, on a state that does not change.
void FindContacts(const MatchDefs& defs, const MatchState& s, std::uint64_t (*nowNanos)(), Passes& p) {
    const auto now = [&]() -> std::uint64_t { return nowNanos != nullptr ? nowNanos() : 0; };
    p.startNanos = now();
    CollectBodies(defs, s, p);
    FindPairs(p);
    DecideBoxes(s.config, p);
    p.boxesDoneNanos = now();
    DecidePixels(s.config, p);
    p.pixelsDoneNanos = now();
}

// ---- reactions ----------------------------------------------------------------------------------

// The contact's event: the tick, what happened, at the contact's point.
Event ContactEvent(const MatchState& s, EventKind kind, const Contact& c, std::size_t contactIndex) {
    Event e;
    e.tick = s.tick;
    e.kind = kind;
    e.contact = static_cast<std::int8_t>(contactIndex);
    e.xPx = c.first.x;
    e.yPx = c.first.y;
    return e;
}

// A hit or a block on `defender`, decided from the snapshot taken before any reaction. `e` arrives
// with the contact's facts; the outcome completes it.
void ApplyHit(const MatchDefs& defs, MatchState& s, const std::array<FighterState, 2>& before, const Inputs& inputs,
              std::int32_t attacker, std::int32_t defender, const MoveDef& move, std::int32_t direction, bool melee,
              Event e, EventList& events) {
    const FighterState& was = before[static_cast<std::size_t>(defender)];
    FighterState& d = s.fighters[static_cast<std::size_t>(defender)];
    const Input in = inputs[static_cast<std::size_t>(defender)];
    const bool crouching = in.Has(Input::DOWN);
    // Lows are blocked crouching, overheads standing, the rest either way.
    const bool blocked = CanBlock(was) && HoldsBack(was, in) && (move.height != HitHeight::Low || crouching) &&
                         (move.height != HitHeight::Overhead || !crouching);
    const FighterDef& ddef = *defs.fighters[static_cast<std::size_t>(defender)];
    std::int32_t slide = direction * move.knockbackSubpx;
    // Pushback off the wall: a defender with its back to the wall cannot slide, so the attacker
    // slides back instead (melee only; a projectile has no one to push).
    const collide::Rect box = PushboxOf(ddef, was);
    const bool cornered = (direction > 0 && box.Right() >= s.config.stage.widthPx - 2) || (direction < 0 && box.x <= 2);
    if (cornered && melee) {
        s.fighters[static_cast<std::size_t>(attacker)].slideSubpx = -slide;
        slide = 0;
    }
    d.slideSubpx = slide;
    d.move = -1;
    const std::int32_t healthBefore = d.health;
    e.fighter = static_cast<std::int8_t>(attacker);
    e.target = static_cast<std::int8_t>(defender);
    e.projectile = !melee;
    FighterState& a = s.fighters[static_cast<std::size_t>(attacker)];
    if (melee) a.moveLanded = blocked ? MoveLanded::Block : MoveLanded::Hit;
    // Meter for both sides, except for the super that spends it.
    const bool earns = move.meterCost == 0;
    if (blocked) {
        d.health = std::max(std::min(d.health, 1), d.health - move.damage / CHIP_DAMAGE_DIVISOR);
        StartAction(d, crouching ? Action::BlockCrouch : Action::BlockStand,
                    AnimIndex(crouching ? Anim::BlockCrouch : Anim::BlockStand));
        d.stunTicks = move.blockstunTicks;
        d.vxSubpx = 0;
        ++s.stats.blocks[static_cast<std::size_t>(defender)];
        e.kind = EventKind::Block;
        e.value = healthBefore - d.health;
        Emit(events, e);
        if (earns) AddMeter(s, attacker, METER_BLOCK_GIVEN, events);
        AddMeter(s, defender, METER_BLOCK_TAKEN, events);
        return;
    }
    // A hit on a defender still in hitstun extends its combo; each hit of a combo is scaled by its
    // place in it (COMBO_SCALING_PERCENT, in whole percent, rounded down), and from the third on
    // its hitstun decays (docs/rules.md, "Combos"), which ends every loop.
    d.comboHits = was.action == Action::Hitstun ? was.comboHits + 1 : 1;
    const bool counter = d.comboHits == 1 && InStartup(*defs.fighters[static_cast<std::size_t>(defender)], was);
    if (d.comboHits == 1) d.counterHit = counter;
    const std::size_t scaleAt = std::min(static_cast<std::size_t>(d.comboHits), std::size(COMBO_SCALING_PERCENT)) - 1;
    const std::int32_t damage = move.damage * COMBO_SCALING_PERCENT[scaleAt] / 100;
    d.health = std::max(0, d.health - damage);
    d.vxSubpx = 0;
    if (d.health == 0) {
        StartAction(d, Action::Knockdown, AnimIndex(Anim::Knockdown));
        d.stunTicks = 0;
    } else if (move.knockdown) {
        StartAction(d, Action::Knockdown, AnimIndex(Anim::Knockdown));
        d.stunTicks = KNOCKDOWN_TICKS;
    } else {
        StartAction(d, Action::Hitstun, AnimIndex(Anim::Hit));
        d.stunTicks = ComboHitstun(move.hitstunTicks + (counter ? COUNTER_HIT_HITSTUN_BONUS_TICKS : 0), d.comboHits);
    }
    ++s.stats.hits[static_cast<std::size_t>(attacker)];
    e.kind = EventKind::Hit;
    e.value = healthBefore - d.health;
    Emit(events, e);
    if (d.comboHits >= 2) {
        Event c = FighterEvent(s, EventKind::Combo, attacker, e.move);
        c.target = static_cast<std::int8_t>(defender);
        c.xPx = e.xPx, c.yPx = e.yPx;
        c.value = d.comboHits;
        Emit(events, c);
    }
    if (counter) {
        Event c = FighterEvent(s, EventKind::CounterHit, attacker, e.move);
        c.target = static_cast<std::int8_t>(defender);
        c.xPx = e.xPx, c.yPx = e.yPx;
        c.value = COUNTER_HIT_HITSTUN_BONUS_TICKS;
        Emit(events, c);
    }
    if (earns) AddMeter(s, attacker, METER_HIT_GIVEN, events);
    AddMeter(s, defender, METER_HIT_TAKEN, events);
    if (d.health == 0) {
        Emit(events, FighterEvent(s, EventKind::KnockOut, defender));
    } else if (move.knockdown) {
        Event k = FighterEvent(s, EventKind::KnockDown, attacker, e.move);
        k.target = static_cast<std::int8_t>(defender);
        k.xPx = ToPx(d.xSubpx), k.yPx = ToPx(d.ySubpx);
        Emit(events, k);
    }
}

// A grab's contact (docs/rules.md, "Throws"): it takes hold only of a defender that a throw can
// take (on the ground, not stunned, not jumping) and only if the grabber was not hit earlier on
// this tick; two grabs on one tick break each other, as a tech.
void ApplyGrab(const MatchDefs& defs, MatchState& s, std::int32_t thrower, std::int32_t moveIndex, bool mutual, Event e,
               EventList& events) {
    FighterState& t = s.fighters[static_cast<std::size_t>(thrower)];
    FighterState& v = s.fighters[static_cast<std::size_t>(1 - thrower)];
    if (t.action != Action::Attack || t.move != moveIndex) return;  // struck out of the grab this tick
    if (!RuleOf(v.action).throwable || !IsGrounded(v) || v.throwImmuneTicks > 0) return;
    if (mutual) {
        TechApart(s, thrower, moveIndex, events);
        return;
    }
    const FighterDef& tdef = *defs.fighters[static_cast<std::size_t>(thrower)];
    const FighterDef& vdef = *defs.fighters[static_cast<std::size_t>(1 - thrower)];
    t.moveHasHit = true;
    t.moveLanded = MoveLanded::Hit;
    StartAction(t, Action::Throwing, tdef.moves[static_cast<std::size_t>(moveIndex)].throwDef->animation);
    t.vxSubpx = t.slideSubpx = 0;
    StartAction(v, Action::Thrown, vdef.thrownAnimation >= 0 ? vdef.thrownAnimation : AnimIndex(Anim::Hit));
    v.move = -1;
    v.vxSubpx = v.vySubpx = v.slideSubpx = 0;
    v.stunTicks = 0;
    e.kind = EventKind::Grab;
    e.fighter = static_cast<std::int8_t>(thrower);
    e.target = static_cast<std::int8_t>(1 - thrower);
    e.move = static_cast<std::int16_t>(moveIndex);
    Emit(events, e);
}

// Every contact's reaction, in the contacts' order, each told as an event.
void React(const MatchDefs& defs, MatchState& s, const Inputs& inputs, const Passes& p, EventList& events) {
    const std::array<FighterState, 2> before = s.fighters;
    std::array<bool, 2> clashed{false, false}, grabbing{false, false};
    std::int32_t hitstop = 0;
    for (std::size_t c = 0; c < p.contactCount; ++c) {
        if (p.contacts[c].kind == PairKind::AttackAttack) clashed = {true, true};
        if (p.contacts[c].kind == PairKind::GrabHurt)
            grabbing[static_cast<std::size_t>(p.bodies[static_cast<std::size_t>(p.contacts[c].a)].owner)] = true;
    }
    for (std::size_t c = 0; c < p.contactCount; ++c) {
        const Contact& ct = p.contacts[c];
        const Body& a = p.bodies[static_cast<std::size_t>(ct.a)];
        const Body& b = p.bodies[static_cast<std::size_t>(ct.b)];
        Event e = ContactEvent(s, EventKind::Hit, ct, c);
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
                e.kind = EventKind::Clash;
                Emit(events, e);
                break;
            case PairKind::AttackHurt: {
                const std::int32_t moveIndex = before[static_cast<std::size_t>(a.owner)].move;
                if (clashed[static_cast<std::size_t>(a.owner)]) {
                    e.kind = EventKind::ClashSpent;
                    e.fighter = static_cast<std::int8_t>(a.owner);
                    e.move = static_cast<std::int16_t>(moveIndex);
                    Emit(events, e);
                    break;
                }
                FighterState& attacker = s.fighters[static_cast<std::size_t>(a.owner)];
                const MoveDef& move =
                    defs.fighters[static_cast<std::size_t>(a.owner)]->moves[static_cast<std::size_t>(moveIndex)];
                attacker.moveHasHit = true;
                e.move = static_cast<std::int16_t>(moveIndex);
                ApplyHit(defs, s, before, inputs, a.owner, b.owner, move,
                         FacingSign(before[static_cast<std::size_t>(a.owner)].facing), true, e, events);
                hitstop = std::max(hitstop, move.hitstopTicks);
                break;
            }
            case PairKind::ProjectileHurt: {
                ProjectileState& ps = s.projectiles[static_cast<std::size_t>(a.projectile)];
                const MoveDef& move =
                    defs.fighters[static_cast<std::size_t>(ps.owner)]->moves[static_cast<std::size_t>(ps.move)];
                e.move = static_cast<std::int16_t>(ps.move);
                ApplyHit(defs, s, before, inputs, ps.owner, b.owner, move, FacingSign(ps.facing), false, e, events);
                ps.alive = false;
                hitstop = std::max(hitstop, move.hitstopTicks);
                break;
            }
            case PairKind::ProjectileProjectile:
                s.projectiles[static_cast<std::size_t>(a.projectile)].alive = false;
                s.projectiles[static_cast<std::size_t>(b.projectile)].alive = false;
                e.kind = EventKind::ProjectileCancel;
                Emit(events, e);
                break;
            case PairKind::GrabHurt:
                ApplyGrab(defs, s, a.owner, before[static_cast<std::size_t>(a.owner)].move, grabbing[0] && grabbing[1],
                          e, events);
                break;
        }
    }
    s.hitstopTicks = std::max(s.hitstopTicks, hitstop);
}

}  // namespace

void RunHitPasses(const MatchDefs& defs, MatchState& s, const Inputs& inputs, const StepHooks& hooks,
                  EventList& events) {
    Passes passes;
    FindContacts(defs, s, hooks.nowNanos, passes);
    if (hooks.debug != nullptr) FillDebugRecord(s.config, passes, *hooks.debug);
    CountBoxHitsRejectedByPixels(passes, s);
    const std::int32_t firstReaction = events.count;
    React(defs, s, inputs, passes, events);
    SpawnSparks(s, events.View().subspan(static_cast<std::size_t>(firstReaction)));
}

}  // namespace game::detail

namespace game {

std::int32_t ProbeContacts(const MatchDefs& defs, const MatchState& state, DebugRecord* debug) {
    detail::Passes passes;
    if (debug != nullptr) debug->Clear();
    detail::FindContacts(defs, state, nullptr, passes);
    if (debug != nullptr) detail::FillDebugRecord(state.config, passes, *debug);
    return static_cast<std::int32_t>(passes.contactCount);
}

}  // namespace game
