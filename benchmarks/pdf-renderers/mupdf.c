/* Throwaway: render every page gray at DPI with MuPDF, list words; print ms/page. */
#include <mupdf/fitz.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static int noise = 0;
static void quiet(void *u, const char *m) { (void)u; (void)m; noise++; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
int main(int argc, char **argv) {
  fz_context *ctx = fz_new_context(NULL, NULL, FZ_STORE_DEFAULT);
  fz_set_warning_callback(ctx, quiet, NULL);
  fz_set_error_callback(ctx, quiet, NULL);
  fz_register_document_handlers(ctx);
  float dpi = 300;
  for (int i = 1; i < argc; i++) {
    fz_document *doc = NULL; fz_buffer *buf = NULL; fz_stream *st = NULL;
    double t0 = now(); int n = 0, words = 0;
    fz_try(ctx) {
      buf = fz_read_file(ctx, argv[i]);
      st = fz_open_buffer(ctx, buf);
      doc = fz_open_document_with_stream(ctx, "application/pdf", st);
      if (fz_needs_password(ctx, doc)) { printf("%s: locked\n", argv[i]); }
      else {
        n = fz_count_pages(ctx, doc);
        for (int p = 0; p < n && p < 50; p++) {
          fz_page *pg = fz_load_page(ctx, doc, p);
          fz_rect b = fz_bound_page(ctx, pg);
          if ((b.x1 - b.x0) * dpi / 72 * (b.y1 - b.y0) * dpi / 72 <= 50e6) {
            fz_pixmap *pix = fz_new_pixmap_from_page(ctx, pg, fz_scale(dpi / 72, dpi / 72), fz_device_gray(ctx), 0);
            fz_drop_pixmap(ctx, pix);
            fz_stext_page *tp = fz_new_stext_page_from_page(ctx, pg, NULL);
            for (fz_stext_block *bl = tp->first_block; bl; bl = bl->next)
              if (bl->type == FZ_STEXT_BLOCK_TEXT) for (fz_stext_line *l = bl->u.t.first_line; l; l = l->next) words++;
            fz_drop_stext_page(ctx, tp);
          }
          fz_drop_page(ctx, pg);
        }
        double ms = now() - t0;
        printf("%s: %d pages %.1f ms/page lines %d noise %d\n", argv[i], n, n ? ms / n : ms, words, noise);
      }
    } fz_always(ctx) { fz_drop_document(ctx, doc); fz_drop_stream(ctx, st); fz_drop_buffer(ctx, buf); }
    fz_catch(ctx) { printf("%s: error %s (noise %d)\n", argv[i], fz_caught_message(ctx), noise); }
  }
  fz_drop_context(ctx);
}
