// A value or the error that kept it from being made: one template for the loaders' Result
// (assets::Error) and the netplay's (net::Error), which sit in sibling modules that may not
// include each other. No SDL, no files.
#pragma once

#include <type_traits>
#include <utility>
#include <variant>

namespace game {

/// A T, or the E that kept it from being made. Both convert implicitly, as in `return image;` and
/// `return Error{...};`, so T and E must be different types.
template <class T, class E>
class Result {
    static_assert(!std::is_same_v<T, E>, "Result<T, E> needs T and E to differ: a value must not read as an error");

public:
    Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit, as in `return image;`
    Result(E error) : v_(std::move(error)) {}  // NOLINT
    [[nodiscard]] bool Ok() const { return std::holds_alternative<T>(v_); }
    [[nodiscard]] const T& Value() const& { return std::get<T>(v_); }
    [[nodiscard]] T&& Value() && { return std::get<T>(std::move(v_)); }
    [[nodiscard]] const E& GetError() const { return std::get<E>(v_); }

private:
    std::variant<T, E> v_;
};

}  // namespace game
