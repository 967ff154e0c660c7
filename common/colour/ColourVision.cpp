#include "common/colour/ColourVision.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace muster::colour {

namespace {

using Matrix = std::array<std::array<double, 3>, 3>;

// Machado, Oliveira and Fernandes (2009), severity 1.0, for linear RGB.
const Matrix& matrixFor(Vision v) {
    static const Matrix protan = {
        {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}};
    static const Matrix deutan = {
        {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}};
    static const Matrix tritan = {
        {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}};
    static const Matrix identity = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    switch (v) {
    case Vision::Protanopia:
        return protan;
    case Vision::Deuteranopia:
        return deutan;
    case Vision::Tritanopia:
        return tritan;
    case Vision::Normal:
        break;
    }
    return identity;
}

double toLinear(int channel) {
    const double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

int toEncoded(double linear) {
    const double l = std::clamp(linear, 0.0, 1.0);
    const double c = l <= 0.0031308 ? 12.92 * l : 1.055 * std::pow(l, 1 / 2.4) - 0.055;
    return static_cast<int>(std::lround(c * 255.0));
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

std::string toString(Vision v) {
    switch (v) {
    case Vision::Normal:
        return "normal vision";
    case Vision::Protanopia:
        return "protanopia";
    case Vision::Deuteranopia:
        return "deuteranopia";
    case Vision::Tritanopia:
        return "tritanopia";
    }
    return "?";
}

Result<Rgb> parseHex(const std::string& text) {
    if (text.size() != 7 || text[0] != '#')
        return makeError("'" + text + "' is not a colour of the form #rrggbb");
    int v[6];
    for (int i = 0; i < 6; ++i) {
        v[i] = hexDigit(text[static_cast<std::size_t>(i) + 1]);
        if (v[i] < 0)
            return makeError("'" + text + "' is not a colour of the form #rrggbb");
    }
    return Rgb{v[0] * 16 + v[1], v[2] * 16 + v[3], v[4] * 16 + v[5]};
}

std::string toHex(Rgb c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r & 0xff, c.g & 0xff, c.b & 0xff);
    return buf;
}

Rgb simulate(Rgb c, Vision v) {
    if (v == Vision::Normal)
        return c;
    const double in[3] = {toLinear(c.r), toLinear(c.g), toLinear(c.b)};
    const Matrix& m = matrixFor(v);
    double out[3];
    for (int i = 0; i < 3; ++i)
        out[i] = m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2];
    return {toEncoded(out[0]), toEncoded(out[1]), toEncoded(out[2])};
}

Lab toLab(Rgb c) {
    const double r = toLinear(c.r), g = toLinear(c.g), b = toLinear(c.b);
    // sRGB (D65) to XYZ, then to CIELAB against the D65 white.
    const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    const auto f = [](double t) {
        constexpr double d = 6.0 / 29.0;
        return t > d * d * d ? std::cbrt(t) : t / (3 * d * d) + 4.0 / 29.0;
    };
    return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double deltaE(Lab x, Lab y) {
    return std::sqrt((x.l - y.l) * (x.l - y.l) + (x.a - y.a) * (x.a - y.a) + (x.b - y.b) * (x.b - y.b));
}

PairCheck checkPair(Rgb x, Rgb y) {
    PairCheck out;
    out.worstDeltaE = 1e9;
    for (Vision v : kVisions) {
        const double d = deltaE(toLab(simulate(x, v)), toLab(simulate(y, v)));
        if (d < out.worstDeltaE) {
            out.worstDeltaE = d;
            out.worstVision = v;
        }
    }
    out.lightnessDelta = std::abs(toLab(x).l - toLab(y).l);
    return out;
}

Result<void> checkSides(const std::vector<std::string>& colours, const std::vector<std::string>& names) {
    std::vector<Rgb> rgb;
    for (const auto& c : colours) {
        auto parsed = parseHex(c);
        if (!parsed)
            return parsed.error();
        rgb.push_back(*parsed);
    }
    const auto name = [&](std::size_t i) {
        return i < names.size() ? names[i] : "side " + std::to_string(i + 1);
    };
    for (std::size_t i = 0; i < rgb.size(); ++i)
        for (std::size_t j = i + 1; j < rgb.size(); ++j) {
            const PairCheck p = checkPair(rgb[i], rgb[j]);
            if (p.distinct())
                continue;
            char buf[160];
            if (p.worstDeltaE < kMinDeltaE)
                std::snprintf(buf, sizeof buf, "differ by only %.0f (at least %.0f is needed) under %s",
                              p.worstDeltaE, kMinDeltaE, toString(p.worstVision).c_str());
            else
                std::snprintf(buf, sizeof buf,
                              "differ in lightness by only %.0f L* (at least %.0f is needed)",
                              p.lightnessDelta, kMinLightness);
            return makeError(name(i) + " (" + colours[i] + ") and " + name(j) + " (" + colours[j] + ") " +
                             buf);
        }
    return {};
}

} // namespace muster::colour
