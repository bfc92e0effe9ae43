// The effects' mix (audio.h, EffectsMixer): voices summed in float over the music, then a peak
// limiter. No SDL here: the device's thread and the offline tests run the same Render. Its invariant:
// no output sample is beyond LIMIT_CEILING of full scale.
#include "audio/audio.h"

#include <algorithm>
#include <cmath>

namespace audio {

namespace {

constexpr float FULL_SCALE = 32767.0f;

}  // namespace

EffectsMixer::EffectsMixer(std::int32_t channels, std::int32_t rateHz, SamplesOf samplesOf)
    : channels_(std::max(channels, 1)), rateHz_(std::max(rateHz, 1)), samplesOf_(std::move(samplesOf)) {}

VoiceId EffectsMixer::Play(SoundId sound, float pan, float gain, Priority priority) {
    if (volumes_.EffectsGain() <= 0.0f || gain <= 0.0f) return 0;  // muted: nothing takes a channel
    Samples samples = samplesOf_ ? samplesOf_(sound) : nullptr;
    if (!samples || samples->empty()) return 0;  // missing or broken: silence
    const std::int32_t channel =
        pool_.Pick(priority, [&](std::int32_t c) { return voices_[static_cast<std::size_t>(c)].Sounding(); });
    if (channel < 0) return 0;  // every channel holds something that matters more
    // A balance, not a constant-power pan: the centre keeps full level in both ears.
    const float p = std::clamp(pan, -1.0f, 1.0f);
    const float g = std::min(gain, 1.0f);
    Voice& v = voices_[static_cast<std::size_t>(channel)];
    v = Voice{std::move(samples), sound, 0, {g * std::min(1.0f, 1.0f - p), g * std::min(1.0f, 1.0f + p)}, 0};
    const VoiceId voice = nextVoice_++;
    pool_.Take(channel, voice, priority);
    return voice;
}

void EffectsMixer::Stop(VoiceId voice) {
    const std::int32_t channel = pool_.ChannelOf(voice);
    if (channel < 0) return;
    Voice& v = voices_[static_cast<std::size_t>(channel)];
    if (v.Sounding() && v.fadeFrames == 0)
        v.fadeFrames = std::max(1, static_cast<std::int32_t>(STOP_FADE_MS * static_cast<float>(rateHz_) / 1000.0f));
    pool_.Free(channel);  // the fading tail may be cut by the next sound on this channel
}

SoundId EffectsMixer::SoundOn(std::int32_t channel) const {
    if (channel < 0 || channel >= ChannelPool::CHANNELS) return NO_SOUND;
    const Voice& v = voices_[static_cast<std::size_t>(channel)];
    return v.Sounding() ? v.sound : NO_SOUND;
}

std::array<float, 2> EffectsMixer::GainsOf(VoiceId voice) const {
    const std::int32_t channel = pool_.ChannelOf(voice);
    if (channel < 0) return {};
    return voices_[static_cast<std::size_t>(channel)].gain;
}

std::int32_t EffectsMixer::Sounding() const {
    return static_cast<std::int32_t>(
        std::count_if(voices_.begin(), voices_.end(), [](const Voice& v) { return v.Sounding(); }));
}

void EffectsMixer::Render(std::span<std::int16_t> interleaved) {
    const std::size_t channels = static_cast<std::size_t>(channels_);
    const std::size_t frames = interleaved.size() / channels;
    sum_.assign(interleaved.begin(), interleaved.begin() + static_cast<std::ptrdiff_t>(frames * channels));
    const float effects = volumes_.EffectsGain();
    // Each voice adds its frames at its gains; a fading voice ramps down to silence and ends.
    for (Voice& v : voices_) {
        if (!v.Sounding()) continue;
        const std::vector<std::int16_t>& s = *v.samples;
        const std::int32_t fadeTotal =
            std::max(1, static_cast<std::int32_t>(STOP_FADE_MS * static_cast<float>(rateHz_) / 1000.0f));
        for (std::size_t f = 0; f < frames && v.at + channels <= s.size(); ++f) {
            const float fade =
                v.fadeFrames > 0 ? static_cast<float>(v.fadeFrames) / static_cast<float>(fadeTotal) : 1.0f;
            for (std::size_t c = 0; c < channels; ++c) {
                // Left and right take their side of the balance; any further channel the centre's.
                const float side = c < 2 && channels >= 2 ? v.gain[c] : std::min(v.gain[0], v.gain[1]);
                sum_[f * channels + c] += static_cast<float>(s[v.at + c]) * side * effects * fade;
            }
            v.at += channels;
            if (v.fadeFrames > 0 && --v.fadeFrames == 0) v.at = s.size();  // the fade is over: the voice ends
        }
        if (!v.Sounding()) v.samples.reset();
    }
    // The limiter: the gain falls at once to what keeps the loudest sample of a frame at the ceiling
    // (so nothing ever clips) and climbs back towards 1 over LIMIT_RELEASE_MS.
    const float release = 1.0f - std::exp(-1000.0f / (LIMIT_RELEASE_MS * static_cast<float>(rateHz_)));
    const float ceiling = LIMIT_CEILING * FULL_SCALE;
    for (std::size_t f = 0; f < frames; ++f) {
        float peak = 0.0f;
        for (std::size_t c = 0; c < channels; ++c) peak = std::max(peak, std::abs(sum_[f * channels + c]));
        limiterGain_ += (1.0f - limiterGain_) * release;
        if (peak * limiterGain_ > ceiling) limiterGain_ = ceiling / peak;
        for (std::size_t c = 0; c < channels; ++c) {
            const float out = std::clamp(sum_[f * channels + c] * limiterGain_, -ceiling, ceiling);
            interleaved[f * channels + c] = static_cast<std::int16_t>(std::lround(out));
        }
    }
}

}  // namespace audio
