#include "calibration/PdfWriter.h"

#include <opencv2/imgcodecs.hpp>

#include <cstdio>
#include <sstream>
#include <vector>

namespace muster::calibration {

namespace {

constexpr double kPointsPerMm = 72.0 / 25.4;

// Collects numbered objects and remembers where each starts, for the cross-reference table.
class PdfBuilder {
public:
    PdfBuilder() { m_out << "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n"; }

    void object(int number, const std::string& body, const std::string& stream = {}, bool hasStream = false) {
        if (static_cast<int>(m_offsets.size()) < number)
            m_offsets.resize(number, 0);
        m_offsets[number - 1] = static_cast<long>(m_out.tellp());
        m_out << number << " 0 obj\n" << body << "\n";
        if (hasStream) {
            m_out << "stream\n";
            m_out.write(stream.data(), static_cast<std::streamsize>(stream.size()));
            m_out << "\nendstream\n";
        }
        m_out << "endobj\n";
    }

    std::string finish(int rootObject) {
        const long xref = static_cast<long>(m_out.tellp());
        m_out << "xref\n0 " << m_offsets.size() + 1 << "\n0000000000 65535 f \n";
        for (long offset : m_offsets) {
            char line[21];
            std::snprintf(line, sizeof line, "%010ld 00000 n \n", offset);
            m_out << line;
        }
        m_out << "trailer\n<< /Size " << m_offsets.size() + 1 << " /Root " << rootObject
              << " 0 R >>\nstartxref\n"
              << xref << "\n%%EOF\n";
        return m_out.str();
    }

private:
    std::ostringstream m_out;
    std::vector<long> m_offsets;
};

} // namespace

Result<std::string> singleImagePdf(const cv::Mat& image, cv::Size2f pageMm, int jpegQuality) {
    if (image.empty() || image.depth() != CV_8U || (image.channels() != 1 && image.channels() != 3))
        return Error{"the PDF page image must be a non-empty 8-bit grey or colour image"};
    if (pageMm.width <= 0 || pageMm.height <= 0)
        return Error{"the PDF page size must be positive"};
    std::vector<unsigned char> jpeg;
    if (!cv::imencode(".jpg", image, jpeg, {cv::IMWRITE_JPEG_QUALITY, jpegQuality}))
        return Error{"could not encode the page image as JPEG"};

    const double w = pageMm.width * kPointsPerMm;
    const double h = pageMm.height * kPointsPerMm;
    std::ostringstream size, content;
    size.setf(std::ios::fixed);
    size.precision(2);
    size << w << " " << h;
    content.setf(std::ios::fixed);
    content.precision(2);
    content << "q " << w << " 0 0 " << h << " 0 0 cm /Im0 Do Q"; // scale the unit image square to the page

    PdfBuilder pdf;
    pdf.object(1, "<< /Type /Catalog /Pages 2 0 R >>");
    pdf.object(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
    pdf.object(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + size.str() +
                      "] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>");
    std::ostringstream imageDict;
    imageDict << "<< /Type /XObject /Subtype /Image /Width " << image.cols << " /Height " << image.rows
              << " /ColorSpace " << (image.channels() == 1 ? "/DeviceGray" : "/DeviceRGB")
              << " /BitsPerComponent 8 /Filter /DCTDecode /Length " << jpeg.size() << " >>";
    pdf.object(4, imageDict.str(), std::string(jpeg.begin(), jpeg.end()), true);
    pdf.object(5, "<< /Length " + std::to_string(content.str().size()) + " >>", content.str(), true);
    return pdf.finish(1);
}

} // namespace muster::calibration
