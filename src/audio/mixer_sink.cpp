// The SDL2_mixer sink: the one file of the library that includes SDL_mixer. Effects are chunks on
// ChannelPool::CHANNELS channels (converted once from the bank's samples to the device's format);
// the loops are SDL_mixer's music stream, fed the WAV bytes from memory. Stopping fades over a few
// milliseconds, so a sound cut by a rollback does not click.
#include "audio/audio.h"

#include <SDL.h>
#include <SDL_mixer.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace audio {

namespace {

constexpr int DEVICE_RATE_HZ = 44100;
constexpr int DEVICE_CHUNK_SAMPLES = 1024;  // about 23 ms: short enough for hits, safe on slow machines
constexpr int STOP_FADE_MS = 25;
constexpr int MUSIC_FADE_IN_MS = 600;
constexpr int MUSIC_FADE_OUT_MS = 400;

}  // namespace

struct MixerSink::Converted {
    std::vector<Uint8> bytes;  ///< the samples in the device's format; the chunk points into them
    Mix_Chunk* chunk = nullptr;
    ~Converted() {
        if (chunk != nullptr) Mix_FreeChunk(chunk);  // halts any channel still playing it
    }
};

struct MixerSink::MusicStream {
    std::vector<std::uint8_t> wav;  ///< SDL_mixer reads the file from here while it plays
    Mix_Music* music = nullptr;
    ~MusicStream() {
        if (music != nullptr) Mix_FreeMusic(music);
    }
};

MixerSink::MixerSink(const SoundBank& bank) : bank_(bank) {}

std::unique_ptr<MixerSink> MixerSink::Open(const SoundBank& bank, std::string& why) {
    if (Mix_OpenAudio(DEVICE_RATE_HZ, AUDIO_S16SYS, 2, DEVICE_CHUNK_SAMPLES) != 0) {
        why = Mix_GetError();
        return nullptr;
    }
    Mix_AllocateChannels(ChannelPool::CHANNELS);
    auto sink = std::unique_ptr<MixerSink>(new MixerSink(bank));
    sink->SetVolumes(Volumes{});
    return sink;
}

MixerSink::~MixerSink() {
    Mix_HaltChannel(-1);
    Mix_HaltMusic();
    chunks_.clear();
    music_.reset();
    Mix_CloseAudio();
}

MixerSink::Converted* MixerSink::Chunk(SoundId sound) {
    if (sound < 0) return nullptr;
    if (chunks_.size() <= static_cast<std::size_t>(sound)) chunks_.resize(static_cast<std::size_t>(sound) + 1);
    std::unique_ptr<Converted>& slot = chunks_[static_cast<std::size_t>(sound)];
    if (slot) return slot.get();
    const assets::Sound* s = bank_.Get(sound);
    if (s == nullptr) return nullptr;  // missing or broken: silence
    int rate = 0, channels = 0;
    Uint16 format = 0;
    Mix_QuerySpec(&rate, &format, &channels);
    auto c = std::make_unique<Converted>();
    const std::size_t sourceBytes = s->samples.size() * sizeof(std::int16_t);
    SDL_AudioCVT cvt;
    const int needed = SDL_BuildAudioCVT(&cvt, AUDIO_S16SYS, static_cast<Uint8>(s->channels), s->rateHz, format,
                                         static_cast<Uint8>(channels), rate);
    if (needed < 0) return nullptr;
    c->bytes.resize(sourceBytes * static_cast<std::size_t>(std::max(cvt.len_mult, 1)));
    std::memcpy(c->bytes.data(), s->samples.data(), sourceBytes);
    std::size_t length = sourceBytes;
    if (needed == 1) {
        cvt.buf = c->bytes.data();
        cvt.len = static_cast<int>(sourceBytes);
        if (SDL_ConvertAudio(&cvt) != 0) return nullptr;
        length = static_cast<std::size_t>(cvt.len_cvt);
    }
    c->bytes.resize(length);
    c->chunk = Mix_QuickLoad_RAW(c->bytes.data(), static_cast<Uint32>(length));
    if (c->chunk == nullptr) return nullptr;
    slot = std::move(c);
    return slot.get();
}

const void* MixerSink::ChunkOf(SoundId sound) const {
    if (sound < 0 || static_cast<std::size_t>(sound) >= chunks_.size() || !chunks_[static_cast<std::size_t>(sound)])
        return nullptr;
    return chunks_[static_cast<std::size_t>(sound)]->chunk;
}

VoiceId MixerSink::Play(SoundId sound, float pan, float gain, Priority priority) {
    if (volumes_.EffectsGain() <= 0.0f || gain <= 0.0f) return 0;  // muted: nothing takes a channel
    Converted* c = Chunk(sound);
    if (c == nullptr) return 0;
    const std::int32_t channel = pool_.Pick(priority, [](std::int32_t ch) { return Mix_Playing(ch) != 0; });
    if (channel < 0) return 0;  // every channel holds something that matters more
    if (Mix_PlayChannel(channel, c->chunk, 0) < 0) return 0;
    Mix_Volume(channel, static_cast<int>(std::lround(std::min(gain, 1.0f) * MIX_MAX_VOLUME)));
    // A balance, not a constant-power pan: the centre keeps full level in both ears.
    const float p = std::clamp(pan, -1.0f, 1.0f);
    Mix_SetPanning(channel, static_cast<Uint8>(std::lround(255.0f * std::min(1.0f, 1.0f - p))),
                   static_cast<Uint8>(std::lround(255.0f * std::min(1.0f, 1.0f + p))));
    const VoiceId voice = nextVoice_++;
    pool_.Take(channel, voice, priority);
    return voice;
}

void MixerSink::Stop(VoiceId voice) {
    const std::int32_t channel = pool_.ChannelOf(voice);
    if (channel < 0) return;
    if (Mix_Playing(channel)) Mix_FadeOutChannel(channel, STOP_FADE_MS);
    pool_.Free(channel);
}

void MixerSink::PlayMusic(SoundId sound) {
    if (sound == musicId_ && Mix_PlayingMusic()) return;
    Mix_HaltMusic();
    music_.reset();
    musicId_ = NO_SOUND;
    const assets::Sound* s = bank_.Get(sound);
    if (s == nullptr) return;
    auto stream = std::make_unique<MusicStream>();
    stream->wav = assets::EncodeWav(*s);
    stream->music = Mix_LoadMUSType_RW(SDL_RWFromConstMem(stream->wav.data(), static_cast<int>(stream->wav.size())),
                                       MUS_WAV, SDL_TRUE);
    if (stream->music == nullptr || Mix_FadeInMusic(stream->music, -1, MUSIC_FADE_IN_MS) != 0) return;
    music_ = std::move(stream);
    musicId_ = sound;
}

void MixerSink::StopMusic() {
    if (Mix_PlayingMusic()) Mix_FadeOutMusic(MUSIC_FADE_OUT_MS);
    musicId_ = NO_SOUND;
}

void MixerSink::SetVolumes(const Volumes& volumes) {
    volumes_ = volumes;
    Mix_MasterVolume(static_cast<int>(std::lround(volumes.EffectsGain() * MIX_MAX_VOLUME)));
    Mix_VolumeMusic(static_cast<int>(std::lround(volumes.MusicGain() * MIX_MAX_VOLUME)));
}

void MixerSink::Reloaded(SoundId sound) {
    if (sound >= 0 && static_cast<std::size_t>(sound) < chunks_.size()) {
        chunks_[static_cast<std::size_t>(sound)].reset();
    }
    if (sound == musicId_) {  // the loop changed under it: start the new one
        musicId_ = NO_SOUND;
        PlayMusic(sound);
    }
}

}  // namespace audio
