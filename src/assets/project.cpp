// The one rule for finding a project folder.
#include "assets/project.h"

#include <SDL.h>

#include <filesystem>

namespace assets {

namespace fs = std::filesystem;

std::string ProgramFolder() {
    char* base = SDL_GetBasePath();  // the executable's folder; no SDL_Init needed
    if (base == nullptr) return "";
    std::string folder = base;
    SDL_free(base);
    return folder;
}

bool IsProjectFolder(const std::string& dir) {
    std::error_code ec;
    return fs::is_directory(fs::path(dir) / "assets", ec) && fs::is_directory(fs::path(dir) / "hotmaps", ec);
}

Result<std::string> FindProject(const std::optional<std::string>& given, const std::string& programFolder) {
    if (given) return *given;
    if (IsProjectFolder(".")) return std::string(".");
    std::string installed;
    if (!programFolder.empty()) {
        std::error_code ec;
        const fs::path data = fs::weakly_canonical(fs::path(programFolder) / INSTALLED_DATA_FROM_PROGRAM, ec);
        installed = (ec ? fs::path(programFolder) / INSTALLED_DATA_FROM_PROGRAM : data).string();
        if (IsProjectFolder(installed)) return installed;
    }
    std::error_code ec;
    const std::string here = fs::current_path(ec).string();
    return Error{ErrorCode::FileMissing, here.empty() ? "." : here,
                 "no project here (no assets/ and hotmaps/ in this folder" +
                     (installed.empty() ? std::string(")") : ", nor in " + installed + ")") +
                     ": run it from a project folder, or give one with --assets DIR"};
}

}  // namespace assets
