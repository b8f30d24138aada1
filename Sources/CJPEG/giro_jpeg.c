#include "giro_jpeg.h"

#include <stdio.h>  /* jpeglib.h uses FILE without including it */
#include <jpeglib.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} giro_error_mgr;

static void giro_error_exit(j_common_ptr cinfo) {
    giro_error_mgr *mgr = (giro_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, mgr->message);
    longjmp(mgr->jump, 1);
}

// Warnings (corrupt data that libjpeg recovers from) are tolerated silently.
static void giro_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void copy_error(char *err, int cap, const char *message) {
    if (err && cap > 0) snprintf(err, (size_t)cap, "%s", message);
}

// Errors longjmp back to the caller's setjmp (which must stay in the caller's frame).
static void init_errors(struct jpeg_decompress_struct *cinfo, giro_error_mgr *mgr) {
    memset(cinfo, 0, sizeof *cinfo);
    cinfo->err = jpeg_std_error(&mgr->base);
    mgr->base.error_exit = giro_error_exit;
    mgr->base.output_message = giro_output_message;
    mgr->message[0] = 0;
}

int giro_jpeg_dimensions(const uint8_t *data, size_t length, int *width, int *height,
                         char *err, int errCapacity) {
    if (!giro_libjpeg_available()) { copy_error(err, errCapacity, giro_libjpeg_load_error()); return 3; }
    struct jpeg_decompress_struct cinfo;
    giro_error_mgr mgr;
    init_errors(&cinfo, &mgr);
    if (setjmp(mgr.jump)) {
        copy_error(err, errCapacity, mgr.message);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

// color: a colour file comes out as RGB (3 bytes a pixel; CMYK converted), a gray one as gray; *components says which.
static int decode(const uint8_t *data, size_t length, long long maxPixels, int color,
                  uint8_t **pixels, int *width, int *height, int *components_out, char *err, int errCapacity) {
    if (!giro_libjpeg_available()) { copy_error(err, errCapacity, giro_libjpeg_load_error()); return 3; }
    struct jpeg_decompress_struct cinfo;
    giro_error_mgr mgr;
    // volatile: these change after setjmp and are read after a longjmp.
    uint8_t *volatile gray = NULL;
    uint8_t *volatile row = NULL;
    *pixels = NULL;
    init_errors(&cinfo, &mgr);
    if (setjmp(mgr.jump)) {
        copy_error(err, errCapacity, mgr.message);
        free(gray);
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    long long w = cinfo.image_width, h = cinfo.image_height;
    if (w <= 0 || h <= 0 || w * h > maxPixels) {
        copy_error(err, errCapacity, "too_large");
        jpeg_destroy_decompress(&cinfo);
        return 2;
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    int rgb = color && !cmyk && cinfo.num_components == 3;
    cinfo.out_color_space = cmyk ? JCS_CMYK : (rgb ? JCS_RGB : JCS_GRAYSCALE);
    jpeg_start_decompress(&cinfo);
    int components = cinfo.output_components;
    int stored = (color && (cmyk || rgb)) ? 3 : 1;
    if ((long long)cinfo.output_width != w || (long long)cinfo.output_height != h
        || (components != 1 && components != 3 && components != 4) || (components == 3) != rgb) {
        copy_error(err, errCapacity, "unexpected output geometry");
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    gray = calloc((size_t)(w * h * stored), 1);
    row = malloc((size_t)(w * components));
    if (!gray || !row) {
        copy_error(err, errCapacity, "out of memory");
        free(gray);
        free(row);
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        long long y = cinfo.output_scanline;
        JSAMPROW rows[1] = { row };
        if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) break;
        uint8_t *dst = gray + y * w * stored;
        if (components == 1 || components == 3) {
            memcpy(dst, row, (size_t)(w * components));
        } else if (stored == 3) {
            for (long long x = 0; x < w; ++x) {
                const uint8_t *p = row + x * 4;
                dst[3 * x] = (uint8_t)((unsigned)p[0] * p[3] / 255);
                dst[3 * x + 1] = (uint8_t)((unsigned)p[1] * p[3] / 255);
                dst[3 * x + 2] = (uint8_t)((unsigned)p[2] * p[3] / 255);
            }
        } else {
            // Adobe CMYK JPEGs are stored inverted: each byte is 255 - ink, so RGB = k * c etc.
            for (long long x = 0; x < w; ++x) {
                const uint8_t *p = row + x * 4;
                unsigned r = (unsigned)p[0] * p[3] / 255, g = (unsigned)p[1] * p[3] / 255, b = (unsigned)p[2] * p[3] / 255;
                dst[x] = (uint8_t)((r * 77 + g * 150 + b * 29) >> 8);
            }
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *pixels = gray;
    *width = (int)w;
    *height = (int)h;
    *components_out = stored;
    return 0;
}

int giro_jpeg_decode_gray(const uint8_t *data, size_t length, long long maxPixels,
                          uint8_t **pixels, int *width, int *height, char *err, int errCapacity) {
    int components = 1;
    return decode(data, length, maxPixels, 0, pixels, width, height, &components, err, errCapacity);
}

int giro_jpeg_decode_color(const uint8_t *data, size_t length, long long maxPixels,
                           uint8_t **pixels, int *width, int *height, int *components, char *err, int errCapacity) {
    return decode(data, length, maxPixels, 1, pixels, width, height, components, err, errCapacity);
}

void giro_jpeg_free(uint8_t *pixels) { free(pixels); }
