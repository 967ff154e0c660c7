#include "app/print/MicroQr.h"

#include <qrencode.h>

namespace muster::app {

vision::zxing::ModuleMatrix encodeMicroQr(const std::string& text, int version) {
    QRcode* code = QRcode_encodeStringMQR(text.c_str(), version, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (code == nullptr)
        return {};
    vision::zxing::ModuleMatrix m;
    // libqrencode may pick a larger version when the text does not fit; we want exactly the one asked for.
    if (code->version == version) {
        m.width = code->width;
        m.height = code->width;
        m.dark.resize(static_cast<std::size_t>(m.width) * static_cast<std::size_t>(m.height));
        for (std::size_t i = 0; i < m.dark.size(); ++i)
            m.dark[i] = code->data[i] & 1;
    }
    QRcode_free(code);
    return m;
}

} // namespace muster::app
