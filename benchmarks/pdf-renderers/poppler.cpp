// Throwaway: render every page gray at DPI with poppler-cpp, list words; print ms/page.
#include <poppler-document.h>
#include <poppler-page.h>
#include <poppler-page-renderer.h>
#include <poppler-global.h>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>
static int noise = 0;
static void quiet(const std::string &, void *) { noise++; }
int main(int argc, char **argv) {
  poppler::set_debug_error_function(quiet, nullptr);
  double dpi = 300;
  for (int i = 1; i < argc; i++) {
    std::ifstream in(argv[i], std::ios::binary);
    std::vector<char> data((std::istreambuf_iterator<char>(in)), {});
    auto t0 = std::chrono::steady_clock::now();
    poppler::document *doc = poppler::document::load_from_raw_data(data.data(), (int)data.size());
    if (!doc) { printf("%s: open failed (noise %d)\n", argv[i], noise); continue; }
    if (doc->is_locked()) { printf("%s: locked\n", argv[i]); delete doc; continue; }
    int n = doc->pages(), words = 0;
    for (int p = 0; p < n && p < 50; p++) {
      poppler::page *pg = doc->create_page(p);
      if (!pg) continue;
      auto r = pg->page_rect();
      if (r.width() * dpi / 72 * r.height() * dpi / 72 > 50e6) { delete pg; continue; }
      poppler::page_renderer pr;
      pr.set_image_format(poppler::image::format_gray8);
      poppler::image img = pr.render_page(pg, dpi, dpi);
      words += (int)pg->text_list().size();
      delete pg;
    }
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    printf("%s: %d pages %.1f ms/page words %d noise %d\n", argv[i], n, n ? ms / n : ms, words, noise);
    delete doc;
  }
}
