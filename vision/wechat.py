"""OpenCV's WeChat QR code reader (a CNN detector and a CNN super-resolution model in front
of a zxing port), behind the same `decode(image) -> [Code]` interface as the other backends.

It is optional: it needs OpenCV's contrib modules (the `opencv-contrib-python-headless`
wheel in place of `opencv-python-headless`, never both) and the WeChat team's model files,
which are not in this repository. OpenCV 5 no longer reads Caffe models, and the published
models are Caffe files, so with them it needs a 4.x contrib wheel; OpenCV 5 takes ONNX
models (`detect.onnx`, `sr.onnx`) when they are in the folder. Where anything is missing,
the decoder says what and how to get it (`available`, `reason`) instead of failing;
vision/README.md ("OpenCV's WeChat QR reader") has the steps and checksums.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

import cv2
import numpy as np

from .codes import Code

MODELS_ENV = "COMPANION_WECHAT_MODELS"
DEFAULT_MODELS = Path("~/data/wechat_qrcode")
# The published files (WeChatCV/opencv_3rdparty, branch wechat_qrcode, commit a8b69cc), MD5
# as that repository lists them: a truncated or different file is named, not half-loaded.
CAFFE_MODELS = {
    "detect.prototxt": "6fb4976b32695f9f5c6305c19f12537d",
    "detect.caffemodel": "238e2b2d6f3c18d6c3a30de0c31e23cf",
    "sr.prototxt": "69db99927a70df953b471daaba03fbef",
    "sr.caffemodel": "cbfcd60361a73beb8c583eea7e8e6664",
}
ONNX_MODELS = ("detect.onnx", "sr.onnx")
HOW_TO_GET = 'see vision/README.md, "OpenCV\'s WeChat QR reader"'


def models_folder(folder: str | Path | None = None) -> Path:
    """The model folder: the one given, else $COMPANION_WECHAT_MODELS, else ~/data/wechat_qrcode."""
    chosen = folder or os.environ.get(MODELS_ENV) or DEFAULT_MODELS
    return Path(chosen).expanduser()


def caffe_problem(folder: Path) -> str:
    """What is wrong with the Caffe model files in `folder` ("" when all four are right)."""
    for name, md5 in CAFFE_MODELS.items():
        path = folder / name
        if not path.is_file():
            return f"{path} is missing"
        if hashlib.md5(path.read_bytes()).hexdigest() != md5:
            return f"{path} is not the published file (its MD5 is not {md5})"
    return ""


class WeChatDecoder:
    name = "wechat"

    def __init__(self, folder: str | Path | None = None):
        self.folder = models_folder(folder)
        self._reader = None
        self.available, self.reason = False, ""
        if not hasattr(cv2, "wechat_qrcode_WeChatQRCode"):
            self.reason = (
                f"OpenCV {cv2.__version__} here has no WeChat QR reader: it is in OpenCV's "
                f"contrib modules (opencv-contrib-python-headless, in place of "
                f"opencv-python-headless); {HOW_TO_GET}"
            )
            return
        try:
            self._reader = self._load()
        except cv2.error as exc:
            self.reason = f"OpenCV could not load the WeChat models in {self.folder}: {exc}"
            return
        self.available = self._reader is not None

    def _load(self):
        """The reader with both CNN models, or None with `reason` set."""
        folder = self.folder
        if cv2.__version__.startswith("4."):  # four Caffe files
            problem = caffe_problem(folder)
            if problem:
                self.reason = f"WeChat QR models: {problem}; {HOW_TO_GET}"
                return None
            paths = [str(folder / name) for name in CAFFE_MODELS]
            return cv2.wechat_qrcode_WeChatQRCode(*paths)
        missing = [name for name in ONNX_MODELS if not (folder / name).is_file()]
        if missing:
            self.reason = (
                f"OpenCV {cv2.__version__} reads the WeChat models only as ONNX "
                f"({', '.join(missing)} not in {folder}); the published Caffe models need "
                f"OpenCV 4.x contrib; {HOW_TO_GET}"
            )
            return None
        return cv2.wechat_qrcode_WeChatQRCode(*(str(folder / name) for name in ONNX_MODELS))

    def decode(self, image: np.ndarray) -> list[Code]:
        if self._reader is None:
            return []
        if image.ndim == 2:  # the reader converts BGR itself; give it what it expects
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        texts, quads = self._reader.detectAndDecode(np.ascontiguousarray(image))
        codes = []
        for text, quad in zip(texts, quads):
            if not text:
                continue
            corners = np.asarray(quad, np.float32).reshape(4, 2)
            codes.append(Code(text, corners, self.name, text.encode("utf-8")))
        return codes


@functools.lru_cache(maxsize=4)
def shared_decoder(folder: str | None = None) -> WeChatDecoder:
    """One loaded reader per model folder and process: `companion decode` builds a photo
    reader per photo, and loading the two networks each time would cost more than reading."""
    return WeChatDecoder(models_folder(folder))
