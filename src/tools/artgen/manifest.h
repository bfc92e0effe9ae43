// manifest: a FighterArt as the fighter.json of docs/manifest.md, written by the format's writer
// (fields in the documented order, a 2-space indent, so a regenerated manifest reads well in a diff).
#pragma once

#include "tools/artgen/fighter.h"

#include <string>

namespace artgen {

/// The whole text of assets/<id>/fighter.json, ending in a newline.
[[nodiscard]] std::string ManifestText(const FighterArt& fighter);

}  // namespace artgen
