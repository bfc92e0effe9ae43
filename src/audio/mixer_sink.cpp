// The SDL2_mixer sink: the one file of the library that includes SDL_mixer. Effects are voices of
// an EffectsMixer (mix.cpp: summed in float, then a limiter), run in SDL_mixer's post-mix callback
// over the music it has mixed, so no sum of effects and music clips; the samples are converted once
// to the device's format. The loops are SDL_mixer's music stream, fed the WAV bytes from memory.
// The game's thread and the device's callback share the mixer under one lock.
#include "audio/audio.h"

#include <SDL.h>
#include <SDL_mixer.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>

namespace audio {

namespace {

constexpr int DEVICE_RATE_HZ = 44100;
constexpr int DEVICE_CHUNK_SAMPLES = 1024;  // about 23 ms: short enough for hits, safe on slow machines
constexpr int MUSIC_FADE_IN_MS = 600;
constexpr int MUSIC_FADE_OUT_MS = 400;

}  // namespace

struct MixerSink::Lock {
    mutable std::mutex mutex;
};

struct MixerSink::MusicStream {
    std::vector<std::uint8_t> wav;  ///< SDL_mixer reads the file from here while it plays
    Mix_Music* music = nullptr;
    ~MusicStream() {
        if (music != nullptr) Mix_FreeMusic(music);
    }
};

MixerSink::MixerSink(const SoundBank& bank) : bank_(bank), lock_(std::make_unique<Lock>()) {}

std::unique_ptr<MixerSink> MixerSink::Open(const SoundBank& bank, std::string& why) {
    if (Mix_OpenAudio(DEVICE_RATE_HZ, AUDIO_S16SYS, 2, DEVICE_CHUNK_SAMPLES) != 0) {
        why = Mix_GetError();
        return nullptr;
    }
    int rate = 0, channels = 0;
    Uint16 format = 0;
    Mix_QuerySpec(&rate, &format, &channels);
    Mix_AllocateChannels(0);  // every effect is the EffectsMixer's voice
    auto sink = std::unique_ptr<MixerSink>(new MixerSink(bank));
    MixerSink* self = sink.get();
    sink->mix_ = std::make_unique<EffectsMixer>(channels, rate, [self](SoundId id) { return self->Converted(id); });
    sink->SetVolumes(Volumes{});
    Mix_SetPostMix(&MixerSink::PostMix, self);
    return sink;
}

MixerSink::~MixerSink() {
    Mix_SetPostMix(nullptr, nullptr);  // the callback runs under SDL's lock: after this it never sees us
    Mix_HaltMusic();
    music_.reset();
    Mix_CloseAudio();
}

// The device's thread: the music SDL_mixer mixed (signed 16-bit, as opened) with the effects added.
void MixerSink::PostMix(void* self, std::uint8_t* stream, int bytes) {
    auto* sink = static_cast<MixerSink*>(self);
    const std::lock_guard<std::mutex> hold(sink->lock_->mutex);
    sink->mix_->Render(std::span<std::int16_t>(reinterpret_cast<std::int16_t*>(stream),
                                               static_cast<std::size_t>(bytes) / sizeof(std::int16_t)));
}

// A sound's samples in the device's format, converted on first use (under the lock: the caller's).
EffectsMixer::Samples MixerSink::Converted(SoundId sound) {
    if (sound < 0) return nullptr;
    if (converted_.size() <= static_cast<std::size_t>(sound)) converted_.resize(static_cast<std::size_t>(sound) + 1);
    EffectsMixer::Samples& slot = converted_[static_cast<std::size_t>(sound)];
    if (slot) return slot;
    const assets::Sound* s = bank_.Get(sound);
    if (s == nullptr) return nullptr;  // missing or broken: silence
    int rate = 0, channels = 0;
    Uint16 format = 0;
    Mix_QuerySpec(&rate, &format, &channels);
    if (format != AUDIO_S16SYS) return nullptr;  // opened as signed 16-bit; anything else plays nothing
    const std::size_t sourceBytes = s->samples.size() * sizeof(std::int16_t);
    SDL_AudioCVT cvt;
    const int needed = SDL_BuildAudioCVT(&cvt, AUDIO_S16SYS, static_cast<Uint8>(s->channels), s->rateHz, format,
                                         static_cast<Uint8>(channels), rate);
    if (needed < 0) return nullptr;
    std::vector<Uint8> bytes(sourceBytes * static_cast<std::size_t>(std::max(cvt.len_mult, 1)));
    std::memcpy(bytes.data(), s->samples.data(), sourceBytes);
    std::size_t length = sourceBytes;
    if (needed == 1) {
        cvt.buf = bytes.data();
        cvt.len = static_cast<int>(sourceBytes);
        if (SDL_ConvertAudio(&cvt) != 0) return nullptr;
        length = static_cast<std::size_t>(cvt.len_cvt);
    }
    auto samples = std::make_shared<std::vector<std::int16_t>>(length / sizeof(std::int16_t));
    std::memcpy(samples->data(), bytes.data(), samples->size() * sizeof(std::int16_t));
    slot = std::move(samples);
    return slot;
}

VoiceId MixerSink::Play(SoundId sound, float pan, float gain, Priority priority) {
    const std::lock_guard<std::mutex> hold(lock_->mutex);
    return mix_->Play(sound, pan, gain, priority);
}

void MixerSink::Stop(VoiceId voice) {
    const std::lock_guard<std::mutex> hold(lock_->mutex);
    mix_->Stop(voice);
}

std::int32_t MixerSink::ChannelOf(VoiceId voice) const {
    const std::lock_guard<std::mutex> hold(lock_->mutex);
    return mix_->ChannelOf(voice);
}

SoundId MixerSink::SoundOn(std::int32_t channel) const {
    const std::lock_guard<std::mutex> hold(lock_->mutex);
    return mix_->SoundOn(channel);
}

std::array<float, 2> MixerSink::GainsOf(VoiceId voice) const {
    const std::lock_guard<std::mutex> hold(lock_->mutex);
    return mix_->GainsOf(voice);
}

float MixerSink::EffectsGain() const {
    const std::lock_guard<std::mutex> hold(lock_->mutex);
    return mix_->EffectsGain();
}

std::int32_t MixerSink::Sounding() const {
    const std::lock_guard<std::mutex> hold(lock_->mutex);
    return mix_->Sounding();
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
    {
        const std::lock_guard<std::mutex> hold(lock_->mutex);
        mix_->SetVolumes(volumes);
    }
    Mix_VolumeMusic(static_cast<int>(std::lround(volumes.MusicGain() * MIX_MAX_VOLUME)));
}

void MixerSink::Reloaded(SoundId sound) {
    {
        // A voice playing the old samples keeps them to its end; the next Play converts the new.
        const std::lock_guard<std::mutex> hold(lock_->mutex);
        if (sound >= 0 && static_cast<std::size_t>(sound) < converted_.size())
            converted_[static_cast<std::size_t>(sound)].reset();
    }
    if (sound == musicId_) {  // the loop changed under it: start the new one
        musicId_ = NO_SOUND;
        PlayMusic(sound);
    }
}

}  // namespace audio
