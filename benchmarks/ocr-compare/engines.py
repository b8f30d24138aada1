"""The engines compared, each reading one gray zone crop (numpy uint8, H×W) to one line of text.

Tesseract is called in process through libtesseract's C API (ctypes), as Giro's TesseractEngine does: one
initialised engine per configuration, reused across crops, settings set per call. RapidOCR's PP-OCRv4 recogniser
runs alone (no detection, no angle classifier: the crop is one line) on onnxruntime with one thread, like
Tesseract's one-thread-per-call use in Giro.
"""
import ctypes, ctypes.util, os

PSM_NAMES = {6: "block", 7: "line", 8: "word", 13: "raw line"}


class Tesseract:
    def __init__(self, tessdata, lang, oem, psm, whitelist_by_kind=None):
        name = ctypes.util.find_library("tesseract") or "libtesseract.so.5"
        self.lib = lib = ctypes.CDLL(name)
        lib.TessBaseAPICreate.restype = ctypes.c_void_p
        lib.TessBaseAPIInit2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int]
        lib.TessBaseAPISetVariable.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
        lib.TessBaseAPISetPageSegMode.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.TessBaseAPISetImage.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        lib.TessBaseAPISetSourceResolution.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.TessBaseAPIGetUTF8Text.argtypes = [ctypes.c_void_p]
        lib.TessBaseAPIGetUTF8Text.restype = ctypes.c_void_p
        lib.TessDeleteText.argtypes = [ctypes.c_void_p]
        lib.TessBaseAPIClear.argtypes = [ctypes.c_void_p]
        lib.TessBaseAPIEnd.argtypes = [ctypes.c_void_p]
        lib.TessBaseAPIDelete.argtypes = [ctypes.c_void_p]
        self.handle = lib.TessBaseAPICreate()
        if lib.TessBaseAPIInit2(self.handle, tessdata.encode(), lang.encode(), oem) != 0:
            raise RuntimeError(f"Tesseract cannot load {lang} (oem {oem}) from {tessdata}")
        lib.TessBaseAPISetVariable(self.handle, b"debug_file", b"/dev/null")
        self.psm = psm
        self.whitelist_by_kind = whitelist_by_kind or {}

    def read(self, gray, kind):
        lib, h = self.lib, self.handle
        lib.TessBaseAPISetPageSegMode(h, self.psm)
        lib.TessBaseAPISetVariable(h, b"tessedit_char_whitelist", self.whitelist_by_kind.get(kind, "").encode())
        height, width = gray.shape
        lib.TessBaseAPISetImage(h, gray.tobytes(), width, height, 1, width)
        lib.TessBaseAPISetSourceResolution(h, 300)
        ptr = lib.TessBaseAPIGetUTF8Text(h)
        text = ctypes.string_at(ptr).decode("utf-8", "replace") if ptr else ""
        if ptr:
            lib.TessDeleteText(ptr)
        lib.TessBaseAPIClear(h)
        return " ".join(text.split())

    def close(self):
        self.lib.TessBaseAPIEnd(self.handle)
        self.lib.TessBaseAPIDelete(self.handle)


class RapidRec:
    """PP-OCRv4 recognition (the model in the rapidocr_onnxruntime wheel) through the package's own recogniser."""

    def __init__(self):
        import numpy as np
        import rapidocr_onnxruntime
        from rapidocr_onnxruntime.ch_ppocr_rec.text_recognize import TextRecognizer
        self.np = np
        base = os.path.dirname(rapidocr_onnxruntime.__file__)
        self.model = os.path.join(base, "models", "ch_PP-OCRv4_rec_infer.onnx")
        self.rec = TextRecognizer({"model_path": self.model, "intra_op_num_threads": 1, "inter_op_num_threads": 1,
                                   "use_cuda": False, "use_dml": False, "rec_img_shape": [3, 48, 320], "rec_batch_num": 1})

    def read(self, gray, kind):
        rgb = self.np.repeat(gray[:, :, None], 3, axis=2)
        (text, _score), = self.rec([rgb])[0]
        return " ".join(text.split())

    def close(self):
        pass
