#include "vision/OnnxInput.h"

#include <functional>
#include <optional>
#include <set>
#include <string>

namespace muster::vision {

namespace {

// The protocol buffer wire format, as far as the walk to the input's shape needs it (ONNX's field numbers
// are in onnx.proto: ModelProto.graph 7; GraphProto.initializer 5, input 11; TensorProto.name 8;
// ValueInfoProto.name 1, type 2; TypeProto.tensor_type 1; its shape 2; TensorShapeProto.dim 1;
// Dimension.dim_value 1, dim_param 2).
struct Bytes {
    const unsigned char* begin = nullptr;
    const unsigned char* end = nullptr;
};

struct Field {
    uint64_t number = 0;
    bool isBytes = false; // a length-delimited payload (`bytes`), else a number (`value`, varints only)
    uint64_t value = 0;
    Bytes bytes;
};

bool readVarint(const unsigned char*& p, const unsigned char* end, uint64_t& value) {
    value = 0;
    for (int shift = 0; shift < 64 && p < end; shift += 7) {
        const unsigned char b = *p++;
        value |= uint64_t(b & 0x7f) << shift;
        if (!(b & 0x80))
            return true;
    }
    return false;
}

// Calls visit() for each field of the message in `message`; false when the bytes are not a message.
bool forEachField(Bytes message, const std::function<void(const Field&)>& visit) {
    const unsigned char* p = message.begin;
    while (p < message.end) {
        uint64_t key = 0;
        if (!readVarint(p, message.end, key))
            return false;
        Field f;
        f.number = key >> 3;
        switch (key & 7) {
        case 0:
            if (!readVarint(p, message.end, f.value))
                return false;
            break;
        case 1:
        case 5: {
            const long width = (key & 7) == 1 ? 8 : 4;
            if (message.end - p < width)
                return false;
            p += width;
            break;
        }
        case 2: {
            uint64_t n = 0;
            if (!readVarint(p, message.end, n) || n > uint64_t(message.end - p))
                return false;
            f.isBytes = true;
            f.bytes = {p, p + n};
            p += n;
            break;
        }
        default:
            return false; // groups: not in ONNX
        }
        visit(f);
    }
    return p == message.end;
}

// The payload of the last length-delimited field `number` of `message` (protobuf: the last one wins).
std::optional<Bytes> subMessage(Bytes message, uint64_t number) {
    std::optional<Bytes> found;
    if (!forEachField(message, [&](const Field& f) {
            if (f.number == number && f.isBytes)
                found = f.bytes;
        }))
        return std::nullopt;
    return found;
}

std::string text(Bytes b) {
    return {reinterpret_cast<const char*>(b.begin), reinterpret_cast<const char*>(b.end)};
}

} // namespace

Result<std::vector<int64_t>> onnxInputShape(const std::vector<unsigned char>& model) {
    const Error notOnnx{"not an ONNX model with an input (no graph, or an input without a tensor shape)"};
    const std::optional<Bytes> graph = subMessage({model.data(), model.data() + model.size()}, 7);
    if (!graph)
        return notOnnx;
    std::vector<Bytes> inputs;
    std::set<std::string> initializers; // older exports also list the weights as inputs
    bool ok = forEachField(*graph, [&](const Field& f) {
        if (f.isBytes && f.number == 11)
            inputs.push_back(f.bytes);
        else if (f.isBytes && f.number == 5)
            if (const std::optional<Bytes> name = subMessage(f.bytes, 8))
                initializers.insert(text(*name));
    });
    if (!ok)
        return notOnnx;
    for (const Bytes& input : inputs) {
        const std::optional<Bytes> name = subMessage(input, 1);
        if (name && initializers.count(text(*name)))
            continue;
        std::optional<Bytes> shape = subMessage(input, 2);
        if (shape)
            shape = subMessage(*shape, 1);
        if (shape)
            shape = subMessage(*shape, 2);
        if (!shape)
            return notOnnx;
        std::vector<int64_t> dims;
        bool dimsOk = true;
        ok = forEachField(*shape, [&](const Field& dim) {
            if (dim.number != 1 || !dim.isBytes)
                return;
            int64_t size = -1;
            dimsOk = forEachField(dim.bytes,
                                  [&](const Field& d) {
                                      if (d.number == 1 && !d.isBytes)
                                          size = static_cast<int64_t>(d.value) > 0
                                                     ? static_cast<int64_t>(d.value)
                                                     : -1;
                                      else if (d.number == 2)
                                          size = -1; // a named dimension
                                  }) &&
                     dimsOk;
            dims.push_back(size);
        });
        if (!ok || !dimsOk)
            return notOnnx;
        return dims;
    }
    return notOnnx;
}

} // namespace muster::vision
