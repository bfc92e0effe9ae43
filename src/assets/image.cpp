// PNG files to RGBA8 pixels through SDL_image, and back. Checks what it can before the decoder sees
// a byte: the file is a regular file within its size limit (files.h), the signature is PNG's, the
// header's size is within limits, so that a header claiming 100000 x 100000 pixels is refused
// without allocating anything. Decoding and encoding happen in memory: never a second open by path.
#include "assets/assets.h"
#include "assets/files.h"
#include "assets/png_batch.h"

#include <SDL.h>
#include <SDL_image.h>

#include <fcntl.h>
#include <libdeflate.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <new>
#include <optional>
#include <span>

namespace assets {

namespace {

constexpr std::uint8_t PNG_SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

std::uint32_t ReadBigEndian32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}

// Names what the bytes look like instead, so an author sees "a JPEG" rather than "bad data".
std::string DescribeNonPng(const std::uint8_t* bytes, std::size_t size) {
    if (size >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) {
        return "not a PNG: it is a JPEG (save it as PNG; JPEG blurs the exact hotmap colours)";
    }
    if (size >= 6 && (std::memcmp(bytes, "GIF87a", 6) == 0 || std::memcmp(bytes, "GIF89a", 6) == 0)) {
        return "not a PNG: it is a GIF (save it as PNG)";
    }
    if (size >= 2 && bytes[0] == 'B' && bytes[1] == 'M') {
        return "not a PNG: it is a BMP (save it as PNG)";
    }
    return "not a PNG: the file does not start with the PNG signature";
}

// CRC-32 as PNG defines it (ISO 3309): zlib's, the same sum as a byte-at-a-time table gives,
// several bytes a step (a table walk cost about a tenth of a load, issue 41).
std::uint32_t Crc32(const std::uint8_t* data, std::size_t size) {
    return static_cast<std::uint32_t>(crc32_z(crc32_z(0, nullptr, 0), data, size));
}

std::string ChunkName(const std::uint8_t* type) {
    std::string name;
    for (int i = 0; i < 4; ++i) {
        name += (type[i] >= 'A' && type[i] <= 'z') ? static_cast<char>(type[i]) : '?';
    }
    return name;
}

// Walks the chunks after the signature: each must fit in the file and match its CRC, and the
// file must end with IEND after some IDAT. Precise messages for the common damage (a cut-off
// download, a flipped byte) before the decoder sees the data. Empty string: the layout is sound.
std::string CheckChunks(const std::uint8_t* bytes, std::size_t size) {
    std::size_t at = 8;
    bool sawImageData = false;
    while (true) {
        if (at + 12 > size) {
            return "truncated: the file ends after " + std::to_string(size) + " bytes, before the IEND chunk";
        }
        const std::uint32_t length = ReadBigEndian32(bytes + at);
        const std::uint8_t* type = bytes + at + 4;
        if (length > 0x7FFFFFFFu || at + 12 + length > size) {
            return "truncated: chunk " + ChunkName(type) + " at byte " + std::to_string(at) + " needs " +
                   std::to_string(length) + " bytes of data, the file ends after " + std::to_string(size);
        }
        const std::uint32_t stored = ReadBigEndian32(bytes + at + 8 + length);
        if (Crc32(type, 4 + std::size_t{length}) != stored) {
            return "corrupt PNG: chunk " + ChunkName(type) + " at byte " + std::to_string(at) + " fails its CRC check";
        }
        sawImageData = sawImageData || std::memcmp(type, "IDAT", 4) == 0;
        if (std::memcmp(type, "IEND", 4) == 0) {
            return sawImageData ? "" : "corrupt PNG: no IDAT chunk, so no pixels";
        }
        at += 12 + std::size_t{length};
    }
}

// libpng, inside SDL_image, prints its errors and warnings to stderr. The programs promise one
// "error: <file>: ..." line, so stderr is captured around a decode and its text folded into the
// message. Process-wide: call it from one thread only (a batch on several threads holds one
// for its whole life: png_batch.h).
class StderrCapture {
public:
    StderrCapture() {
        std::fflush(stderr);
        tmp_ = std::tmpfile();
        saved_ = ::dup(STDERR_FILENO);
        if (tmp_ != nullptr && saved_ >= 0) {
            ::dup2(::fileno(tmp_), STDERR_FILENO);
        }
    }
    StderrCapture(const StderrCapture&) = delete;
    StderrCapture& operator=(const StderrCapture&) = delete;
    ~StderrCapture() { Restore(); }

    /// Puts stderr back and returns what was written meanwhile, on one line.
    std::string Restore() {
        std::string text;
        if (saved_ >= 0) {
            std::fflush(stderr);
            ::dup2(saved_, STDERR_FILENO);
            ::close(saved_);
            saved_ = -1;
        }
        if (tmp_ != nullptr) {
            std::rewind(tmp_);
            char buf[512];
            std::size_t n;
            while ((n = std::fread(buf, 1, sizeof buf, tmp_)) > 0 && text.size() < 2000) text.append(buf, n);
            std::fclose(tmp_);
            tmp_ = nullptr;
        }
        for (char& c : text) c = (c == '\n' || c == '\r') ? ' ' : c;
        while (!text.empty() && text.back() == ' ') text.pop_back();
        return text;
    }

private:
    std::FILE* tmp_ = nullptr;
    int saved_ = -1;
};

struct SurfaceDeleter {
    void operator()(SDL_Surface* s) const { SDL_FreeSurface(s); }
};
using SurfacePtr = std::unique_ptr<SDL_Surface, SurfaceDeleter>;

}  // namespace

bool EntryExists(const std::string& path) {
    std::error_code ec;
    const auto st = std::filesystem::symlink_status(path, ec);
    if (ec) return ec != std::errc::no_such_file_or_directory;
    return st.type() != std::filesystem::file_type::not_found;
}

Result<PngSize> ReadPngSize(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors) {
    if (size == 0) {
        return Error{ErrorCode::NotPng, nameForErrors, "empty file, not a PNG"};
    }
    if (size < sizeof(PNG_SIGNATURE) || std::memcmp(bytes, PNG_SIGNATURE, sizeof(PNG_SIGNATURE)) != 0) {
        return Error{ErrorCode::NotPng, nameForErrors, DescribeNonPng(bytes, size)};
    }
    // The IHDR chunk must come first: length 13, type "IHDR", then width and height.
    if (size < 8 + 8 + 13 || std::memcmp(bytes + 12, "IHDR", 4) != 0) {
        return Error{ErrorCode::CorruptPng, nameForErrors, "corrupt PNG: no IHDR header after the signature"};
    }
    const std::uint32_t headerW = ReadBigEndian32(bytes + 16);
    const std::uint32_t headerH = ReadBigEndian32(bytes + 20);
    if (headerW == 0 || headerH == 0) {
        return Error{ErrorCode::CorruptPng, nameForErrors, "corrupt PNG: the header says 0 pixels wide or tall"};
    }
    if (headerW > MAX_IMAGE_SIDE_PX || headerH > MAX_IMAGE_SIDE_PX) {
        return Error{ErrorCode::TooLarge, nameForErrors,
                     std::to_string(headerW) + "x" + std::to_string(headerH) + " is larger than the limit of " +
                         std::to_string(MAX_IMAGE_SIDE_PX) + "x" + std::to_string(MAX_IMAGE_SIDE_PX)};
    }
    return PngSize{static_cast<std::int32_t>(headerW), static_cast<std::int32_t>(headerH)};
}

namespace {

// DecodePng's work; `capture` null inside a batch (whose capture is already held).
Result<Image> DecodePngCapturing(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors,
                                 bool capture) {
    const auto header = ReadPngSize(bytes, size, nameForErrors);
    if (!header.Ok()) return header.GetError();
    const auto headerW = static_cast<std::uint32_t>(header.Value().widthPx);
    const auto headerH = static_cast<std::uint32_t>(header.Value().heightPx);
    if (size > static_cast<std::size_t>(INT_MAX)) {  // SDL_RWFromConstMem takes an int
        return Error{ErrorCode::TooLarge, nameForErrors, std::to_string(size) + " bytes, too many for one PNG"};
    }

    if (const std::string damage = CheckChunks(bytes, size); !damage.empty()) {
        return Error{ErrorCode::CorruptPng, nameForErrors, damage};
    }

    SDL_RWops* rw = SDL_RWFromConstMem(bytes, static_cast<int>(size));
    if (rw == nullptr) {
        return Error{ErrorCode::CorruptPng, nameForErrors, std::string("cannot open bytes: ") + SDL_GetError()};
    }
    std::optional<StderrCapture> captured;
    if (capture) captured.emplace();
    const SurfacePtr decoded(IMG_LoadPNG_RW(rw));
    SDL_RWclose(rw);
    const std::string decoderSaid = captured ? captured->Restore() : std::string();
    if (!decoded) {
        // libpng's own words ("IDAT: incorrect data check") say more than SDL_image's.
        std::string why = decoderSaid;
        if (why.rfind("libpng error: ", 0) == 0) why.erase(0, 14);
        if (why.empty()) why = IMG_GetError();
        return Error{ErrorCode::CorruptPng, nameForErrors,
                     "corrupt PNG: " + (why.empty() ? std::string("the decoder failed") : why)};
    }
    // RGBA32 is R, G, B, A in memory on any endianness. The conversion turns a palette's tRNS
    // colour key into alpha 0, so "transparent" means one thing whatever the colour type. An 8-bit
    // RGBA PNG decodes as RGBA32 already and, with no colour key, is copied as it is: a second
    // surface (zeroed, then blitted) cost about a tenth of a load (issue 41).
    SurfacePtr converted;
    const SDL_Surface* rgba = decoded.get();
    if (decoded->format->format != SDL_PIXELFORMAT_RGBA32 || SDL_HasColorKey(decoded.get())) {
        converted.reset(SDL_ConvertSurfaceFormat(decoded.get(), SDL_PIXELFORMAT_RGBA32, 0));
        if (!converted) {
            return Error{ErrorCode::CorruptPng, nameForErrors,
                         std::string("cannot convert to RGBA: ") + SDL_GetError()};
        }
        rgba = converted.get();
    }
    if (rgba->w != static_cast<int>(headerW) || rgba->h != static_cast<int>(headerH)) {
        return Error{ErrorCode::CorruptPng, nameForErrors, "corrupt PNG: decoded size differs from the header"};
    }
    Image image;
    image.widthPx = rgba->w;
    image.heightPx = rgba->h;
    const auto rowBytes = static_cast<std::size_t>(image.widthPx) * 4;
    try {
        // Row by row into reserved space: no zeroing of bytes about to be overwritten.
        image.rgba.reserve(rowBytes * static_cast<std::size_t>(image.heightPx));
        for (int y = 0; y < image.heightPx; ++y) {
            const auto* row =
                static_cast<const std::uint8_t*>(rgba->pixels) + static_cast<std::ptrdiff_t>(y) * rgba->pitch;
            image.rgba.insert(image.rgba.end(), row, row + rowBytes);
        }
    } catch (const std::bad_alloc&) {
        return Error{ErrorCode::TooLarge, nameForErrors,
                     "not enough memory for " + std::to_string(headerW) + "x" + std::to_string(headerH) + " pixels"};
    }
    return image;
}

}  // namespace

Result<Image> DecodePng(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors) {
    return DecodePngCapturing(bytes, size, nameForErrors, true);
}

Result<Image> DecodePngInBatch(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors) {
    return DecodePngCapturing(bytes, size, nameForErrors, false);
}

// The fast way for 8-bit RGBA PNGs (png_batch.h): libdeflate inflates the IDAT data (about eight
// times faster than zlib inside libpng, issue 41) and the rows are unfiltered here, by the PNG
// specification's five filters. Only files whose every chunk libpng would read without a word
// take it: anything else is left to DecodePng, so the two never disagree on an image or an error.
struct PngScratch::Held {
    libdeflate_decompressor* inflater = libdeflate_alloc_decompressor();
    std::vector<std::uint8_t> idat;      ///< the IDAT chunks' data joined, when there are several
    std::vector<std::uint8_t> filtered;  ///< the inflated rows, each after its filter byte
    std::vector<std::uint8_t> zeros;     ///< the row above the first: all zeros
    ~Held() { libdeflate_free_decompressor(inflater); }
};

PngScratch::PngScratch() : held_(std::make_unique<Held>()) {
    if (held_->inflater == nullptr) throw std::bad_alloc();
}

PngScratch::~PngScratch() = default;

namespace {

// The IDAT data, joined into `joined` when in several chunks; false for chunks libpng refuses
// outright (a name not of four letters: "invalid chunk type"; data over its default 8 MB: "chunk
// data is too large"; an IHDR not of 13 bytes) or that the fast way does not handle (a critical chunk
// other than IHDR, IDAT and IEND: a palette, say): such a file goes to DecodePng. Checked after
// CheckChunks, so the layout and the CRCs are sound.
bool OnlyPlainChunks(const std::uint8_t* bytes, std::size_t size, std::vector<std::uint8_t>& joined,
                     std::span<const std::uint8_t>& idat) {
    constexpr std::uint32_t LIBPNG_CHUNK_MAX_BYTES = 8'000'000;
    const auto isLetter = [](std::uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    std::size_t at = 8, idatFirst = 0, idatChunks = 0;
    bool idatEnded = false;
    joined.clear();
    for (std::size_t index = 0; at + 12 <= size; ++index) {
        const std::uint32_t length = ReadBigEndian32(bytes + at);
        const std::uint8_t* type = bytes + at + 4;
        if (length > LIBPNG_CHUNK_MAX_BYTES || !std::all_of(type, type + 4, isLetter)) return false;
        const bool isIdat = std::memcmp(type, "IDAT", 4) == 0;
        if (isIdat) {
            if (idatEnded) return false;  // IDATs apart: libpng's "Not enough image data" may follow
            if (idatChunks++ == 0) idatFirst = at;
            if (idatChunks == 2) {
                joined.assign(bytes + idatFirst + 8, bytes + idatFirst + 8 + ReadBigEndian32(bytes + idatFirst));
            }
            if (idatChunks >= 2) joined.insert(joined.end(), type + 4, type + 4 + length);
        } else {
            idatEnded = idatChunks > 0;
            const bool critical = (type[0] & 0x20) == 0;
            if (std::memcmp(type, "IEND", 4) == 0) break;
            // IHDR first and 13 bytes long (libpng's "IHDR: invalid" otherwise).
            const bool header = index == 0 && length == 13 && std::memcmp(type, "IHDR", 4) == 0;
            if (critical && !header) return false;
        }
        at += 12 + std::size_t{length};
    }
    if (idatChunks == 0) return false;
    idat = idatChunks == 1 ? std::span<const std::uint8_t>(bytes + idatFirst + 8, ReadBigEndian32(bytes + idatFirst))
                           : std::span<const std::uint8_t>(joined);
    return true;
}

// PNG's Paeth predictor: of left, up and up-left, the one nearest left + up - up-left (ties to
// left, then up).
std::uint8_t Paeth(int left, int up, int upLeft) {
    const int leftDistance = std::abs(up - upLeft), upDistance = std::abs(left - upLeft);
    const int upLeftDistance = std::abs(left + up - 2 * upLeft);
    if (leftDistance <= upDistance && leftDistance <= upLeftDistance) return static_cast<std::uint8_t>(left);
    return static_cast<std::uint8_t>(upDistance <= upLeftDistance ? up : upLeft);
}

// One row's filter undone, 4 bytes a pixel: `up` is the row above (zeros above the first row).
// False for a filter type over 4 (libpng's "bad adaptive filter value"). The first pixel, whose
// left and upper-left are zeros, apart: the loops then run without a test a byte.
bool Unfilter(std::uint8_t filter, const std::uint8_t* in, const std::uint8_t* up, std::uint8_t* out,
              std::size_t rowBytes) {
    constexpr std::size_t PIXEL = 4;
    const auto add = [](int x, int y) { return static_cast<std::uint8_t>(x + y); };
    switch (filter) {
        case 0:
            std::memcpy(out, in, rowBytes);
            return true;
        case 1:
            std::memcpy(out, in, PIXEL);
            for (std::size_t i = PIXEL; i < rowBytes; ++i) out[i] = add(in[i], out[i - PIXEL]);
            return true;
        case 2:
            for (std::size_t i = 0; i < rowBytes; ++i) out[i] = add(in[i], up[i]);
            return true;
        case 3:
            for (std::size_t i = 0; i < PIXEL; ++i) out[i] = add(in[i], up[i] >> 1);
            for (std::size_t i = PIXEL; i < rowBytes; ++i) out[i] = add(in[i], (out[i - PIXEL] + up[i]) >> 1);
            return true;
        case 4:
            for (std::size_t i = 0; i < PIXEL; ++i) out[i] = add(in[i], up[i]);  // Paeth(0, up, 0) is up
            for (std::size_t i = PIXEL; i < rowBytes; ++i)
                out[i] = add(in[i], Paeth(out[i - PIXEL], up[i], up[i - PIXEL]));
            return true;
        default:
            return false;
    }
}

}  // namespace

std::optional<PngSize> DecodeRgba8PngInto(const std::uint8_t* bytes, std::size_t size, std::vector<std::uint8_t>& rgba,
                                          PngScratch& scratch) {
    // DecodePng's checks first: what they refuse, DecodePng refuses (and words) itself.
    const auto header = ReadPngSize(bytes, size, "");
    if (!header.Ok() || size > static_cast<std::size_t>(INT_MAX)) return std::nullopt;
    // The IHDR's bit depth, colour type, compression, filter and interlace methods (bytes 24 to
    // 28): 8-bit RGBA, the standard methods, not interlaced; another kind goes through SDL_image.
    constexpr std::uint8_t RGBA8_PLAIN[5] = {8, 6, 0, 0, 0};
    if (std::memcmp(bytes + 24, RGBA8_PLAIN, sizeof RGBA8_PLAIN) != 0 || !CheckChunks(bytes, size).empty())
        return std::nullopt;
    PngScratch::Held& held = *scratch.held_;
    std::span<const std::uint8_t> idat;
    if (!OnlyPlainChunks(bytes, size, held.idat, idat)) return std::nullopt;
    // A zlib stream with a 32 KiB window (CINFO 7), as encoders write all but the smallest: zlib
    // refuses a distance past a smaller window, which libdeflate would not.
    if (idat.size() < 2 || idat[0] != 0x78) return std::nullopt;
    const PngSize sizePx = header.Value();
    const auto rowBytes = static_cast<std::size_t>(sizePx.widthPx) * 4;
    const auto rows = static_cast<std::size_t>(sizePx.heightPx);
    try {
        held.filtered.resize((rowBytes + 1) * rows);
        if (held.zeros.size() < rowBytes) held.zeros.assign(rowBytes, 0);
        rgba.resize(rowBytes * rows);
    } catch (const std::bad_alloc&) {
        return std::nullopt;
    }
    // Exactly the rows' bytes, the stream's Adler-32 checked; a stream that ends early, runs on
    // or is damaged is left to libpng (which words it, or reads only the rows it needs).
    if (libdeflate_zlib_decompress(held.inflater, idat.data(), idat.size(), held.filtered.data(), held.filtered.size(),
                                   nullptr) != LIBDEFLATE_SUCCESS)
        return std::nullopt;
    for (std::size_t y = 0; y < rows; ++y) {
        const std::uint8_t* in = held.filtered.data() + y * (rowBytes + 1);
        std::uint8_t* out = rgba.data() + y * rowBytes;
        if (!Unfilter(in[0], in + 1, y > 0 ? out - rowBytes : held.zeros.data(), out, rowBytes)) return std::nullopt;
    }
    return sizePx;
}

Result<Image> DecodePngFast(const std::uint8_t* bytes, std::size_t size, const std::string& nameForErrors,
                            PngScratch& scratch) {
    Image image;
    if (const auto sizePx = DecodeRgba8PngInto(bytes, size, image.rgba, scratch)) {
        image.widthPx = sizePx->widthPx, image.heightPx = sizePx->heightPx;
        return image;
    }
    return DecodePng(bytes, size, nameForErrors);
}

struct StderrHeldForBatch::Held {
    StderrCapture capture;
};

StderrHeldForBatch::StderrHeldForBatch() : held_(std::make_unique<Held>()) {}

StderrHeldForBatch::~StderrHeldForBatch() = default;

void PreparePngDecoder() {
    IMG_Init(IMG_INIT_PNG);
}

namespace {

// An SDL_RWops that writes into a growing byte vector: SDL_image encodes into memory, and the
// bytes reach the disk through WriteOutputFile only.
struct MemoryOut {
    std::vector<std::uint8_t> bytes;
    std::size_t at = 0;
    bool failed = false;
};

Sint64 MemorySize(SDL_RWops* rw) {
    return static_cast<Sint64>(static_cast<MemoryOut*>(rw->hidden.unknown.data1)->bytes.size());
}

Sint64 MemorySeek(SDL_RWops* rw, Sint64 offset, int whence) {
    auto* out = static_cast<MemoryOut*>(rw->hidden.unknown.data1);
    const Sint64 base = whence == RW_SEEK_SET   ? 0
                        : whence == RW_SEEK_CUR ? static_cast<Sint64>(out->at)
                                                : static_cast<Sint64>(out->bytes.size());
    if (base + offset < 0) return -1;
    out->at = static_cast<std::size_t>(base + offset);
    return static_cast<Sint64>(out->at);
}

std::size_t MemoryRead(SDL_RWops*, void*, std::size_t, std::size_t) {
    return 0;
}

std::size_t MemoryWrite(SDL_RWops* rw, const void* data, std::size_t size, std::size_t count) {
    auto* out = static_cast<MemoryOut*>(rw->hidden.unknown.data1);
    const std::size_t n = size * count;
    try {
        if (out->at + n > out->bytes.size()) out->bytes.resize(out->at + n);
    } catch (const std::bad_alloc&) {
        out->failed = true;
        return 0;
    }
    std::memcpy(out->bytes.data() + out->at, data, n);
    out->at += n;
    return count;
}

int MemoryClose(SDL_RWops* rw) {
    SDL_FreeRW(rw);
    return 0;
}

}  // namespace

Result<std::vector<std::uint8_t>> EncodePng(const Image& image, const std::string& nameForErrors) {
    // The surface borrows the pixels: SDL_image only reads them.
    SDL_Surface* surface =
        SDL_CreateRGBSurfaceWithFormatFrom(const_cast<std::uint8_t*>(image.rgba.data()), image.widthPx, image.heightPx,
                                           32, image.widthPx * 4, SDL_PIXELFORMAT_RGBA32);
    if (surface == nullptr) {
        return Error{ErrorCode::WriteFailed, nameForErrors, std::string("cannot wrap the pixels: ") + SDL_GetError()};
    }
    MemoryOut out;
    SDL_RWops* rw = SDL_AllocRW();
    if (rw == nullptr) {
        SDL_FreeSurface(surface);
        return Error{ErrorCode::WriteFailed, nameForErrors, std::string("cannot encode: ") + SDL_GetError()};
    }
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->hidden.unknown.data1 = &out;
    rw->size = MemorySize;
    rw->seek = MemorySeek;
    rw->read = MemoryRead;
    rw->write = MemoryWrite;
    rw->close = MemoryClose;
    const int rc = IMG_SavePNG_RW(surface, rw, 1);  // 1: it closes (frees) rw
    SDL_FreeSurface(surface);
    if (rc != 0 || out.failed) {
        return Error{ErrorCode::WriteFailed, nameForErrors,
                     std::string("cannot encode the PNG: ") + (out.failed ? "out of memory" : IMG_GetError())};
    }
    return std::move(out.bytes);
}

std::optional<Error> SavePng(const std::string& path, const Image& image) {
    // Checked before the work of encoding (a FIFO, a folder); WriteOutputFile checks again.
    if (auto refused = CheckOutputPath(path)) return refused;
    auto bytes = EncodePng(image, path);
    if (!bytes.Ok()) return bytes.GetError();
    return WriteOutputFile(path, std::span<const std::uint8_t>(bytes.Value()));
}

Result<Image> LoadPng(const std::string& path) {
    auto bytes = ReadInputFile(path, limits::PNG_FILE_BYTES, "a PNG");
    if (!bytes.Ok()) {
        return bytes.GetError();
    }
    return DecodePng(bytes.Value().data(), bytes.Value().size(), path);
}

}  // namespace assets
