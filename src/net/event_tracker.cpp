// EventTracker: the events of re-simulated ticks told apart from the first pass's by identity, so
// a sound plays once and a log line is written once however often a tick is simulated again.
// Depends on game's events only. Invariant: an identity is reported New at most once; after that
// only Vanished and Returned, alternating, until its tick is confirmed and forgotten.
#include "net/net.h"

#include <algorithm>

namespace net {

void EventTracker::Feed(std::uint64_t tick, std::span<const game::Event> events, std::vector<Tracked>& out) {
    out.clear();
    for (Entry& e : entries_) {
        if (e.event.tick == tick) e.seen = false;
    }
    for (std::size_t i = 0; i < events.size(); ++i) {
        const game::Event& ev = events[i];
        // The n-th event of an identity in this pass is the n-th of the earlier passes: two
        // projectile cancels in one tick are two events, not one seen twice.
        std::int32_t ordinal = 0;
        for (std::size_t j = 0; j < i; ++j) ordinal += events[j].SameIdentity(ev);
        const auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& e) {
            return e.event.tick == tick && e.ordinal == ordinal && e.event.SameIdentity(ev);
        });
        if (it == entries_.end()) {
            entries_.push_back(Entry{ev, ordinal, true, true});
            out.push_back(Tracked{ev, Change::New});
            continue;
        }
        it->seen = true;
        it->event = ev;  // where and how much may differ in a re-simulation; the identity does not
        if (!it->live) {
            it->live = true;
            out.push_back(Tracked{ev, Change::Returned});
        }
    }
    for (Entry& e : entries_) {
        if (e.event.tick == tick && !e.seen && e.live) {
            e.live = false;
            out.push_back(Tracked{e.event, Change::Vanished});
        }
    }
}

void EventTracker::Confirm(std::uint64_t tick) {
    std::erase_if(entries_, [&](const Entry& e) { return e.event.tick <= tick; });
}

}  // namespace net
