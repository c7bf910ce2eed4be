#!/usr/bin/python3
"""The AprilTag 3 C library (Debian python3-apriltag) as the camera-real bench's yardstick.

Reads frames from stdin, each a line "WIDTH HEIGHT\n" then WIDTH*HEIGHT grey bytes; prints one JSON line per frame:
[{"id", "corners": [[x, y] x4], "margin", "hamming"}], the corners in the official AprilTag image's order (its
top-left first, clockwise) with pixel centres at integer coordinates, as `quarterdeck camera detect` gives them.
The library's own defaults (python3-apriltag: decimate 1, no blur, edges refined, up to 1 bit corrected).
"""
import json
import sys

import numpy as np
from apriltag import apriltag

detector = apriltag("tag36h11")
inp = sys.stdin.buffer
while True:
    head = inp.readline()
    if not head:
        break
    w, h = (int(v) for v in head.split())
    img = np.frombuffer(inp.read(w * h), dtype=np.uint8).reshape(h, w)
    out = []
    for d in detector.detect(img):
        # The library's lb-rb-rt-lt corners (counter-clockwise from the tag's bottom-left, seen in the image) to the
        # official image's top-left first, clockwise; its pixel centres are at half-integers.
        lb, rb, rt, lt = (d["lb-rb-rt-lt"][k] for k in range(4))
        corners = [[float(p[0]) - 0.5, float(p[1]) - 0.5] for p in (lt, rt, rb, lb)]
        out.append({"id": int(d["id"]), "corners": corners, "margin": float(d["margin"]), "hamming": int(d["hamming"])})
    print(json.dumps(out), flush=True)
