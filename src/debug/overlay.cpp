// The overlay's drawing: boxes and pixels on ImGui's background draw list (under the panels, over
// the game picture), the panel as an ImGui window. Everything is read from the last DebugRecord
// and the state; requests go back through the Overlay struct.
#include "debug/overlay.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace debug {

namespace {

constexpr ImU32 ATTACK_COLOUR = IM_COL32(255, 60, 60, 255);
constexpr ImU32 HURT_COLOUR = IM_COL32(80, 150, 255, 255);
constexpr ImU32 PUSH_COLOUR = IM_COL32(70, 230, 110, 255);
constexpr ImU32 SPRITE_COLOUR = IM_COL32(200, 200, 210, 110);
constexpr ImU32 ANCHOR_COLOUR = IM_COL32(255, 220, 40, 255);
constexpr ImU32 OVERLAP_COLOUR = IM_COL32(255, 214, 40, 255);
constexpr std::size_t LOG_LINES = 200;

const char* Side(std::int32_t fighter) {
    return fighter == 0 ? "P1" : "P2";
}

const char* MoveName(const game::MatchDefs& defs, std::int32_t fighter, std::int32_t move) {
    const game::FighterDef* def =
        fighter == 0 || fighter == 1 ? defs.fighters[static_cast<std::size_t>(fighter)] : nullptr;
    if (def == nullptr || move < 0 || static_cast<std::size_t>(move) >= def->moves.size()) return "?";
    return def->moves[static_cast<std::size_t>(move)].name.c_str();
}

void Box(ImDrawList* dl, const ScreenMap& m, collide::Rect r, ImU32 colour, float thickness) {
    if (r.IsEmpty()) return;
    dl->AddRect(m.ToScreen(static_cast<float>(r.x), static_cast<float>(r.y)),
                m.ToScreen(static_cast<float>(r.Right()), static_cast<float>(r.Bottom())), colour, 0.0f, 0, thickness);
}

void DrawWorldLayer(const Overlay& o, const ScreenMap& m, const game::MatchDefs& defs, const game::MatchState& s) {
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    for (int i = 0; i < 2; ++i) {
        const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(i)];
        const game::FighterState& f = s.fighters[static_cast<std::size_t>(i)];
        const game::FrameDef& frame = game::CurrentFrame(def, f);
        const collide::Placement place = game::PlaceFrame(frame, game::ToPx(f.xSubpx), game::ToPx(f.ySubpx), f.facing);
        Box(dl, m, collide::PlacedImageBox(frame.masks.any, place), SPRITE_COLOUR, 1.0f);
        Box(dl, m, game::PushboxOf(def, f), PUSH_COLOUR, 1.0f);
        if (o.selected == i)
            Box(dl, m, collide::PlacedBounds(frame.masks.any, place), IM_COL32(255, 255, 255, 255), 2.0f);
        const ImVec2 a = m.ToScreen(game::ToPx(f.xSubpx) + 0.5f, game::ToPx(f.ySubpx) + 0.5f);
        dl->AddLine(ImVec2(a.x - 6, a.y), ImVec2(a.x + 6, a.y), ANCHOR_COLOUR, 2.0f);
        dl->AddLine(ImVec2(a.x, a.y - 6), ImVec2(a.x, a.y + 6), ANCHOR_COLOUR, 2.0f);
    }
    // The hitbox pass: every placed tight box of the last tick.
    for (const game::DebugBody& b : o.last.bodies) {
        Box(dl, m, b.boundsWorld, b.kind == game::BodyKind::FighterHurt ? HURT_COLOUR : ATTACK_COLOUR, 1.5f);
    }
    // Pairs whose boxes overlapped: the overlap rectangle, filled when the pixels collided.
    for (const game::DebugPair& p : o.last.pairs) {
        if (!p.boxesOverlap || p.overlap.IsEmpty()) continue;
        if (p.pixelsCollide) {
            dl->AddRectFilled(m.ToScreen(static_cast<float>(p.overlap.x), static_cast<float>(p.overlap.y)),
                              m.ToScreen(static_cast<float>(p.overlap.Right()), static_cast<float>(p.overlap.Bottom())),
                              IM_COL32(255, 214, 40, 50));
        }
        Box(dl, m, p.overlap, OVERLAP_COLOUR, 2.5f);
    }
    // Colliding pixels, held a while and fading; one world pixel is scale x scale window pixels.
    for (const HeldContact& h : o.held) {
        const double age = static_cast<double>(s.tick - h.tick) / HOLD_TICKS;
        const int alpha = static_cast<int>(255 * std::clamp(1.0 - age, 0.15, 1.0));
        // A rolled-back contact (online play) is a grey ghost: it was drawn, then the real
        // inputs arrived and it never happened.
        const ImU32 colour = h.ghost      ? IM_COL32(0xA0, 0xA0, 0xA8, alpha / 2)
                             : age <= 0.0 ? COLLIDING_PIXEL_COLOUR
                                          : IM_COL32(0x00, 0xFF, 0x66, alpha);
        for (const collide::Point& p : h.pixels) {
            dl->AddRectFilled(m.ToScreen(static_cast<float>(p.x), static_cast<float>(p.y)),
                              m.ToScreen(static_cast<float>(p.x + 1), static_cast<float>(p.y + 1)), colour);
        }
        const ImVec2 f = m.ToScreen(h.first.x + 0.5f, h.first.y + 0.5f);
        dl->AddCircle(f, 5.0f * m.scale,
                      IM_COL32(255, 255, 255, static_cast<int>(255 * std::clamp(1.0 - age, 0.0, 1.0))), 0, 1.5f);
    }
}

// Pause, step, (reset,) and the slow-motion factor: the same controls in both scenes' panels.
void TimeControls(const Settings& s, std::vector<Command>& out, bool withReset) {
    if (ImGui::Button(s.paused ? "Resume (F2)" : "Pause (F2)")) out.push_back({CommandKind::TogglePause});
    ImGui::SameLine();
    if (ImGui::Button("Step (F3)")) out.push_back({CommandKind::Step});
    if (withReset) {
        ImGui::SameLine();
        if (ImGui::Button("Reset round (F5)")) out.push_back({CommandKind::ResetRound});
    }
    ImGui::Text("speed");
    for (const int f : {1, 2, 4}) {
        ImGui::SameLine();
        char label[16];
        std::snprintf(label, sizeof label, f == 1 ? "1" : "1/%d", f);
        if (ImGui::RadioButton(label, s.slowFactor == f)) out.push_back({CommandKind::SetSlow, f});
    }
}

/// "60 fps", or "-- fps" before the first measurement and in headless runs, which draw without a
/// clock to count frames by (a 0 there would read as a stalled game).
struct FrameRateText {
    char text[24];
    explicit FrameRateText(double framesPerSecond) {
        if (framesPerSecond > 0)
            std::snprintf(text, sizeof text, "%.0f fps", framesPerSecond);
        else
            std::snprintf(text, sizeof text, "-- fps");
    }
};

// ImGui 1.86 has no SeparatorText: a spaced, dimmed heading over a rule.
void Section(const char* title) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", title);
    ImGui::Separator();
}

void FighterLine(const game::MatchDefs& defs, const game::MatchState& s, int i, bool selected) {
    const game::FighterDef& def = *defs.fighters[static_cast<std::size_t>(i)];
    const game::FighterState& f = s.fighters[static_cast<std::size_t>(i)];
    const game::AnimationDef& anim = def.animations[static_cast<std::size_t>(f.animation)];
    ImGui::TextColored(selected ? ImVec4(1, 1, 1, 1) : ImVec4(0.8f, 0.8f, 0.85f, 1), "P%d %s%s", i + 1,
                       def.displayName.c_str(), selected ? "  (selected)" : "");
    // Three short lines, not one long one: the panel is PANEL_W wide, and a long animation name and
    // four-digit health would run past its edge.
    ImGui::Text("  %s, %s frame %d (tick %d)", game::ActionName(f.action), anim.name.c_str(),
                game::FrameIndexAt(anim, f.animTick), f.animTick);
    ImGui::Text("  health %d/%d, at (%d, %d) facing %s", f.health, def.maxHealth, game::ToPx(f.xSubpx),
                game::ToPx(f.ySubpx), f.facing == game::Facing::Right ? "right" : "left");
    if (f.move >= 0) ImGui::Text("  move %s", def.moves[static_cast<std::size_t>(f.move)].name.c_str());
}

void NetplaySection(const NetplayView& n) {
    Section(n.host ? "online (hosting, P1)" : "online (joined, P2)");
    ImGui::Text("%s   ping %s   quality %s%s", n.phase,
                n.pingMillis >= 0 ? (std::to_string(n.pingMillis) + " ms").c_str() : "--", n.quality,
                n.waiting ? "   WAITING FOR OPPONENT" : "");
    ImGui::Text("tick %llu, confirmed %llu   frame advantage %+d", static_cast<unsigned long long>(n.currentTick),
                static_cast<unsigned long long>(n.confirmedTick), n.frameAdvantageTicks);
    ImGui::Text("input delay %d, window %d ticks   stalled ticks %lld, time-sync waits %lld", n.inputDelayTicks,
                n.maxRollbackTicks, static_cast<long long>(n.stalledTicks), static_cast<long long>(n.timeSyncWaits));
    ImGui::Text("rollbacks this second %d, deepest %d ticks, %lld in all", n.rollbacksLastSecond,
                n.deepestRollbackTicks, static_cast<long long>(n.rollbacks));
    ImGui::Text("ticks predicted %lld (%lld wrong)   desync checks passed %lld",
                static_cast<long long>(n.predictedTicks), static_cast<long long>(n.mispredictedTicks),
                static_cast<long long>(n.desyncChecksPassed));
    ImGui::Text("packets lost %lld, dropped %lld   spectators %d", static_cast<long long>(n.packetsLost),
                static_cast<long long>(n.packetsDropped), n.spectators);
}

void DrawPanel(Overlay& o, const Settings& settings, std::vector<Command>& out, const ScreenMap& m,
               const game::MatchDefs& defs, const game::MatchState& s, const NetplayView* netplay) {
    // Below the HUD's health bar and name, as high as the picture leaves room for, and on the half of
    // the window the fighters are not in: the panel is there to explain the fight, not to hide it.
    constexpr float PANEL_W = 440, PANEL_H = 540, MARGIN = 10, BELOW_HUD_Y = 96;
    float fightersScreenX = 0;
    for (const auto& f : s.fighters) fightersScreenX += m.ToScreen(static_cast<float>(game::ToPx(f.xSubpx)), 0).x / 2;
    const float windowW = ImGui::GetIO().DisplaySize.x;
    const PanelSide side = ChoosePanelSide(o.panelSide, fightersScreenX, windowW);
    const bool place = !o.panelMovedByHand && (side != o.panelSide || windowW != o.panelWindowW);
    if (place) {
        // Whole pixels, as ImGui stores a window's position, so the drag check below compares like with like.
        o.panelPlacedAt =
            ImVec2(std::floor(side == PanelSide::Right ? windowW - PANEL_W - MARGIN : MARGIN), BELOW_HUD_Y);
        o.panelSide = side;
        o.panelWindowW = windowW;
        ImGui::SetNextWindowPos(o.panelPlacedAt, ImGuiCond_Always);
    }
    ImGui::SetNextWindowSize(ImVec2(PANEL_W, PANEL_H), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.82f);
    ImGui::Begin("Hotmap Brawl debug (F1)");
    const ImVec2 panelAt = ImGui::GetWindowPos();
    if (!place && (panelAt.x != o.panelPlacedAt.x || panelAt.y != o.panelPlacedAt.y)) o.panelMovedByHand = true;
    ImGui::Text("tick %llu   %s   round %d   %s", static_cast<unsigned long long>(s.tick),
                FrameRateText(o.framesPerSecond).text, s.round,
                s.phase == game::Phase::Fight      ? "fight"
                : s.phase == game::Phase::Intro    ? "intro"
                : s.phase == game::Phase::RoundEnd ? "round end"
                                                   : "match over");
    if (netplay != nullptr) {
        NetplaySection(*netplay);  // online: nobody pauses or resets a match two people play
    } else {
        TimeControls(settings, out, true);
    }
    ImGui::Text("view (F6)");
    for (const auto& [view, name] : VIEW_MODE_NAMES) {
        ImGui::SameLine();
        if (ImGui::RadioButton(name, settings.view == view)) out.push_back({CommandKind::SetView, 0, view});
    }

    Section("detection (F7)");
    const game::DetectionMode mode = s.config.detection;
    for (const auto& [detection, name] : game::DETECTION_MODE_NAMES) {
        char label[32];
        if (detection == game::DetectionMode::BoxesInset)
            std::snprintf(label, sizeof label, "boxes, %d px inset", s.config.insetPx);
        else
            std::snprintf(label, sizeof label, "%s", name);
        if (detection != game::DetectionMode::PerPixel) ImGui::SameLine();
        if (ImGui::RadioButton(label, mode == detection)) out.push_back({CommandKind::SetDetection, 0, {}, detection});
    }
    ImGui::Text("box hits the pixels rejected: %d", s.stats.boxHitsRejectedByPixels);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(
            "pairs whose boxes overlapped (as this mode sees them)\nbut whose pixels did not touch: hits a box "
            "test\nwould have given that per-pixel detection did not");
    }

    Section("fighters (click one to select it)");
    for (int i = 0; i < 2; ++i) FighterLine(defs, s, i, o.selected == i);

    const game::DebugRecord& r = o.last;
    if (r.frozen) {
        char title[64];
        std::snprintf(title, sizeof title, "tick %llu (hitstop: both frozen)", static_cast<unsigned long long>(r.tick));
        Section(title);
    } else {
        Section("last tick");
    }
    ImGui::Text("hitbox pass:    %d pairs, %d box overlaps, %.2f us", r.pairsTested, r.boxOverlaps, r.hitboxPassMicros);
    ImGui::Text("per-pixel pass: %d contacts, %lld px, %.2f us", r.pixelContacts,
                static_cast<long long>(r.collidingPixels), r.pixelPassMicros);
    for (const game::DebugPair& p : r.pairs) {
        ImGui::BulletText("%s: boxes %s, pixels %s%s", game::NameOf(game::PAIR_KIND_NAMES, p.kind),
                          p.boxesOverlap ? "overlap" : "apart", p.pixelsCollide ? "touch" : "do not touch",
                          p.contact ? "  -> contact" : "");
    }
    ImGui::Text("totals: hits %d / %d, blocks %d / %d, clashes %d", s.stats.hits[0], s.stats.hits[1], s.stats.blocks[0],
                s.stats.blocks[1], s.stats.clashes);

    if (!o.reloadMessages.empty()) {
        Section("hot reload");
        for (const std::string& line : o.reloadMessages) {
            const bool error = line.rfind("error", 0) == 0;
            ImGui::TextColored(error ? ImVec4(1, 0.4f, 0.4f, 1) : ImVec4(0.6f, 1, 0.6f, 1), "%s", line.c_str());
        }
    }

    Section("contacts");
    ImGui::BeginChild("log", ImVec2(0, 0), true);
    for (const LogLine& line : o.log) {
        // Wrapped at the panel's edge: a contact's line with its pixel count is longer than the panel.
        if (line.ghost) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        ImGui::TextWrapped("%6llu  %s%s", static_cast<unsigned long long>(line.tick), line.text.c_str(),
                           line.ghost ? " (rolled back)" : "");
        if (line.ghost) ImGui::PopStyleColor();
    }
    // Follow the newest line when one arrives (counted, not measured: a full log keeps its length
    // while its lines move on), unless the reader has scrolled up to read.
    const bool atBottom = ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f;
    if (o.logLinesAdded != o.logLinesShown && (atBottom || o.logLinesShown == 0)) ImGui::SetScrollHereY(1.0f);
    o.logLinesShown = o.logLinesAdded;
    ImGui::EndChild();
    ImGui::End();
}

}  // namespace

collide::Point ScreenMap::ToWorld(float screenX, float screenY) const {
    return collide::Point{static_cast<std::int32_t>(std::floor((screenX - offsetX) / scale)),
                          static_cast<std::int32_t>(std::floor((screenY - offsetY) / scale))};
}

std::string DescribeContactEvent(const game::MatchDefs& defs, const game::Event& e,
                                 std::span<const game::Event> tickEvents) {
    switch (e.kind) {
        case game::EventKind::Hit: {
            std::string line =
                std::string(Side(e.fighter)) + " " + MoveName(defs, e.fighter, e.move) + " hit " + Side(e.target);
            const bool knockedOut = std::any_of(tickEvents.begin(), tickEvents.end(), [&](const game::Event& k) {
                return k.kind == game::EventKind::KnockOut && k.fighter == e.target;
            });
            return knockedOut ? line + ": KO" : line;
        }
        case game::EventKind::Block:
            return std::string(Side(e.target)) + " blocked " + Side(e.fighter) + " " +
                   MoveName(defs, e.fighter, e.move);
        case game::EventKind::Clash:
            return "clash: both attacks spent";
        case game::EventKind::ClashSpent:
            return std::string(Side(e.fighter)) + " attack spent in the clash";
        case game::EventKind::ProjectileCancel:
            return "projectiles cancelled";
        case game::EventKind::Grab:
            return std::string(Side(e.fighter)) + " " + MoveName(defs, e.fighter, e.move) + " grabbed " +
                   Side(e.target);
        default:
            return game::NameOf(game::EVENT_KIND_NAMES, e.kind);
    }
}

void KeepRecord(Overlay& o, const game::DebugRecord& record, std::span<const game::Event> events) {
    o.last = record;
    // A hitstop tick hands back the record of the tick that froze: its contacts are already held.
    if (record.frozen) return;
    for (std::size_t c = 0; c < record.contacts.size(); ++c) {
        const game::DebugContact& contact = record.contacts[c];
        HeldContact held{record.tick, contact.pixels, contact.first, {}, false};
        for (const game::Event& e : events) {
            if (e.contact == static_cast<std::int32_t>(c)) held.event = e;
        }
        o.held.push_back(std::move(held));
    }
    while (!o.held.empty() && record.tick - o.held.front().tick > static_cast<std::uint64_t>(HOLD_TICKS))
        o.held.pop_front();
}

void LogContactEvent(Overlay& o, const game::MatchDefs& defs, const game::Event& e,
                     std::span<const game::Event> tickEvents, const game::DebugRecord* record) {
    if (e.contact < 0) return;
    std::string text = DescribeContactEvent(defs, e, tickEvents);
    if (record != nullptr && record->tick == e.tick && static_cast<std::size_t>(e.contact) < record->contacts.size()) {
        const game::DebugContact& c = record->contacts[static_cast<std::size_t>(e.contact)];
        char pixels[96];
        std::snprintf(pixels, sizeof pixels, " (%lld px, first %d,%d)", static_cast<long long>(c.pixelCount), c.first.x,
                      c.first.y);
        text += pixels;
    }
    o.log.push_back(LogLine{e.tick, text, e, false});
    ++o.logLinesAdded;
    while (o.log.size() > LOG_LINES) o.log.pop_front();
}

void SetGhost(Overlay& o, const game::Event& e, bool ghost) {
    for (LogLine& line : o.log) {
        if (line.event.SameIdentity(e) && line.event.contact >= 0) line.ghost = ghost;
    }
    for (HeldContact& held : o.held) {
        if (held.event.SameIdentity(e) && held.event.contact >= 0) held.ghost = ghost;
    }
}

void Observe(Overlay& o, const game::DebugRecord& record, std::span<const game::Event> events,
             const game::MatchDefs& defs) {
    KeepRecord(o, record, events);
    // A hitstop tick hands back the record of the tick that froze: logging its contacts again
    // would fill the log with one hit.
    if (record.frozen) return;
    for (const game::Event& e : events) {
        if (e.contact >= 0 && static_cast<std::size_t>(e.contact) < record.contacts.size())
            LogContactEvent(o, defs, e, events, &record);
    }
}

void DrawBumper(Overlay& o, BumperOverlay& b, const Settings& settings, std::vector<Command>& out, const ScreenMap& m,
                const game::BumperState& st, const game::BumperStats& stats, const game::BumperScratch& sc) {
    if (!settings.overlay) return;
    ImDrawList* dl = ImGui::GetBackgroundDrawList();
    if (b.drawBroadPhase) {
        const collide::Rect cells = sc.grid.LastGridCells();
        const collide::Point origin = sc.grid.LastOriginPx();
        const float cs = static_cast<float>(sc.grid.CellSizePx());
        if (cells.w * cells.h <= 20000) {  // beyond that the lines are a grey wash
            for (std::int32_t cx = 0; cx <= cells.w; ++cx) {
                dl->AddLine(m.ToScreen(origin.x + cx * cs, static_cast<float>(origin.y)),
                            m.ToScreen(origin.x + cx * cs, origin.y + cells.h * cs), IM_COL32(120, 120, 160, 60));
            }
            for (std::int32_t cy = 0; cy <= cells.h; ++cy) {
                dl->AddLine(m.ToScreen(static_cast<float>(origin.x), origin.y + cy * cs),
                            m.ToScreen(origin.x + cells.w * cs, origin.y + cy * cs), IM_COL32(120, 120, 160, 60));
            }
        }
        const auto centre = [&](std::int32_t i) {
            const collide::Rect& r = sc.boxes[static_cast<std::size_t>(i)];
            return m.ToScreen(r.x + r.w * 0.5f, r.y + r.h * 0.5f);
        };
        for (const collide::IndexPair p : sc.pairs)
            dl->AddLine(centre(p.a), centre(p.b), IM_COL32(170, 170, 190, 140), 1.0f);
        for (const collide::IndexPair p : sc.contacts)
            dl->AddLine(centre(p.a), centre(p.b), COLLIDING_PIXEL_COLOUR, 2.0f);
    }
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(400, 300), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.82f);
    ImGui::Begin("Bumper (F1)");
    ImGui::Text("tick %llu   %s", static_cast<unsigned long long>(st.tick), FrameRateText(o.framesPerSecond).text);
    ImGui::Text("%d sprites in %d x %d px", stats.count, st.worldWidthPx, st.worldHeightPx);
    TimeControls(settings, out, false);
    Section("last tick");
    ImGui::Text("broad phase:  %d pairs (%lld box tests)  %7.1f us", stats.pairsAfterBroadPhase,
                static_cast<long long>(stats.gridTests), stats.broadMicros);
    ImGui::Text("pixel tests:  %d, %d contacts       %7.1f us", stats.pairsAfterBroadPhase, stats.contacts,
                stats.narrowMicros);
    ImGui::Text("reactions:                          %7.1f us", stats.reactMicros);
    const double allPairs = static_cast<double>(stats.count) * (stats.count - 1) / 2;
    ImGui::Text("the seed's loop would test %.0f pairs", allPairs);
    ImGui::Text("contacts so far: %lld", static_cast<long long>(st.totalContacts));
    Section("broad phase");
    ImGui::Checkbox("draw the grid and its pairs", &b.drawBroadPhase);
    ImGui::TextDisabled("grey: boxes overlap, pixels apart; green: pixels touch");
    ImGui::End();
}

PanelSide ChoosePanelSide(std::optional<PanelSide> current, float fightersScreenX, float windowW) {
    const float middle = windowW / 2, band = windowW / 20;  // a tenth of the width, centred
    const PanelSide plain = fightersScreenX < middle ? PanelSide::Right : PanelSide::Left;
    if (!current) return plain;
    if (*current == PanelSide::Left && fightersScreenX < middle - band) return PanelSide::Right;
    if (*current == PanelSide::Right && fightersScreenX >= middle + band) return PanelSide::Left;
    return *current;
}

void Draw(Overlay& o, const Settings& settings, std::vector<Command>& out, const ScreenMap& map,
          const game::MatchDefs& defs, const game::MatchState& state, const NetplayView* netplay) {
    if (!settings.overlay) {
        // Closed: the next F1 places the panel afresh, wherever it had been dragged.
        o.panelSide.reset();
        o.panelMovedByHand = false;
        return;
    }
    DrawWorldLayer(o, map, defs, state);
    DrawPanel(o, settings, out, map, defs, state, netplay);
}

}  // namespace debug
