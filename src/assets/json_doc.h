// assets' strict JSON reading, shared by the fighter's manifest and the stage's stage.json: a
// document whose every key appears once (nlohmann's DOM would keep the last of two silently).
// Internal to src/assets (it includes nlohmann's header, which the library keeps private).
#pragma once

#include "assets/assets.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace assets {

/// Parses `text` into `root`; the Error (ManifestSyntax with line and column, or ManifestField
/// naming a key given twice) names `nameForErrors`.
[[nodiscard]] std::optional<Error> ReadStrictJson(const std::string& text, const std::string& nameForErrors,
                                                  nlohmann::json& root);

}  // namespace assets
