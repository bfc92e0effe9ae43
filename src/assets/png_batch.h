// Decoding PNGs on several threads at once (the fighter loader's pool), and the fast way for 8-bit
// RGBA PNGs (libdeflate and our own unfiltering, straight into the caller's buffer). libpng prints to stderr,
// which DecodePng captures around each decode; that capture is process-wide, so a batch holds one
// capture for its whole life and decodes without their own. Internal to assets; no state of its own.
// Invariant: a decode that fails inside a batch is decoded again with DecodePng after the batch,
// on one thread, so its message is the one DecodePng gives (libpng's words included).
#pragma once

#include "assets/assets.h"

#include <memory>
#include <optional>
#include <vector>

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

/// What DecodeRgba8PngInto reuses from one PNG to the next (the inflater, the inflated rows), so
/// that a thread decoding frame after frame touches no fresh memory for them. One a thread.
class PngScratch {
public:
    PngScratch();  ///< throws std::bad_alloc when the inflater cannot be made
    ~PngScratch();
    PngScratch(const PngScratch&) = delete;
    PngScratch& operator=(const PngScratch&) = delete;

private:
    friend std::optional<PngSize> DecodeRgba8PngInto(const std::uint8_t*, std::size_t, std::vector<std::uint8_t>&,
                                                     PngScratch&);
    struct Held;
    std::unique_ptr<Held> held_;
};

/// The fast way for the PNGs fighters are made of (8 bits a channel, RGBA, not interlaced, a
/// 32 KiB zlib window, no chunk libpng would complain of): decoded straight into `rgba`, resized
/// to the image (its capacity kept, so a buffer reused frame after frame touches no fresh memory),
/// with no surface, no copy, no stderr capture; callable from any thread with its own `scratch`.
/// Returns the image's size, `rgba` then holding exactly the bytes DecodePng's Image would hold;
/// or nothing (`rgba` unspecified) when the bytes are another kind of PNG or anything fails:
/// DecodePng then decodes them, and words any error.
[[nodiscard]] std::optional<PngSize> DecodeRgba8PngInto(const std::uint8_t* bytes, std::size_t size,
                                                        std::vector<std::uint8_t>& rgba, PngScratch& scratch);

/// DecodePng, the fast way when it can (DecodeRgba8PngInto): the same Image, or the same Error.
[[nodiscard]] Result<Image> DecodePngFast(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors,
                                          PngScratch& scratch);

/// Makes SDL_image ready to decode PNGs from several threads (its first decode sets it up, which
/// two threads must not do at once). Call on the thread that starts the batch.
void PreparePngDecoder();

}  // namespace assets
