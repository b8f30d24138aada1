#include "poppler_shim.h"

#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-embedded-file.h>
#include <poppler/cpp/poppler-global.h>
#include <poppler/cpp/poppler-page-renderer.h>
#include <poppler/cpp/poppler-page.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct gps_document {
    std::vector<char> bytes;  // poppler reads from this buffer for the document's whole life
    std::unique_ptr<poppler::document> doc;
    std::vector<std::string> messages;
    int messageCount = 0;
};

struct gps_words {
    struct Word { std::string text; double x, y, w, h; };
    std::vector<Word> list;
};

namespace {
std::mutex popplerLock;
gps_document *current = nullptr;  // the document whose call is running (under popplerLock)
const size_t keptMessages = 8;

// Poppler prints syntax errors to stderr by default; they are collected per document instead.
void collect(const std::string &message, void *) {
    if (!current) return;
    current->messageCount++;
    if (current->messages.size() < keptMessages) current->messages.push_back(message.substr(0, 200));
}

struct Scope {
    std::lock_guard<std::mutex> guard{popplerLock};
    explicit Scope(gps_document *doc) {
        poppler::set_debug_error_function(collect, nullptr);
        current = doc;
    }
    ~Scope() { current = nullptr; }
};

bool validPage(gps_document *doc, int index) { return doc && doc->doc && index >= 0 && index < doc->doc->pages(); }

// Size as rendered: the crop box, turned by the page's /Rotate.
bool renderedSize(poppler::page &page, double &width, double &height) {
    poppler::rectf box = page.page_rect(poppler::crop_box);
    width = box.width();
    height = box.height();
    poppler::page::orientation_enum o = page.orientation();
    if (o == poppler::page::landscape || o == poppler::page::seascape) std::swap(width, height);
    return width > 0 && height > 0 && width < 1e7 && height < 1e7;
}
}  // namespace

extern "C" gps_document *gps_open(const uint8_t *bytes, size_t length, int *status) {
    *status = GPS_FAILED;
    if (!bytes || length == 0 || length > 0x7fffffff) { *status = GPS_INVALID; return nullptr; }
    // Every other call needs a document from here, so this is the one place that opens poppler-cpp.
    if (!giro_poppler_available()) { *status = GPS_UNAVAILABLE; return nullptr; }
    try {
        auto holder = std::make_unique<gps_document>();
        holder->bytes.assign(reinterpret_cast<const char *>(bytes), reinterpret_cast<const char *>(bytes) + length);
        Scope scope(holder.get());
        holder->doc.reset(poppler::document::load_from_raw_data(holder->bytes.data(), int(length)));
        if (!holder->doc) { *status = GPS_INVALID; return nullptr; }
        if (holder->doc->is_locked()) {
            holder->doc.reset();  // freed under the lock, like every poppler call
            *status = GPS_ENCRYPTED;
            return nullptr;
        }
        *status = GPS_OK;
        return holder.release();
    } catch (...) {
        return nullptr;
    }
}

extern "C" void gps_close(gps_document *doc) {
    if (!doc) return;
    Scope scope(doc);
    delete doc;  // the poppler document first (member order), then the bytes it read from
}

extern "C" int gps_page_count(gps_document *doc) {
    if (!doc || !doc->doc) return 0;
    Scope scope(doc);
    try { return std::max(0, doc->doc->pages()); } catch (...) { return 0; }
}

extern "C" int gps_page_size(gps_document *doc, int index, double *width, double *height) {
    Scope scope(doc);
    try {
        if (!validPage(doc, index)) return 0;
        std::unique_ptr<poppler::page> page(doc->doc->create_page(index));
        return page && renderedSize(*page, *width, *height) ? 1 : 0;
    } catch (...) {
        return 0;
    }
}

extern "C" int gps_render_gray(gps_document *doc, int index, double dpi, uint8_t *out, int width, int height) {
    if (!out || width <= 0 || height <= 0) return 0;
    Scope scope(doc);
    try {
        if (!validPage(doc, index)) return 0;
        std::unique_ptr<poppler::page> page(doc->doc->create_page(index));
        if (!page) return 0;
        poppler::page_renderer renderer;
        // No anti-aliasing: vector-drawn modules stay black and white, with sharp edges.
        renderer.set_render_hints(0);
        renderer.set_image_format(poppler::image::format_gray8);
        poppler::image image = renderer.render_page(page.get(), dpi, dpi);
        if (!image.is_valid() || image.format() != poppler::image::format_gray8) return 0;
        const int rows = std::min(height, image.height()), columns = std::min(width, image.width());
        const int stride = image.bytes_per_row();
        const char *data = image.const_data();
        if (!data || stride < columns) return 0;
        std::memset(out, 255, size_t(width) * size_t(height));
        for (int y = 0; y < rows; y++) std::memcpy(out + size_t(y) * size_t(width), data + size_t(y) * size_t(stride), size_t(columns));
        return 1;
    } catch (...) {
        return 0;
    }
}

extern "C" gps_words *gps_words_read(gps_document *doc, int index) {
    Scope scope(doc);
    try {
        if (!validPage(doc, index)) return nullptr;
        std::unique_ptr<poppler::page> page(doc->doc->create_page(index));
        if (!page) return nullptr;
        auto words = std::make_unique<gps_words>();
        for (const poppler::text_box &box : page->text_list()) {
            poppler::byte_array utf8 = box.text().to_utf8();
            poppler::rectf r = box.bbox();
            words->list.push_back({std::string(utf8.begin(), utf8.end()), r.x(), r.y(), r.width(), r.height()});
        }
        return words.release();
    } catch (...) {
        return nullptr;
    }
}

extern "C" int gps_words_count(const gps_words *words) { return words ? int(words->list.size()) : 0; }

extern "C" int gps_words_get(const gps_words *words, int i, const char **text, int *length,
                             double *x, double *y, double *w, double *h) {
    if (!words || i < 0 || size_t(i) >= words->list.size()) return 0;
    const gps_words::Word &word = words->list[size_t(i)];
    *text = word.text.data();
    *length = int(word.text.size());
    *x = word.x; *y = word.y; *w = word.w; *h = word.h;
    return 1;
}

extern "C" void gps_words_free(gps_words *words) { delete words; }

extern "C" int gps_message_count(const gps_document *doc) { return doc ? doc->messageCount : 0; }

extern "C" const char *gps_message(const gps_document *doc, int index) {
    if (!doc || index < 0 || size_t(index) >= doc->messages.size()) return nullptr;
    return doc->messages[size_t(index)].c_str();
}

// Embedded files (e-invoices in PDF/A-3). The declared size is checked before the data is copied out.
struct gps_attachments {
    struct File { std::string name, mime; std::vector<char> data; bool read; int declared; };
    std::vector<File> list;
};

extern "C" gps_attachments *gps_attachments_read(gps_document *doc, int max_count, int max_bytes, int read_undeclared) {
    if (!doc || !doc->doc || max_count <= 0) return nullptr;
    try {
        Scope scope(doc);
        if (!doc->doc->has_embedded_files()) return nullptr;
        auto out = std::make_unique<gps_attachments>();
        for (poppler::embedded_file *file : doc->doc->embedded_files()) {
            if (!file || !file->is_valid()) continue;
            if (int(out->list.size()) >= max_count) break;
            gps_attachments::File f;
            f.name = file->name().substr(0, 255);
            f.mime = file->mime_type().substr(0, 127);
            f.declared = file->size();
            f.read = false;
            if ((f.declared >= 0 && f.declared <= max_bytes) || (f.declared < 0 && read_undeclared)) {
                poppler::byte_array bytes = file->data();
                if (int64_t(bytes.size()) <= int64_t(max_bytes)) { f.data.assign(bytes.begin(), bytes.end()); f.read = true; }
            }
            out->list.push_back(std::move(f));
        }
        return out.release();
    } catch (...) {
        return nullptr;
    }
}

extern "C" int gps_attachments_count(const gps_attachments *list) { return list ? int(list->list.size()) : 0; }

extern "C" int gps_attachments_get(const gps_attachments *list, int i, const char **name, int *name_length, const char **mime,
                                   const uint8_t **data, int *length, int *declared_size) {
    if (!list || i < 0 || i >= int(list->list.size())) return 0;
    const gps_attachments::File &f = list->list[size_t(i)];
    *name = f.name.data();
    *name_length = int(f.name.size());
    *mime = f.mime.c_str();
    *data = f.read ? reinterpret_cast<const uint8_t *>(f.data.data()) : nullptr;
    *length = f.read ? int(f.data.size()) : 0;
    *declared_size = f.declared;
    return 1;
}

extern "C" void gps_attachments_free(gps_attachments *list) { delete list; }
