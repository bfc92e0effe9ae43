// Decoding PNGs on several threads at once (the fighter loader's pool). libpng prints to stderr,
// which DecodePng captures around each decode; that capture is process-wide, so a batch holds one
// capture for its whole life and decodes without their own. Internal to assets; no state of its own.
// Invariant: a decode that fails inside a batch is decoded again with DecodePng after the batch,
// on one thread, so its message is the one DecodePng gives (libpng's words included).
#pragma once

#include "assets/assets.h"

#include <memory>

namespace assets {

/// stderr captured (and its text dropped) while this lives: for a batch of DecodePngInBatch calls.
/// Construct and destroy it on one thread, with no other capture alive.
class StderrHeldForBatch {
public:
    StderrHeldForBatch();
    ~StderrHeldForBatch();
    StderrHeldForBatch(const StderrHeldForBatch&) = delete;
    StderrHeldForBatch& operator=(const StderrHeldForBatch&) = delete;

private:
    struct Held;
    std::unique_ptr<Held> held_;
};

/// DecodePng without a capture of its own, callable from any thread while a StderrHeldForBatch
/// lives. On success the same Image as DecodePng; on failure an Error whose message may lack
/// libpng's words: decode the bytes again with DecodePng for the message to show.
[[nodiscard]] Result<Image> DecodePngInBatch(const std::uint8_t* bytes, std::size_t size,
                                             const std::string& nameForErrors);

/// Makes SDL_image ready to decode PNGs from several threads (its first decode sets it up, which
/// two threads must not do at once). Call on the thread that starts the batch.
void PreparePngDecoder();

}  // namespace assets
